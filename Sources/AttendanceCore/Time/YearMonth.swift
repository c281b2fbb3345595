/// A month of a year, `YYYY-MM`: the unit of calendars, registers and summaries.
public struct YearMonth: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// For values already known to be in range.
    init(valid year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`: exactly four and two ASCII digits, and a real month.
    public init(parsing text: String) throws(CoreError) {
        let fields = asciiNumbers(text, lengths: [4, 2], separator: UInt8(ascii: "-"))
        guard let fields, let value = YearMonth(year: fields[0], month: fields[1]) else {
            throw .invalidValue(what: Phrase("month"), value: text, expected: Phrase("YYYY-MM, for example 2026-11"))
        }
        self = value
    }

    public var firstDay: AttendanceDate { AttendanceDate(valid: year, month, 1) }
    public var lastDay: AttendanceDate { AttendanceDate(valid: year, month, dayCount) }
    public var days: ClosedRange<AttendanceDate> { firstDay...lastDay }
    public var dayCount: Int { AttendanceDate.daysIn(year: year, month: month) }

    public var next: YearMonth {
        month == 12 ? YearMonth(valid: year + 1, 1) : YearMonth(valid: year, month + 1)
    }
    public var previous: YearMonth {
        month == 1 ? YearMonth(valid: year - 1, 12) : YearMonth(valid: year, month - 1)
    }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
    /// "November 2026"
    public var title: String { Self.monthNames[month - 1] + " " + String(year) }

    public var description: String {
        String(year).leftPadded(to: 4) + "-" + String(month).leftPadded(to: 2)
    }

    public static func < (a: Self, b: Self) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
