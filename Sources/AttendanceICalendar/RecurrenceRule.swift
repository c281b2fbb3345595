/// The recurrence rule of an all-day event (RFC 5545 3.3.10, `RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH`),
/// as far as holiday calendars use it.
///
/// Taken: `FREQ` (`YEARLY`, `MONTHLY`, `WEEKLY`, `DAILY`), `INTERVAL`, `COUNT`, `UNTIL` (a date or a
/// UTC date-time), `BYMONTH`, `BYMONTHDAY` (negative counts from the month's end), `BYDAY` (with an
/// ordinal for `MONTHLY` and `YEARLY`: `4TH` is the fourth Thursday, `-1MO` the last Monday),
/// `BYSETPOS` and `WKST`. Anything else (`BYWEEKNO`, `BYYEARDAY`, times of day, `HOURLY`…) is
/// refused with the part named, so the event is reported rather than expanded wrongly.
///
/// The dates of the rule are found the way RFC 5545 describes: the rule's periods (years, months,
/// weeks or days, every `INTERVAL`-th from the start's), in each the days the `BY…` parts allow
/// (a missing day part is taken from the start date), then `BYSETPOS`, then `COUNT` and `UNTIL`.
public struct RecurrenceRule: Sendable, Hashable {
    /// How often the rule's period repeats.
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case yearly = "YEARLY", monthly = "MONTHLY", weekly = "WEEKLY", daily = "DAILY"
    }

    /// One `BYDAY` entry: a weekday, with an ordinal within the month or year (`-1MO`) or without (`MO`).
    public struct WeekdayEntry: Sendable, Hashable {
        /// nil: every such weekday; 1…53 or −53…−1 counted from the start or the end.
        public let ordinal: Int?
        public let weekday: ICalendarWeekday
    }

    public let frequency: Frequency
    public private(set) var interval = 1
    public private(set) var count: Int?
    /// The last date the rule may give (`UNTIL`, inclusive; a date-time's date).
    public private(set) var until: ICalendarDate?
    public private(set) var months: [Int] = []
    public private(set) var monthDays: [Int] = []
    public private(set) var weekdays: [WeekdayEntry] = []
    public private(set) var setPositions: [Int] = []
    public private(set) var weekStart: ICalendarWeekday = .monday

    /// Parses the value of an `RRULE` property (`FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=26`).
    public init(parsing text: String) throws(RecurrenceRuleProblem) {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].uppercased()
            guard pair.count == 2, !pair[1].isEmpty else { throw .notNameValue(String(part)) }
            guard RecurrenceRuleProblem.supportedParts.contains(name) else {
                throw .unsupportedPart(name: name, written: String(part))
            }
            guard parts[name] == nil else { throw .partTwice(written: String(part)) }
            parts[name] = pair[1].uppercased()
        }
        guard let freq = parts["FREQ"] else { throw .noFrequency(rule: text) }
        guard let frequency = Frequency(rawValue: freq) else { throw .frequency(freq) }
        self.frequency = frequency
        if let value = parts["INTERVAL"] {
            guard let number = Self.number(value, in: 1...9999) else { throw .interval(value) }
            interval = number
        }
        if let value = parts["COUNT"] {
            guard let number = Self.number(value, in: 1...Int.max) else { throw .count(value) }
            count = number
        }
        if let value = parts["UNTIL"] {
            guard count == nil else { throw .countAndUntil(until: value) }
            // `20271231` or `20271231T235959Z`: the last date the rule may give.
            guard
                let date = ICalendarDate(iCalendarDate: value)
                    ?? ICalendarDate(dateOfICalendarDateTime: value, utcOnly: true)
            else { throw .until(value) }
            until = date
        }
        if let value = parts["BYMONTH"] {
            months = try Self.list(value, or: .months(value)) { Int($0).flatMap { (1...12).contains($0) ? $0 : nil } }
        }
        if let value = parts["BYMONTHDAY"] {
            guard frequency != .weekly else { throw .monthDaysInWeeklyRule(value) }
            monthDays = try Self.list(value, or: .monthDays(value)) { Self.signed($0, upTo: 31) }
        }
        if let value = parts["BYDAY"] {
            let ordinalsAllowed = frequency == .monthly || frequency == .yearly
            weekdays = try Self.list(value, or: .weekdays(value)) {
                Self.weekdayEntry($0, ordinalAllowed: ordinalsAllowed)
            }
        }
        if let value = parts["BYSETPOS"] {
            guard !(months.isEmpty && monthDays.isEmpty && weekdays.isEmpty) else {
                throw .setPositionsAlone(value)
            }
            setPositions = try Self.list(value, or: .setPositions(value)) { Self.signed($0, upTo: 366) }
        }
        if let value = parts["WKST"] {
            guard let day = ICalendarWeekday(code: value) else { throw .weekStart(value) }
            weekStart = day
        }
    }

    // MARK: - Values

    /// Digits only, within `range`.
    private static func number(_ value: String, in range: ClosedRange<Int>) -> Int? {
        guard value.allSatisfy(\.isASCIIDigit), let number = Int(value), range.contains(number) else { return nil }
        return number
    }

    /// A comma-separated list whose every entry `read` accepts; else `problem`.
    private static func list<T>(
        _ value: String, or problem: RecurrenceRuleProblem, _ read: (String) -> T?
    ) throws(RecurrenceRuleProblem) -> [T] {
        var items: [T] = []
        for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let item = read(String(entry)) else { throw problem }
            items.append(item)
        }
        return items
    }

    /// `+3`, `3` or `-3`, not zero, at most `limit` either way.
    private static func signed(_ text: String, upTo limit: Int) -> Int? {
        var digits = Substring(text)
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let magnitude = Int(digits),
            (1...limit).contains(magnitude)
        else { return nil }
        return sign * magnitude
    }

    private static func weekdayEntry(_ text: String, ordinalAllowed: Bool) -> WeekdayEntry? {
        guard text.count >= 2, let weekday = ICalendarWeekday(code: String(text.suffix(2))) else { return nil }
        let prefix = String(text.dropLast(2))
        guard !prefix.isEmpty else { return WeekdayEntry(ordinal: nil, weekday: weekday) }
        guard ordinalAllowed, let ordinal = signed(prefix, upTo: 53) else { return nil }
        return WeekdayEntry(ordinal: ordinal, weekday: weekday)
    }
}
