import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceWiFi

/// What the kiosk says after a step: big and unambiguous on success, plain words on refusal.
/// Worded when it is made, in the language of the person it answers (`words`).
struct KioskMessage {
    enum Tone { case success, neutral, refusal }

    var tone: Tone
    /// The punch a success confirms: IN and OUT are told apart by colour and by their mark.
    var kind: PunchKind?
    /// Large letters ("IN 09:47"), when there is something to confirm. IN and OUT stay as they
    /// are in every language: they are the letters of the menu's keys and of the big font.
    var banner: String?
    var title: String
    var lines: [String] = []

    static func unknownCodeOrPIN(_ words: Speech) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: words.tr("Unknown code or wrong PIN"),
            lines: [words.tr("Nothing was recorded. Please try again.")])
    }

    static func wait(_ seconds: Int, _ words: Speech) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: words.tr("Too many wrong PINs"),
            lines: [
                words.ntr(
                    "Please wait {n} second before trying again.", "Please wait {n} seconds before trying again.",
                    seconds)
            ]
        )
    }

    /// The code stopped marking while its menu was up (deactivated, or its employment ended).
    static func mayNotMark(_ employee: Employee, _ words: Speech) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: words.tr("This code cannot mark today — NOT recorded"),
            lines: ["\(employee.name) (\(employee.code))", words.tr("Ask your manager.")])
    }

    static func locked(_ words: Speech) -> KioskMessage {
        KioskMessage(
            tone: .refusal, title: words.tr("This code is locked"),
            lines: [words.tr("Too many wrong PINs were typed. Ask your manager to unlock it.")])
    }

    /// A request for a correction was stored; it waits for the manager.
    static func requestSent(date: AttendanceDate, leftAt: WallClockTime, _ words: Speech) -> KioskMessage {
        KioskMessage(
            tone: .success, title: words.tr("Request sent — your manager will answer"),
            lines: [
                words.tr("You left at {time} on {date}.", ["time": leftAt.description, "date": words.shortDate(date)]),
                words.tr("Nothing changes until your manager approves it."),
            ])
    }

    /// The idle screen's line about the central store: the clock first, then how long it has not
    /// been reached and what waits here.
    static func wording(of warning: CentralWarning, _ words: Speech) -> String {
        var parts: [String] = []
        if let minutes = warning.clockOffMinutes {
            parts.append(
                words.tr(
                    "This kiosk's clock is {offset} of the central store's: tell your manager to set it right",
                    ["offset": words.clockOffset(minutes: minutes)]))
        }
        if let reach = warning.reach {
            switch reach {
            case .refused:
                parts.append(
                    words.tr("The central store refuses this kiosk: tell your manager (attendance sync --status)"))
            case .notYet: parts.append(words.tr("Central store not reached yet"))
            case .since(let time): parts.append(words.tr("Central store not reached since {time}", ["time": time]))
            }
            if warning.waiting > 0 {
                parts.append(
                    words.ntr(
                        "{n} record(s) kept here, nothing lost", "{n} record(s) kept here, nothing lost",
                        warning.waiting))
            }
        }
        return parts.joined(separator: " · ")
    }

    /// Why the kiosk did not take a request, in the person's words.
    static func wording(of refusal: AskedCorrections.Refusal, _ words: Speech) -> String {
        switch refusal {
        case .reasonMissing: words.tr("Say in a few words why the day is wrong.")
        case .reasonPlaceholder: words.tr("Say why in your own words.")
        case .reasonInvalid: words.tr("The reason is too long or has characters that cannot be kept.")
        case .dateOutOfReach: words.tr("That day can no longer be corrected here: ask your manager.")
        case .leftInFuture: words.tr("That time has not come yet.")
        case .alreadyWaiting: words.tr("You already asked about that day; your manager will answer.")
        }
    }

    static func storeFailure(_ error: any Error, _ words: Speech) -> KioskMessage {
        // A busy store is a moment's wait, not the manager's business.
        if let error = error as? StoreError, case .busy = error {
            return KioskMessage(
                tone: .refusal, title: words.tr("Busy — NOT recorded"),
                lines: [words.tr("The store was busy for a moment. Please try again.")])
        }
        // The employee passes the error on to the manager, so it is in the words they read.
        return KioskMessage(
            tone: .refusal, title: words.tr("Could not be saved — NOT recorded"),
            lines: [words.tr("Tell your manager."), words.sentence(for: error)])
    }

    static func mark(
        _ result: MarkingService.MarkResult, kind: PunchKind, employee: Employee, zone: LocalZone, _ words: Speech
    ) -> KioskMessage {
        let who = "\(employee.name) (\(employee.code))"
        switch result {
        case .recorded(let punch, let details):
            var lines = [
                who,
                words.tr(
                    "WiFi: {network} — {location}",
                    ["network": WiFiWording.describe(details.link, words), "location": details.location]),
            ]
            if let notice = MarkWording.notice(details, words) { lines.insert(notice.capitalizedFirst + ".", at: 1) }
            if details.clockWentBack {
                lines.append(words.tr("Note: the clock seems to have gone back; your manager will check this punch."))
            }
            if let off = punch.clockOff {
                lines.append(
                    words.tr(
                        "Note: this kiosk's clock is {offset} of the central store's; your manager will check this punch.",
                        ["offset": words.clockOffset(minutes: off)]))
            }
            let title = words.tr(
                "MARKED {kind} {time} — {summary}",
                ["kind": kind.label, "time": details.clock, "summary": MarkWording.summary(details.summary, words)])
            return KioskMessage(
                tone: .success, kind: kind, banner: "\(kind.label) \(details.clock)", title: title, lines: lines)
        case .duplicate(let previous, let since):
            let time = zone.clockText(of: previous.instant)
            guard let since else {
                return KioskMessage(
                    tone: .neutral, title: words.tr("Already recorded at {time}", ["time": time]),
                    lines: [
                        who,
                        words.tr(
                            "Your {kind} at {time} is saved; nothing more to do.",
                            ["kind": previous.kind.label, "time": time]),
                    ])
            }
            // IN, OUT, IN within the window: the second IN is not recorded, and the person is OUT.
            return KioskMessage(
                tone: .refusal,
                title: words.tr(
                    "{kind} already recorded at {time} — NOT recorded again",
                    ["kind": previous.kind.label, "time": time]),
                lines: [
                    who,
                    words.tr(
                        "Your {since} at {time} came after it: you are marked {since} now.",
                        ["since": since.kind.label, "time": zone.clockText(of: since.instant)]),
                    words.tr("To mark {kind} again, wait a minute and try again.", ["kind": previous.kind.label]),
                ])
        case .refused(let refusal):
            // The rule's own clause, as `attendance mark` says it, made a sentence.
            let reason = MarkWording.refusal(refusal, words).capitalizedFirst
            let (title, why) =
                switch refusal {
                case .notIn:
                    (reason, words.tr("There is no mark-in today for this to close: mark IN first."))
                case .alreadyIn: (words.tr("Already marked in"), reason + ".")
                case .clockBehindMarkIn: (words.tr("The clock is behind your mark-in"), reason + ".")
                }
            return KioskMessage(tone: .refusal, title: title, lines: [who, why, words.tr("Nothing was recorded.")])
        case .wifiNotAllowed(let verdict):
            var lines = [
                words.tr("This kiosk is not on an approved office WiFi. Nothing was recorded."),
                words.tr("Seen: {network}", ["network": WiFiWording.describe(verdict.link, words)]),
            ]
            if case .ssidMismatch(_, let expected) = verdict {
                lines.append(
                    words.tr(
                        "This access point is approved only with the network name {ssid}.", ["ssid": expected.escaped])
                )
                if let lookalike = WiFiWording.lookalike(seen: verdict.link.ssid, approved: expected) {
                    lines.append(lookalike.capitalizedFirst + ".")
                }
            }
            lines.append(words.tr("Tell your manager."))
            return KioskMessage(tone: .refusal, title: words.tr("WiFi not approved — NOT recorded"), lines: lines)
        case .wifiUnavailable(let error):
            return KioskMessage(
                tone: .refusal, title: words.tr("WiFi could not be checked — NOT recorded"),
                lines: [words.sentence(for: error).capitalizedFirst + ".", words.tr("Tell your manager.")])
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
