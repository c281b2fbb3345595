import AttendanceText

/// The all-day events of an iCalendar file (RFC 5545), the form public-holiday calendars are
/// published in, and the dates they fall on.
///
/// Only all-day `VEVENT`s are taken (`DTSTART;VALUE=DATE:20260126`): one date or a range whose
/// `DTEND` is exclusive (or a `DURATION` of whole days or weeks), once or repeating by `RRULE`
/// (see ``RecurrenceRule``), `RDATE` and `EXDATE`. A repeating event is expanded from its
/// `DTSTART` through the end of the year after next (``expandedYears``); a `RECURRENCE-ID` event
/// replaces the date of its series that it names. A date two events fall on holds both, in the
/// file's order: what one date of several events makes is the caller's to say.
///
/// Events that are no all-day events by design — with a time, or cancelled — are listed in
/// ``skipped``; one that cannot be read (no `DTSTART` or `SUMMARY`, an `RRULE` part not taken…)
/// in ``problems``; each with its line, never silently dropped. Reading is pure: the caller reads
/// the file and says what today is. The reader knows no rule of the caller's about names: the
/// caller may leave an event out (``init(parsing:today:taking:)``) and report it itself.
public struct ICalendarEvents: Sendable, Equatable {
    /// The dates the events fall on, in date order, each date once.
    public private(set) var days: [ICalendarDay] = []
    /// Events that could not be taken although they may be all-day events, in the file's order.
    public private(set) var problems: [ICalendarProblem] = []
    /// Events left out because they are not all-day events (a time, STATUS:CANCELLED), in the
    /// file's order.
    public private(set) var skipped: [ICalendarProblem] = []
    /// The years repeating events were expanded over: from the earliest `DTSTART` of a repeating
    /// event through the year after next; nil when no event repeats.
    public private(set) var expandedYears: ClosedRange<Int>?

    /// The longest range one event may cover; longer ones are reported (most likely a mistake).
    public static let maximumDays = 366
    /// The most dates one repeating event may give; more are reported (most likely a mistake).
    public static let maximumRepeats = 5000
    /// The most dates all the events of one file may give together, each event's dates counted
    /// (a small file of long daily events would otherwise take gigabytes); past it the whole file is
    /// refused. A country's public holidays for three years give a few hundred.
    public static let maximumFileDates = 50_000

    /// Reads the text of an `.ics` file. Line breaks may be CRLF (as the RFC says), LF or CR.
    /// Repeating events are expanded through 31 December of the year after `today`'s next.
    /// `taking` is asked of each event that has its dates and its name, in the file's order, before
    /// its repeats are worked out: an event it refuses gives no date and no problem, and counts
    /// towards no limit.
    public init(parsing text: String, today: ICalendarDate, taking: (ICalendarEvent) -> Bool = { _ in true }) {
        let lines = Self.unfold(text)
        guard lines.contains(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VCALENDAR" }) else {
            problems.append(ICalendarProblem(line: 1, fault: .notICalendar))
            return
        }
        var components: [String] = []
        var event: EventDraft?
        var events: [EventDraft] = []
        for line in lines {
            switch line.name {
            case "BEGIN":
                let component = line.value.uppercased()
                if component == "VEVENT", components.last == "VCALENDAR" { event = EventDraft(line: line.number) }
                components.append(component)
            case "END":
                let component = line.value.uppercased()
                if component == "VEVENT", components.last == "VEVENT", let finished = event {
                    events.append(finished)
                    event = nil
                }
                if let index = components.lastIndex(of: component) { components.removeSubrange(index...) }
            default:
                // Properties of the event itself, not of an alarm inside it.
                if components.last == "VEVENT" { event?.properties.append(line) }
            }
        }
        let horizon = ICalendarDate(valid: today.year + 2, 12, 31)
        // Dates of a series that a RECURRENCE-ID event of the same UID replaces.
        var replaced: [String: Set<ICalendarDate>] = [:]
        for draft in events {
            if let uid = draft.first("UID")?.value, let id = draft.first("RECURRENCE-ID"),
                let date = Self.day(of: id.value)
            {
                replaced[uid, default: []].insert(date)
            }
        }
        var named: [ICalendarDate: [ICalendarEvent]] = [:]
        var earliestRepeat: Int?
        var expanded = 0
        for draft in events {
            let replacedDates =
                draft.first("RECURRENCE-ID") == nil ? draft.first("UID").flatMap { replaced[$0.value] } : nil
            if let year = take(
                draft, through: horizon, except: replacedDates ?? [], into: &named, counting: &expanded, taking: taking)
            {
                earliestRepeat = min(earliestRepeat ?? year, year)
            }
            if expanded > Self.maximumFileDates {
                // Nothing of such a file is taken: no calendar of whole days gives so many as written.
                problems = [
                    ICalendarProblem(
                        line: draft.line, fault: .tooManyDates(limit: Self.maximumFileDates, horizon: horizon))
                ]
                skipped = []
                return
            }
        }
        if let unfinished = event {
            problems.append(
                ICalendarProblem(line: unfinished.line, fault: .unfinishedEvent))
        }
        days = named.keys.sorted().map { ICalendarDay(date: $0, events: named[$0] ?? []) }
        if let earliestRepeat { expandedYears = min(earliestRepeat, horizon.year)...horizon.year }
    }

