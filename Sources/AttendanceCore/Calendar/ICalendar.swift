/// Holidays read from an iCalendar file (RFC 5545), the form public-holiday calendars are
/// published in.
///
/// Only what a holiday list can hold is taken: all-day `VEVENT`s (`DTSTART;VALUE=DATE:20260126`),
/// one date or a range whose `DTEND` is exclusive (or a `DURATION` of whole days or weeks).
/// Everything else — an event with a time, a repeating one (`RRULE`, `RDATE`), one without
/// `DTSTART` or `SUMMARY`, a cancelled one, the same date twice — is listed in ``problems`` with
/// the line it starts on, never silently dropped. Parsing is pure: the caller reads the file.
public struct ICalendarHolidays: Sendable, Hashable {
    /// The holidays found, in the file's order, each date once.
    public private(set) var holidays: [Holiday] = []
    /// What could not be taken, in the file's order.
    public private(set) var problems: [ICalendarProblem] = []

    /// The longest range one event may cover; longer ones are reported (most likely a mistake).
    public static let maximumDays = 366

    /// Parses the text of an `.ics` file. Line breaks may be CRLF (as the RFC says) or LF.
    public init(parsing text: String) {
        let lines = Self.unfold(text)
        guard lines.contains(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VCALENDAR" }) else {
            problems.append(ICalendarProblem(line: 1, message: "not an iCalendar file (no BEGIN:VCALENDAR)"))
            return
        }
        var components: [String] = []
        var event: EventDraft?
        var seen: [AttendanceDate: (name: String, line: Int)] = [:]
        for line in lines {
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if component == "VEVENT", components.last == "VCALENDAR" { event = EventDraft(line: line.number) }
                components.append(component)
            case "END":
                let component = line.value.uppercased()
                if component == "VEVENT", components.last == "VEVENT", let finished = event {
                    take(finished, seen: &seen)
                    event = nil
                }
                if let index = components.lastIndex(of: component) { components.removeSubrange(index...) }
            default:
                // Properties of the event itself, not of an alarm inside it.
                if components.last == "VEVENT" { event?.properties.append(line) }
            }
        }
        if let unfinished = event {
            problems.append(
                ICalendarProblem(line: unfinished.line, message: "event has no END:VEVENT; the file seems cut short"))
        }
    }

    // MARK: - Events

    /// The properties of one VEVENT, gathered until its END.
    private struct EventDraft {
        let line: Int
        var properties: [ContentLine] = []

        func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
    }

    private mutating func take(_ event: EventDraft, seen: inout [AttendanceDate: (name: String, line: Int)]) {
        let summary = event.first("SUMMARY").map { Self.unescape($0.value) }
        let label = summary.map { " " + $0.quotedForMessage } ?? ""
        func problem(_ message: String, line: Int? = nil) {
            problems.append(ICalendarProblem(line: line ?? event.line, message: "event\(label) " + message))
        }
        guard let start = event.first("DTSTART") else { return problem("has no DTSTART") }
        if let rule = event.first("RRULE") ?? event.first("RDATE") {
            return problem(
                "repeats (\(rule.name)); repeating events are not supported — list each date as its own event",
                line: rule.number)
        }
        if let status = event.first("STATUS"), status.value.uppercased() == "CANCELLED" {
            return problem("is cancelled (STATUS:CANCELLED); skipped", line: status.number)
        }
        guard let first = Self.date(start) else {
            return problem(
                "has a time (\("DTSTART\(start.rawParameters):\(start.value)".clippedForMessage)); only all-day events can be holidays",
                line: start.number)
        }
        var last = first
        if let end = event.first("DTEND") {
            guard let exclusiveEnd = Self.date(end) else {
                return problem(
                    "ends at a time (\("DTEND\(end.rawParameters):\(end.value)".clippedForMessage)); only all-day events can be holidays",
                    line: end.number)
            }
            guard exclusiveEnd > first else {
                return problem("ends (DTEND \(exclusiveEnd)) on or before it starts (\(first))", line: end.number)
            }
            last = exclusiveEnd.adding(days: -1)
        } else if let duration = event.first("DURATION") {
            guard let days = Self.days(inDuration: duration.value), days > 0 else {
                return problem(
                    "has a DURATION of \(duration.value.quotedForMessage); only whole days (P2D) or weeks (P1W) can be holidays",
                    line: duration.number)
            }
            last = first.adding(days: days - 1)
        }
        guard first.distance(to: last) < Self.maximumDays else {
            return problem("covers \(first.distance(to: last) + 1) days (\(first) to \(last)); at most 366 are taken")
        }
        guard let summary else { return problem("on \(first) has no SUMMARY to name the holiday") }
        let name = summary.split(whereSeparator: \.isNewline).joined(separator: " ")
        for date in first.dates(through: last) {
            if let earlier = seen[date] {
                problem(
                    "on \(date): the date is already in this file as \(earlier.name.quotedForMessage) (line \(earlier.line))"
                )
                continue
            }
            do {
                holidays.append(try Holiday(date: date, name: name))
                seen[date] = (name, event.line)
            } catch {
                return problem("cannot be a holiday: \(error)")
            }
        }
    }

    // MARK: - Values

    /// The date of a `DATE` value (`20260126`, with or without `VALUE=DATE`); nil for a
    /// `DATE-TIME` or anything else.
    private static func date(_ line: ContentLine) -> AttendanceDate? {
        if let type = line.parameters["VALUE"], type.uppercased() != "DATE" { return nil }
        let value = line.value
        guard value.utf8.count == 8, value.allSatisfy(\.isASCIIDigit) else { return nil }
        let digits = Array(value)
        guard let year = Int(String(digits[0..<4])), let month = Int(String(digits[4..<6])),
            let day = Int(String(digits[6..<8]))
        else { return nil }
        return AttendanceDate(year: year, month: month, day: day)
    }

    /// Whole days in a duration of days or weeks only (`P3D`, `P1W`, `P1W2D`); nil otherwise.
    private static func days(inDuration value: String) -> Int? {
        var text = Substring(value.uppercased())
        if text.first == "+" { text = text.dropFirst() }
        guard text.first == "P" else { return nil }
        text = text.dropFirst()
        var total = 0
        var number = ""
        for character in text {
            if character.isASCIIDigit {
                number.append(character)
                continue
            }
            guard let count = Int(number) else { return nil }
            switch character {
            case "W": total += 7 * count
            case "D": total += count
            default: return nil  // T, H, M, S: a part of a day
            }
            number = ""
        }
        return number.isEmpty && total <= 100_000 ? total : nil
    }

    /// TEXT value escapes (RFC 5545 3.3.11): `\\`, `\;`, `\,`, `\n` / `\N`.
    static func unescape(_ value: String) -> String {
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n", "N": out.append("\n")
                default: out.append(character)  // \\ \; \, and, leniently, anything else as itself
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    // MARK: - Content lines

    /// One unfolded content line: `NAME;PARAM=VALUE:value`, and the physical line it starts on.
    struct ContentLine: Sendable, Hashable {
        let number: Int
        let name: String
        let parameters: [String: String]
        /// `;VALUE=DATE` as written, for messages.
        let rawParameters: String
        let value: String
    }

    /// Splits `text` into content lines, joining folded lines (a line break followed by a space
    /// or a tab continues the line before it). Lines without a colon are skipped.
    static func unfold(_ text: String) -> [ContentLine] {
        var logical: [(number: Int, text: String)] = []
        var number = 0
        // "\r\n" is one Character in Swift, so both line ends are named.
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = Substring(physical)
            if line.last == "\r" { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !logical.isEmpty {
                logical[logical.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                logical.append((number, String(line)))
            }
        }
        return logical.compactMap { parse($0.text, number: $0.number) }
    }

    private static func parse(_ text: String, number: Int) -> ContentLine? {
        // The value starts at the first colon outside a quoted parameter value.
        var inQuotes = false
        var colon: String.Index?
        for index in text.indices {
            switch text[index] {
            case "\"": inQuotes.toggle()
            case ":" where !inQuotes: colon = index
            default: break
            }
            if colon != nil { break }
        }
        guard let colon else { return nil }
        let head = text[..<colon]
        let parts = head.split(separator: ";", omittingEmptySubsequences: false)
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parameters[pair[0].uppercased()] = String(pair[1]).trimmingCharacters(in: "\"")
        }
        return ContentLine(
            number: number, name: parts[0].uppercased(), parameters: parameters,
            rawParameters: String(head.dropFirst(parts[0].count)), value: String(text[text.index(after: colon)...]))
    }
}

/// Something in an iCalendar file that could not become a holiday, with the line it is on.
public struct ICalendarProblem: Sendable, Hashable, CustomStringConvertible {
    /// The physical line (1-based) the event or property starts on.
    public let line: Int
    public let message: String

    /// "line 12: event "Offsite" has a time (DTSTART:20260310T090000Z); only all-day events can be holidays"
    public var description: String { "line \(line): \(message)" }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
