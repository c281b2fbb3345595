import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceWiFi

/// What the kiosk says after a step: big and unambiguous on success, plain words on refusal.
struct KioskMessage {
    enum Tone { case success, neutral, refusal }

    var tone: Tone
    /// The punch a success confirms: IN and OUT are told apart by colour and by their mark.
    var kind: PunchKind?
    /// Large letters ("IN 09:47"), when there is something to confirm.
    var banner: String?
    var title: String
    var lines: [String] = []

    static let unknownCodeOrPIN = KioskMessage(
        tone: .refusal, title: "Unknown code or wrong PIN", lines: ["Nothing was recorded. Please try again."])

    static func wait(_ seconds: Int) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: "Too many wrong PINs",
            lines: ["Please wait \(seconds) second\(seconds == 1 ? "" : "s") before trying again."]
        )
    }

    /// The code stopped marking while its menu was up (deactivated, or its employment ended).
    static func mayNotMark(_ employee: Employee) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: "This code cannot mark today — NOT recorded",
            lines: ["\(employee.name) (\(employee.code))", "Ask your manager."])
    }

    static let locked = KioskMessage(
        tone: .refusal, title: "This code is locked",
        lines: ["Too many wrong PINs were typed. Ask your manager to unlock it."])

    static func storeFailure(_ error: any Error) -> KioskMessage {
        // A busy store is a moment's wait, not the manager's business.
        if let error = error as? StoreError, case .busy = error {
            return KioskMessage(
                tone: .refusal, title: "Busy — NOT recorded",
                lines: ["The store was busy for a moment. Please try again."])
        }
        return KioskMessage(
            tone: .refusal, title: "Could not be saved — NOT recorded",
            lines: ["Tell your manager.", String(describing: error)])
    }

    static func mark(
        _ result: MarkingService.MarkResult, kind: PunchKind, employee: Employee, zone: LocalZone
    ) -> KioskMessage {
        let who = "\(employee.name) (\(employee.code))"
        switch result {
        case .recorded(let punch, let details):
            var lines = [who, "WiFi: \(WiFiWording.describe(details.link)) — \(details.location)"]
            if let notice = MarkWording.notice(details) { lines.insert(notice.capitalizedFirst + ".", at: 1) }
            if details.clockWentBack {
                lines.append("Note: the clock seems to have gone back; your manager will check this punch.")
            }
            if let off = punch.clockOffText {
                lines.append(
                    "Note: this kiosk's clock is \(off) of the central store's; your manager will check this punch.")
            }
            return KioskMessage(
                tone: .success, kind: kind, banner: "\(kind.label) \(details.clock)",
                title: "MARKED \(kind.label) \(details.clock) — \(MarkWording.summary(details.summary))", lines: lines)
        case .duplicate(let previous, let since):
            let time = zone.clockText(of: previous.instant)
            guard let since else {
                return KioskMessage(
                    tone: .neutral, title: "Already recorded at \(time)",
                    lines: [who, "Your \(previous.kind.label) at \(time) is saved; nothing more to do."])
            }
            // IN, OUT, IN within the window: the second IN is not recorded, and the person is OUT.
            return KioskMessage(
                tone: .refusal, title: "\(previous.kind.label) already recorded at \(time) — NOT recorded again",
                lines: [
                    who,
                    "Your \(since.kind.label) at \(zone.clockText(of: since.instant)) came after it: you are marked "
                        + "\(since.kind.label) now.",
                    "To mark \(previous.kind.label) again, wait a minute and try again.",
                ])
        case .refused(let refusal):
            let title =
                switch refusal {
                case .notIn: "Not marked in today"
                case .alreadyIn: "Already marked in"
                case .clockBehindMarkIn: "The clock is behind your mark-in"
                }
            let why =
                switch refusal {
                case .notIn: "There is no mark-in today for this to close: mark IN first."
                default: String(describing: refusal).capitalizedFirst + "."
                }
            return KioskMessage(tone: .refusal, title: title, lines: [who, why, "Nothing was recorded."])
        case .wifiNotAllowed(let verdict):
            var lines = [
                "This kiosk is not on an approved office WiFi. Nothing was recorded.",
                "Seen: \(WiFiWording.describe(verdict.link))",
            ]
            if case .ssidMismatch(_, let expected) = verdict {
                lines.append("This access point is approved only with the network name \(expected.escaped).")
                if let lookalike = WiFiWording.lookalike(seen: verdict.link.ssid, approved: expected) {
                    lines.append(lookalike.capitalizedFirst + ".")
                }
            }
            lines.append("Tell your manager.")
            return KioskMessage(tone: .refusal, title: "WiFi not approved — NOT recorded", lines: lines)
        case .wifiUnavailable(let error):
            return KioskMessage(
                tone: .refusal, title: "WiFi could not be checked — NOT recorded",
                lines: [String(describing: error).capitalizedFirst + ".", "Tell your manager."])
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