    // MARK: - Events

    /// The properties of one VEVENT, gathered until its END.
    private struct EventDraft {
        let line: Int
        var properties: [ContentLine] = []

        func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
        func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
    }

    /// Something wrong in one property of an event, with its line.
    private struct EventFault: Error {
        let line: Int
        let reason: ICalendarEventProblem.Unreadable
    }

    /// Adds the dates of `event` (all its repeats through `horizon` but those in `replaced`)
    /// under its name to `named`, or reports why it cannot. Returns the year of its `DTSTART`
    /// when it repeats by an `RRULE`, which was then expanded from there.
    private mutating func take(
        _ event: EventDraft, through horizon: ICalendarDate, except replaced: Set<ICalendarDate>,
        into named: inout [ICalendarDate: [ICalendarEvent]], counting expanded: inout Int,
        taking: (ICalendarEvent) -> Bool
    ) -> Int? {
        let summary = event.first("SUMMARY").map { Self.unescape($0.value) }
        func problem(_ fault: ICalendarEventProblem, line: Int? = nil) -> Int? {
            problems.append(ICalendarProblem(line: line ?? event.line, fault: .event(summary: summary, fault)))
            return nil
        }
        func skip(_ fault: ICalendarEventProblem, line: Int) -> Int? {
            skipped.append(ICalendarProblem(line: line, fault: .event(summary: summary, fault)))
            return nil
        }
        guard let start = event.first("DTSTART") else { return problem(.noStart) }
        if let status = event.first("STATUS"), status.value.uppercased() == "CANCELLED" {
            return skip(.cancelled, line: status.number)
        }
        guard let first = Self.date(start) else {
            return Self.isDateForm(start)
                ? problem(.startNotADate(written: start.asWritten), line: start.number)
                : skip(.startHasTime(written: start.asWritten), line: start.number)
        }
        var length = 1
        if let end = event.first("DTEND") {
            guard let exclusiveEnd = Self.date(end) else {
                return problem(
                    Self.isDateForm(end) ? .endNotADate(written: end.asWritten) : .endHasTime(written: end.asWritten),
                    line: end.number)
            }
            guard exclusiveEnd > first else {
                return problem(.endsBeforeStart(end: exclusiveEnd, start: first), line: end.number)
            }
            length = first.distance(to: exclusiveEnd)
        } else if let duration = event.first("DURATION") {
            guard let days = Self.days(inDuration: duration.value), days > 0 else {
                return problem(.badDuration(duration.value), line: duration.number)
            }
            length = days
        }
        guard length <= Self.maximumDays else {
            return problem(.tooLong(days: length, first: first, last: first.adding(days: length - 1)))
        }
        guard let summary else { return problem(.noSummary(on: first)) }
        let taken = ICalendarEvent(
            line: event.line, summary: summary, name: summary.split(whereSeparator: \.isNewline).joined(separator: " "),
            first: first)
        guard taking(taken) else { return nil }
        let starts: [ICalendarDate]
        do {
            starts = try Self.starts(of: event, from: first, through: horizon).subtracting(replaced).sorted()
        } catch {
            return problem(.unreadable(error.reason), line: error.line)
        }
        guard starts.count <= Self.maximumRepeats else {
            return problem(.tooManyRepeats(limit: Self.maximumRepeats, horizon: horizon))
        }
        // Counted before any is added: past the file's limit the caller refuses the whole file.
        expanded += starts.count * length
        guard expanded <= Self.maximumFileDates else { return nil }
        for start in starts {
            for date in start.dates(through: start.adding(days: length - 1)) {
                named[date, default: []].append(taken)
            }
        }
        return event.first("RRULE") == nil ? nil : first.year
    }

