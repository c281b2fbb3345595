import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// Draws the kiosk: a pure function from the controller's state to a frame.
///
/// Every screen has the same frame: the office and the live clock at the top, the WiFi line
/// and a hint at the bottom, the screen's own content between. Untrusted text (names, SSIDs)
/// is sanitised by `Frame.render`, the one place the kiosk writes to the terminal.
struct KioskView {
    var officeName: String
    var zone: LocalZone
    /// The Linux console's font lacks ✓, ✗ and ●: plain ASCII there.
    var asciiOnly: Bool

    func frame(for controller: KioskController, size: TerminalSize, now: Date) -> Frame {
        let width = size.columns
        let words = controller.words
        var frame = Frame()
        let local = zone.localDateTime(of: now)
        let clock = "\(words.longDate(local.date))  \(local.time):\(String(format: "%02d", local.second))"
        let office = officeName.truncated(toWidth: max(10, width - clock.terminalWidth - 3))
        frame.add([
            Span(" " + office, TextStyle(isBold: true)),
            Span(String(repeating: " ", count: max(1, width - office.terminalWidth - clock.terminalWidth - 2))),
            Span(clock, TextStyle(isBold: true)),
        ])
        frame.add(String(repeating: asciiOnly ? "-" : "─", count: width), TextStyle(color: .grey))

        var body = Frame()
        let hint: String
        switch controller.screen {
        case .idle:
            // On a screen too small for both, the code prompt stays and the big clock goes (the
            // header still shows the time): no one should type their code blind.
            let bigClock = BigText.rows("\(local.time)")
            if size.rows - 4 >= bigClock.count + 1 {
                for row in bigClock { body.addCentered([Span(row, TextStyle(color: .cyan))], width: width) }
                body.blank(2)
            }
            body.addCentered(
                [
                    Span(words.tr("Employee code: "), TextStyle(isBold: true)),
                    Span(controller.typed + "_", TextStyle.plain),
                ],
                width: width)
            if let warning = controller.centralWarning {
                body.blank()
                body.addCenteredWrapping(
                    KioskMessage.wording(of: warning, words), TextStyle(color: .yellow), width: width)
            }
            hint = words.tr("Type your employee code and press Enter.")
        case .pin(_, let code):
            body.addCentered([Span(words.tr("Code {code}", ["code": code]))], width: width)
            body.blank()
            body.addCentered(maskedPIN(words.tr("PIN: "), controller.typed), width: width)
            hint = words.tr("Type your PIN and press Enter. Esc cancels.")
        case .newPIN(_, let form):
            // Two lines, one sentence each, so that neither breaks off a lone word on a narrow screen.
            body.addCenteredWrapping(
                words.tr("Your PIN was handed to you on a slip."), TextStyle(isBold: true), width: width)
            body.addCenteredWrapping(words.tr("Choose a PIN of your own now."), TextStyle(isBold: true), width: width)
            body.blank()
            body.addCentered(maskedPIN(words.tr("New PIN: "), form.first ?? form.typed), width: width)
            if form.isAgain { body.addCentered(maskedPIN(words.tr("Again: "), form.typed), width: width) }
            if let problem = form.problem {
                body.blank()
                body.addCenteredWrapping(problem, TextStyle(color: .red, isBold: true), width: width)
            }
            hint = words.tr("Type 4 to 8 digits and press Enter. Esc cancels.")
        case .menu(let employee, let today, let selection):
            body.blank()
            // A name too long for the line is cut with "…" before the code is: the code is what
            // tells two people with the same long name apart.
            let code = " (\(employee.code))"
            let greeting = words.tr("Hi {name}", ["name": ""])
            let name = employee.name.rawValue.truncated(
                toWidth: max(8, width - 2 - greeting.terminalWidth - code.terminalWidth))
            body.addCentered(
                [Span(words.tr("Hi {name}", ["name": name]) + code, TextStyle(isBold: true))], width: width)
            body.blank()
            body.addCentered([Span(today.headline(words))], width: width)
            if let late = today.minutesLate, late > 0, today.day.firstIn != nil {
                body.addCentered(
                    [
                        Span(
                            words.tr("late by {duration} today", ["duration": MarkWording.duration(Double(late) * 60)]),
                            TextStyle(color: .yellow))
                    ],
                    width: width)
            }
            for gap in today.gapLines(words).suffix(2) {
                body.addCentered([Span(gap, TextStyle(color: .grey))], width: width)
            }
            if let missing = today.missingLine(words) {
                body.addCenteredWrapping(missing, TextStyle(color: .yellow), width: width)
            }
            for line in today.requestLines(words) {
                body.addCenteredWrapping(line, TextStyle(color: .cyan), width: width)
            }
            if KioskController.justMarkedIn(today, now: now) {
                body.addCenteredWrapping(
                    words.tr("You marked IN only minutes ago: press O only if you are leaving now."),
                    TextStyle(color: .yellow),
                    width: width)
            }
            body.blank()
            for (index, action) in KioskController.actions(for: today).enumerated() {
                let selected = index == selection
                let label = "  [\(action.key.uppercased())] \(action.label(words))  "
                let style = TextStyle(
                    color: action == .markIn ? .green : action == .markOut ? .blue : nil, isBold: selected,
                    isInverse: selected)
                body.addCentered([Span(label.padded(toWidth: 22), style)], width: width)
            }
            hint = words.tr("Press a letter, or choose with the arrows and press Enter.")
        case .working(let label):

            body.addCentered([Span(label, TextStyle(isBold: true))], width: width)
            hint = ""
        case .message(let message):
            // An OUT is blue, as Mark OUT is on the menu, and has its own mark: the two confirmations
            // read apart without colour too.
            let isOut = message.kind == .out
            let color: TerminalColor =
                message.tone == .success ? (isOut ? .blue : .green) : message.tone == .neutral ? .cyan : .red
            body.blank()
            if let banner = message.banner, BigText.canDraw(banner), BigText.rows(banner).first?.count ?? 0 <= width {
                for row in BigText.rows(banner) {
                    body.addCentered([Span(row, TextStyle(color: color, isBold: true))], width: width)
                }
                body.blank()
            }
            let mark =
                switch message.tone {
                case .success where isOut: asciiOnly ? "<- " : "← "
                case .success: asciiOnly ? "OK " : "✓ "
                case .refusal: asciiOnly ? "X " : "✗ "
                case .neutral: ""
                }
            body.addCentered(
                [
                    Span(
                        mark + message.title, TextStyle(color: color, isBold: true, isInverse: message.tone == .refusal)
                    )
                ], width: width)
            body.blank()
            for line in message.lines { body.addCenteredWrapping(line, width: width) }
            hint = words.tr("Press Enter, or type the next code.")
        case .request(_, let form):
            body.lines += requestForm(form, words, width: width).lines
            hint = words.tr("Tab: next field. Left/right: the day. Enter on Why: send. Esc: back.")
        case .calendar(_, _, _, let calendar):
            body.add(calendar, indent: 1)
            hint = words.tr("Enter: back. Left and right: other months. Up and down: other flagged days.")
        }

        // Body between the header (2 rows) and the footer (2 rows), clipped to fit. On a small
        // screen the empty lines go first, so that a menu keeps its last actions.
        let room = max(0, size.rows - 4)
        if body.lines.count > room {
            body.lines.removeAll { line in line.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } }
        }
        let top = controller.screen.isList ? 0 : max(0, (room - body.lines.count) / 2)
        frame.blank(top)
        frame.lines += body.lines.prefix(room - top)
        frame.blank(max(0, room - top - body.lines.count))
        frame.add(wifiLine(controller.link, storeFailure: controller.linkStoreFailure, words))
        frame.add(" " + hint, TextStyle(color: .grey))
        return frame
    }

    /// A PIN prompt: its label, then a mark for each digit typed, never the digits.
    func maskedPIN(_ label: String, _ typed: String) -> [Span] {
        let mask = String(repeating: asciiOnly ? "*" : "●", count: typed.count)
        return [Span(label, TextStyle(isBold: true)), Span(mask + "_")]
    }

    /// The request form: its three fields, the one being typed in shown inverse.
    func requestForm(_ form: KioskRequestForm, _ words: Speech, width: Int) -> Frame {
        var body = Frame()
        body.addCentered([Span(words.tr("Ask for a correction"), TextStyle(isBold: true))], width: width)
        body.blank()
        let labels = [
            words.tr("Day:"), words.tr("Left at (HH:MM):"), words.tr("Why:"),
        ]
        let labelWidth = labels.map(\.terminalWidth).max() ?? 0
        let room = max(8, min(50, width - labelWidth - 6))
        let cursor = asciiOnly ? "_" : "▏"
        let values: [(KioskRequestForm.Field, String)] = [
            (.date, "< \(words.shortDate(form.date)) >"),
            (.time, form.time + (form.field == .time ? cursor : "")),
            // The end of a long reason, where the typing is.
            (.reason, String((form.reason + (form.field == .reason ? cursor : "")).suffix(room))),
        ]
        for (label, (field, value)) in zip(labels, values) {
            let selected = form.field == field
            body.addCentered(
                [
                    Span(label.padded(toWidth: labelWidth) + " ", TextStyle(isBold: true)),
                    Span(" " + value.padded(toWidth: room) + " ", TextStyle(isInverse: selected)),
                ], width: width)
        }
        if let problem = form.problem {
            body.blank()
            body.addCenteredWrapping(problem, TextStyle(color: .red, isBold: true), width: width)
        }
        return body
    }

    /// What the kiosk shows when it must not record anything: also drawn on its own when the
    /// store cannot even be opened.
    static func outOfServiceBody(_ reason: String, words: Speech, width: Int) -> Frame {
        var body = Frame()
        body.addCentered(
            [Span(" " + words.tr("OUT OF SERVICE") + " ", TextStyle(color: .red, isBold: true, isInverse: true))],
            width: width)
        body.blank()
        body.addCenteredWrapping(
            words.tr("Attendance cannot be recorded at this kiosk right now."), width: width)
        body.addCenteredWrapping(words.tr("Please tell your manager."), width: width)
        body.blank()
        body.addCenteredWrapping(reason, TextStyle(color: .grey), width: width)
        return body
    }

    func wifiLine(_ link: MarkingService.LinkCheck?, storeFailure: StoreError? = nil, _ words: Speech) -> [Span] {
        let ok = asciiOnly ? "OK" : "✓"
        let no = asciiOnly ? "X" : "✗"
        if let storeFailure {
            return [
                Span(
                    " \(no) "
                        + words.tr("WiFi cannot be checked: {reason}", ["reason": words.sentence(for: storeFailure)]),
                    TextStyle(color: .red))
            ]
        }
        switch link {
        case nil:
            return [Span(" " + words.tr("WiFi: checking…"), TextStyle(color: .grey))]
        case .unavailable(let error)?:
            return [
                Span(
                    " \(no) " + words.tr("WiFi: {reason}", ["reason": words.sentence(for: error)]),
                    TextStyle(color: .red))
            ]
        case .verified(let verdict)?:
            let simulated =
                verdict.link.isSimulated
                ? [
                    Span(" " + words.tr("SIMULATED") + " ", TextStyle(color: .yellow, isBold: true, isInverse: true)),
                    Span(" "),
                ] : []
            let ssid = verdict.link.ssid.isHidden ? words.tr("(hidden)") : verdict.link.ssid.escaped
            let seen = "\(ssid) (\(verdict.link.bssid))"
            switch verdict {
            case .allowed(_, let network):
                return [Span(" ")] + simulated + [
                    Span(
                        "\(ok) "
                            + words.tr("WiFi {network} — {location}", ["network": seen, "location": network.location]),
                        TextStyle(color: .green))
                ]
            case .ssidMismatch, .notAllowed:
                return [Span(" ")] + simulated + [
                    Span("\(no) " + words.tr("WiFi not approved: {network}", ["network": seen]), TextStyle(color: .red))
                ]
            }
        }
    }
}
