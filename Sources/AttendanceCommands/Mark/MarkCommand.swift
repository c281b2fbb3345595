import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceWiFi

/// `attendance mark in|out CODE`: one punch, for scripts and badge readers.
struct MarkCommand: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "mark", Phrase("Mark an employee in or out once (for scripts and badge readers)."),
            discussion: Phrase(
                "The WiFi link is read and checked at that moment, as at the kiosk. When the employee has a PIN (or [kiosk] require_pin is set), it is read from standard input. The punch is reported only after it is stored durably.\n\nExit status: {statuses}. 74 and 75: NOT recorded.",
                ["statuses": ExitStatus.markText(CommandWords.words)]))
    }

    enum Direction: String, ExpressibleByArgument, CaseIterable {
        case `in`, out
        var kind: PunchKind { self == .in ? .in : .out }
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var link: LinkSourceOptions
    @Argument(help: .tr("in or out.")) var direction: Direction
    @Argument(help: .tr("The employee's code.")) var code: String
    @Option(help: .tr("A note to keep with the punch (at most 500 characters).")) var note: String?

    /// The same words for a code that does not exist and a wrong PIN: they must not tell which.
    static func unknownOrWrongPIN(_ words: Speech) -> CommandFailure {
        CommandFailure(words.tr("unknown code or wrong PIN — NOT recorded"), status: .unknownCodeOrPIN)
    }

    /// "E001 Asha Rao was deactivated: last day 2026-11-20 — NOT recorded": why a code cannot mark.
    static func mayNotMark(_ employee: Employee, _ employment: Employment, _ words: Speech) -> String {
        let values = ["employee": "\(employee.code) \(employee.name)"]
        return switch employment {
        case .starts(let date):
            words.tr(
                "{employee} is not employed yet: starts on {date} — NOT recorded",
                values.merging(["date": "\(date)"]) { $1 })
        case .left(let date?):
            words.tr(
                "{employee} was deactivated: last day {date} — NOT recorded",
                values.merging(["date": "\(date)"]) { $1 })
        case .left(nil), .employed, .leaves: words.tr("{employee} was deactivated — NOT recorded", values)
        }
    }

    func run(in context: Context) throws {
        let words = context.words
        let (configuration, store) = try global.open(in: context)
        // Closed as the mark ends, unless it is a desk copy, which is sent up after the command.
        defer { if !context.deskCopies.holds(store) { store.closeForExit() } }
        let note = try FreeText.optional(note, what: Phrase("note"))?.rawValue
        let desk = MarkingService(
            configuration: configuration, store: store,
            linkReader: try link.reader(for: configuration, words: context.words),
            pepperPath: PepperFile.path(storePath: store.path, in: context), now: context.now)
        let employee: Employee
        switch try desk.lookUp(code: code) {
        case .identified(let found):
            employee = found
        case .unknown:
            // No PINs are in use, so a code's existence is no secret: the manager is told why.
            if let (found, employment) = try desk.barredEmployee(code: code) {
                throw CommandFailure(Self.mayNotMark(found, employment, words), status: .unknownCodeOrPIN)
            }
            throw Self.unknownOrWrongPIN(words)
        case .askPIN(let found):
            let pin = context.readSecret("PIN: ") ?? ""
            switch try desk.checkPIN(pin, for: found, code: code) {
            case .accepted:
                guard let found else { throw Self.unknownOrWrongPIN(words) }
                employee = found
            case .rejected: throw Self.unknownOrWrongPIN(words)
            case .wait(let seconds):
                throw CommandFailure(
                    words.tr("too many wrong PINs; try again in {seconds} s — NOT recorded", ["seconds": "\(seconds)"]),
                    status: .locked)
            case .locked:
                throw CommandFailure(
                    words.tr("this code is locked after too many wrong PINs; ask your manager — NOT recorded"),
                    status: .locked)
            }
        }
        let who = "\(employee.code) \(employee.name)"
        switch try desk.mark(direction.kind, employee: employee, note: note) {
        case .recorded(let punch, let details):
            let simulated = details.link.isSimulated ? " [" + words.tr("SIMULATED WiFi") + "]" : ""
            context.out.line(
                words.tr(
                    "{kind} {employee} at {time} on {date} — {summary}",
                    [
                        "kind": punch.kind.label, "employee": who, "time": details.clock,
                        "date": "\(punch.attendanceDate)", "summary": MarkWording.summary(details.summary, words),
                    ])
                    + (MarkWording.notice(details, words).map { " — \($0)" } ?? "")
                    + " (\(details.location)\(simulated))")
            if details.clockWentBack {
                context.err.line(
                    "attendance: "
                        + words.tr("note: this punch is earlier than one already stored; flagged for the manager"))
            }
            if let off = punch.clockOff {
                context.err.line(
                    "attendance: "
                        + words.tr(
                            "note: this kiosk's clock is {offset} of the central store's; flagged for the manager",
                            ["offset": words.clockOffset(minutes: off)]))
            }
        case .duplicate(let previous, let since):
            let zone = configuration.policy.zone
            let time = zone.clockText(of: previous.instant)
            let values = ["kind": previous.kind.label, "employee": who, "time": time]
            guard let since else {
                throw CommandFailure(
                    words.tr("{kind} for {employee} was already recorded at {time}", values), status: .duplicate)
            }
            throw CommandFailure(
                words.tr(
                    "{kind} for {employee} was already recorded at {time}; {since} at {since_time} came after it, so {employee} is marked {since} now — NOT recorded again",
                    values.merging(["since": since.kind.label, "since_time": zone.clockText(of: since.instant)]) {
                        $1
                    }), status: .duplicate)
        case .refused(let refusal):
            // Out already: say since when, as the kiosk's menu does ("out since 13:06 — worked 4h 6m today").
            var since = ""
            if case .notIn = refusal, let today = try? desk.today(for: employee), today.day.lastOut != nil {
                since = " — \(today.headline(words))"
            }
            throw CommandFailure(
                "\(who): \(MarkWording.refusal(refusal, words))\(since)", status: Self.status(of: refusal))
        case .wifiNotAllowed(let verdict):
            throw CommandFailure(WiFiWording.refusal(verdict, words), status: .wifiNotAllowed)
        case .wifiUnavailable(let error):
            throw CommandFailure(
                words.tr("WiFi could not be checked, NOT recorded: {reason}", ["reason": words.sentence(for: error)]),
                status: .noWiFi)
        }
    }

    static func status(of refusal: PunchRefusal) -> ExitStatus {
        switch refusal {
        case .alreadyIn: .alreadyIn
        case .notIn: .notIn
        case .clockBehindMarkIn: .clockBehind
        }
    }
}

