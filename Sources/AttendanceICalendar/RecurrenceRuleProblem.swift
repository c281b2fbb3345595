import AttendanceText

/// Why an `RRULE` value is not a rule this reader takes, as facts: the part as the rule wrote it
/// (untrusted) and what was wrong with it. `description` words it in English ("invalid RRULE part
/// "BYMONTH=13": expected months 1 to 12, separated by commas"); a front-end can word the same
/// facts in its reader's language.
public enum RecurrenceRuleProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A part that is not `NAME=VALUE` with a value.
    case notNameValue(String)
    /// A part `name` this reader does not take (`BYWEEKNO`, `BYHOUR`…), as written.
    case unsupportedPart(name: String, written: String)
    /// A part given a second time, as written.
    case partTwice(written: String)
    /// The whole rule, which has no `FREQ`.
    case noFrequency(rule: String)
    /// A `FREQ` other than `YEARLY`, `MONTHLY`, `WEEKLY` or `DAILY` (`HOURLY`: an all-day event has no times).
    case frequency(String)
    /// An `INTERVAL` that is not a whole number from 1 to 9999.
    case interval(String)
    /// A `COUNT` that is not a whole number of at least 1.
    case count(String)
    /// An `UNTIL` in a rule that has a `COUNT`.
    case countAndUntil(until: String)
    /// An `UNTIL` that is neither a date nor a UTC date-time.
    case until(String)
    /// A `BYMONTH` list with an entry that is no month number.
    case months(String)
    /// A `BYMONTHDAY` in a weekly rule.
    case monthDaysInWeeklyRule(String)
    /// A `BYMONTHDAY` list with an entry that is no day of a month.
    case monthDays(String)
    /// A `BYDAY` list with an entry that is no weekday, or an ordinal where the frequency takes none.
    case weekdays(String)
    /// A `BYSETPOS` without any other `BY…` part to choose from.
    case setPositionsAlone(String)
    /// A `BYSETPOS` list with an entry that is no position.
    case setPositions(String)
    /// A `WKST` that is no weekday.
    case weekStart(String)

    /// The parts this reader takes, in the order messages list them (WKST last).
    public static let supportedParts = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYDAY", "BYSETPOS", "WKST",
    ]

    /// The part as the rule has it (`INTERVAL=0`; its value upper-cased once it was read), for the
    /// message to quote.
    public var written: String {
        switch self {
        case .notNameValue(let part), .unsupportedPart(_, let part), .partTwice(let part), .noFrequency(let part):
            part
        case .frequency(let value): "FREQ=" + value
        case .interval(let value): "INTERVAL=" + value
        case .count(let value): "COUNT=" + value
        case .countAndUntil(let value), .until(let value): "UNTIL=" + value
        case .months(let value): "BYMONTH=" + value
        case .monthDaysInWeeklyRule(let value), .monthDays(let value): "BYMONTHDAY=" + value
        case .weekdays(let value): "BYDAY=" + value
        case .setPositionsAlone(let value), .setPositions(let value): "BYSETPOS=" + value
        case .weekStart(let value): "WKST=" + value
        }
    }

    /// "invalid RRULE part "INTERVAL=0": expected a whole number from 1 to 9999"
    public var description: String { "invalid RRULE part \(written.quotedForMessage): expected \(expected)" }

    /// The form the part should have had, in English.
    private var expected: String {
        switch self {
        case .notNameValue: "NAME=VALUE, e.g. FREQ=YEARLY"
        case .unsupportedPart(let name, _):
            "one of \(Self.supportedParts.dropLast().joined(separator: ", ")) or WKST (\(name) is not supported)"
        case .partTwice: "each part once"
        case .noFrequency: "a FREQ part, e.g. FREQ=YEARLY"
        case .frequency: "FREQ=YEARLY, MONTHLY, WEEKLY or DAILY; an all-day event has no times"
        case .interval: "a whole number from 1 to 9999"
        case .count: "a whole number of at least 1"
        case .countAndUntil: "COUNT or UNTIL, not both (RFC 5545)"
        case .until: "a date (20271231) or a UTC date-time (20271231T235959Z)"
        case .months: "months 1 to 12, separated by commas"
        case .monthDaysInWeeklyRule: "no BYMONTHDAY with FREQ=WEEKLY (RFC 5545)"
        case .monthDays: "days 1 to 31 or -31 to -1 (from the month's end), separated by commas"
        case .weekdays:
            "weekdays MO, TU, WE, TH, FR, SA, SU, with an ordinal (1 to 53 or -53 to -1, e.g. 4TH or -1MO) only for FREQ=MONTHLY or YEARLY"
        case .setPositionsAlone: "BYSETPOS together with BYMONTH, BYMONTHDAY or BYDAY"
        case .setPositions: "positions 1 to 366 or -366 to -1, separated by commas"
        case .weekStart: "a weekday: MO, TU, WE, TH, FR, SA or SU"
        }
    }
}
