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
        public let weekday: Weekday
    }

    public let frequency: Frequency
    public private(set) var interval = 1
    public private(set) var count: Int?
    /// The last date the rule may give (`UNTIL`, inclusive; a date-time's date).
    public private(set) var until: AttendanceDate?
    public private(set) var months: [Int] = []
    public private(set) var monthDays: [Int] = []
    public private(set) var weekdays: [WeekdayEntry] = []
    public private(set) var setPositions: [Int] = []
    public private(set) var weekStart: Weekday = .monday

    /// The parts this reader takes, in the order messages list them (WKST last).
    static let supportedParts = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYDAY", "BYSETPOS", "WKST",
    ]

    /// Parses the value of an `RRULE` property (`FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=26`).
    public init(parsing text: String) throws(CoreError) {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].uppercased()
            guard pair.count == 2, !pair[1].isEmpty else {
                throw Self.invalid(String(part), expected: Phrase("NAME=VALUE, e.g. FREQ=YEARLY"))
            }
            guard Self.supportedParts.contains(name) else {
                throw Self.invalid(
                    String(part),
                    expected: Phrase(
                        "one of {parts} or WKST ({name} is not supported)",
                        ["parts": Self.supportedParts.dropLast().joined(separator: ", "), "name": name]))
            }
            guard parts[name] == nil else { throw Self.invalid(String(part), expected: Phrase("each part once")) }
            parts[name] = pair[1].uppercased()
        }
        guard let freq = parts["FREQ"] else {
            throw Self.invalid(text, expected: Phrase("a FREQ part, e.g. FREQ=YEARLY"))
        }
        guard let frequency = Frequency(rawValue: freq) else {
            throw Self.invalid(
                "FREQ=\(freq)", expected: Phrase("FREQ=YEARLY, MONTHLY, WEEKLY or DAILY; an all-day event has no times")
            )
        }
        self.frequency = frequency
        if let value = parts["INTERVAL"] {
            interval = try Self.number(
                value, part: "INTERVAL", in: 1...9999, expected: Phrase("a whole number from 1 to 9999"))
        }
        if let value = parts["COUNT"] {
            count = try Self.number(
                value, part: "COUNT", in: 1...Int.max, expected: Phrase("a whole number of at least 1"))
        }
        if let value = parts["UNTIL"] {
            guard count == nil else {
                throw Self.invalid("UNTIL=\(value)", expected: Phrase("COUNT or UNTIL, not both (RFC 5545)"))
            }
            until = try Self.untilDate(value)
        }
        if let value = parts["BYMONTH"] {
            months = try Self.list(value, part: "BYMONTH") { Int($0).flatMap { (1...12).contains($0) ? $0 : nil } }
        }
        if let value = parts["BYMONTHDAY"] {
            guard frequency != .weekly else {
                throw Self.invalid("BYMONTHDAY=\(value)", expected: Phrase("no BYMONTHDAY with FREQ=WEEKLY (RFC 5545)"))
            }
            monthDays = try Self.list(value, part: "BYMONTHDAY") { Self.signed($0, upTo: 31) }
        }
        if let value = parts["BYDAY"] {
            let ordinalsAllowed = frequency == .monthly || frequency == .yearly
            weekdays = try Self.list(value, part: "BYDAY") { Self.weekdayEntry($0, ordinalAllowed: ordinalsAllowed) }
        }
        if let value = parts["BYSETPOS"] {
            guard !(months.isEmpty && monthDays.isEmpty && weekdays.isEmpty) else {
                throw Self.invalid(
                    "BYSETPOS=\(value)", expected: Phrase("BYSETPOS together with BYMONTH, BYMONTHDAY or BYDAY"))
            }
            setPositions = try Self.list(value, part: "BYSETPOS") { Self.signed($0, upTo: 366) }
        }
        if let value = parts["WKST"] {
            guard let day = Self.weekday(value) else {
                throw Self.invalid("WKST=\(value)", expected: Phrase("a weekday: MO, TU, WE, TH, FR, SA or SU"))
            }
            weekStart = day
        }
    }

    // MARK: - Values

    private static func invalid(_ value: String, expected: Phrase) -> CoreError {
        .invalidValue(what: Phrase("RRULE part"), value: value, expected: expected)
    }

    private static func number(
        _ value: String, part: String, in range: ClosedRange<Int>, expected: Phrase
    )
        throws(CoreError) -> Int
    {
        guard value.allSatisfy(\.isASCIIDigit), let number = Int(value), range.contains(number) else {
            throw invalid("\(part)=\(value)", expected: expected)
        }
        return number
    }

    /// A comma-separated list whose every entry `read` accepts.
    private static func list<T>(_ value: String, part: String, _ read: (String) -> T?) throws(CoreError) -> [T] {
        var items: [T] = []
        for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let item = read(String(entry)) else {
                throw invalid("\(part)=\(value)", expected: expectations[part] ?? Phrase("a list of values"))
            }
            items.append(item)
        }
        return items
    }

    private static let expectations = [
        "BYMONTH": Phrase("months 1 to 12, separated by commas"),
        "BYMONTHDAY": Phrase("days 1 to 31 or -31 to -1 (from the month's end), separated by commas"),
        "BYDAY": Phrase(
            "weekdays MO, TU, WE, TH, FR, SA, SU, with an ordinal (1 to 53 or -53 to -1, e.g. 4TH or -1MO) only for FREQ=MONTHLY or YEARLY"
        ),
        "BYSETPOS": Phrase("positions 1 to 366 or -366 to -1, separated by commas"),
    ]

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
        guard text.count >= 2, let weekday = weekday(String(text.suffix(2))) else { return nil }
        let prefix = String(text.dropLast(2))
        guard !prefix.isEmpty else { return WeekdayEntry(ordinal: nil, weekday: weekday) }
        guard ordinalAllowed, let ordinal = signed(prefix, upTo: 53) else { return nil }
        return WeekdayEntry(ordinal: ordinal, weekday: weekday)
    }

    private static func weekday(_ code: String) -> Weekday? {
        switch code {
        case "MO": .monday
        case "TU": .tuesday
        case "WE": .wednesday
        case "TH": .thursday
        case "FR": .friday
        case "SA": .saturday
        case "SU": .sunday
        default: nil
        }
    }

    /// `20271231` or `20271231T235959Z`: the last date the rule may give.
    private static func untilDate(_ value: String) throws(CoreError) -> AttendanceDate {
        guard
            let date = AttendanceDate(iCalendarDate: value)
                ?? AttendanceDate(dateOfICalendarDateTime: value, utcOnly: true)
        else {
            throw invalid("UNTIL=\(value)", expected: Phrase("a date (20271231) or a UTC date-time (20271231T235959Z)"))
        }
        return date
    }
}