/// How WiFi verdicts are put into words, the same at the kiosk and on the command line.
enum WiFiWording {
    static func describe(_ link: WiFiLink, _ words: Speech = .english) -> String {
        let ssid = link.ssid.isHidden ? words.tr("(hidden)") : link.ssid.escaped
        return "SSID \(ssid), BSSID \(link.bssid)\(link.isSimulated ? " [" + words.tr("SIMULATED") + "]" : "")"
    }

    static func refusal(_ verdict: WiFiVerdict, _ words: Speech = .english) -> String {
        switch verdict {
        case .allowed(let link, _):
            return words.tr("allowed: {network}", ["network": describe(link, words)])
        case .ssidMismatch(let link, let expected):
            return words.tr(
                "not an approved office WiFi, NOT recorded: {network} (this BSSID is approved only with SSID {ssid})",
                ["network": describe(link, words), "ssid": expected.escaped])
                + (lookalike(seen: link.ssid, approved: expected).map { "; \($0)" } ?? "")
        case .notAllowed(let link):
            return words.tr("not an approved office WiFi, NOT recorded: {network}", ["network": describe(link, words)])
        }
    }

    /// When the SSID seen and the approved one print the same but are other bytes (a name in
    /// another Unicode normal form, say), the bytes of each; nil when they read differently.
    static func lookalike(seen: SSID, approved: SSID) -> String? {
        guard seen.escaped == approved.escaped, seen != approved else { return nil }
        let hex = { (ssid: SSID) in ssid.bytes.map { String(format: "%02x", $0) }.joined(separator: " ") }
        return "the two names look alike but are different bytes: seen \(hex(seen)), approved \(hex(approved))"
    }
}