    /// The first dates of an event's occurrences: `DTSTART`, the `RRULE`'s dates through `horizon`
    /// and the `RDATE`s, less the `EXDATE`s.
    private static func starts(
        of event: EventDraft, from first: ICalendarDate, through horizon: ICalendarDate
    )
        throws(EventFault) -> Set<ICalendarDate>
    {
        var starts: Set<ICalendarDate> = [first]
        let rules = event.all("RRULE")
        if rules.count > 1 {
            throw EventFault(line: rules[1].number, reason: .secondRule)
        }
        if let line = rules.first {
            do {
                let rule = try RecurrenceRule(parsing: line.value)
                starts.formUnion(rule.dates(startingOn: first, through: horizon, limit: maximumRepeats + 1))
            } catch {
                throw EventFault(line: line.number, reason: .rule(error))
            }
        }
        for line in event.all("RDATE") {
            for value in line.value.split(separator: ",") {
                let type = line.parameters["VALUE"]?.uppercased()
                guard type == nil || type == "DATE", let date = ICalendarDate(iCalendarDate: value) else {
                    throw EventFault(line: line.number, reason: .rdate(String(value)))
                }
                starts.insert(date)
            }
        }
        for line in event.all("EXDATE") {
            for value in line.value.split(separator: ",") {
                guard let date = day(of: value) else {
                    throw EventFault(line: line.number, reason: .exdate(String(value)))
                }
                starts.remove(date)
            }
        }
        return starts
    }

    /// The date of a `DATE` or, as written, of a `DATE-TIME` value (EXDATE, RECURRENCE-ID).
    private static func day(of value: some StringProtocol) -> ICalendarDate? {
        ICalendarDate(iCalendarDate: value) ?? ICalendarDate(dateOfICalendarDateTime: value)
    }

    // MARK: - Values

    /// The date of a `DATE` value (`20260126`, with or without `VALUE=DATE`); nil for a
    /// `DATE-TIME` or anything else.
    private static func date(_ line: ContentLine) -> ICalendarDate? {
        if let type = line.parameters["VALUE"], type.uppercased() != "DATE" { return nil }
        return ICalendarDate(iCalendarDate: line.value)
    }

    /// True for a value written as a `DATE` (`VALUE=DATE`, or eight digits alone), whether or not
    /// the date exists: `20261332` is a wrong date, not a time.
    private static func isDateForm(_ line: ContentLine) -> Bool {
        if let type = line.parameters["VALUE"] { return type.uppercased() == "DATE" }
        return line.value.count == 8 && line.value.allSatisfy(\.isASCIIDigit)
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
            // Anything longer than the limit below is refused before it is multiplied or added.
            guard let count = Int(number), count <= 100_000 else { return nil }
            switch character {
            case "W": total += 7 * count
            case "D": total += count
            default: return nil  // T, H, M, S: a part of a day
            }
            guard total <= 100_000 else { return nil }
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

        /// The line as the file has it, clipped for a message: `DTSTART;VALUE=DATE:20261332`.
        var asWritten: String { "\(name)\(rawParameters):\(value)".clippedForMessage }
    }

    /// Splits `text` into content lines, joining folded lines (a line break followed by a space
    /// or a tab continues the line before it). Lines without a colon are skipped.
    static func unfold(_ text: String) -> [ContentLine] {
        var logical: [(number: Int, text: String)] = []
        var number = 0
        // "\r\n" is one Character in Swift, so each line end is named; a lone CR ends a line as
        // well (old Mac files, and some exporters).
        for physical in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            number += 1
            let line = Substring(physical)
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

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
