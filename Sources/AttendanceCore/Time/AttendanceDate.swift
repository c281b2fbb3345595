import CivilCalendar

/// A calendar date (proleptic Gregorian) with no time and no zone: one row in every calendar.
///
/// Stored and printed as `YYYY-MM-DD`. Arithmetic works on a day number (days since
/// 1970-01-01), so moving through a month or a year never consults a time zone.
public struct AttendanceDate: Hashable, Sendable, Comparable, CustomStringConvertible, Strideable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        self.init(valid: year, month, day)
    }

    /// For values already known to be a real date.
    init(valid year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`: exactly four, two and two ASCII digits, and a real date.
    ///
    /// Read by its bytes: a register reads thousands of stored dates, and splitting text into
    /// characters cost each one more than the rest of its row.
    public init(parsing text: String) throws(CoreError) {
        let fields = asciiNumbers(text, lengths: [4, 2, 2], separator: UInt8(ascii: "-"))
        guard let fields, let date = AttendanceDate(year: fields[0], month: fields[1], day: fields[2]) else {
            throw .invalidValue(what: Phrase("date"), value: text, expected: Phrase("a real date as YYYY-MM-DD"))
        }
        self = date
    }

    /// 0001-01-01: before every date a punch can have, for "from the beginning".
    public static let earliest = AttendanceDate(dayNumber: -719_162)

    /// The date `dayNumber` days after 1970-01-01 (negative: before).
    public init(dayNumber: Int) {
        let (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
        self.init(valid: year, month, day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilCalendar.dayNumber(year: year, month: month, day: day) }

    public var weekday: Weekday { Weekday.mondayFirst[CivilCalendar.weekdayIndex(dayNumber: dayNumber)] }

    public var yearMonth: YearMonth { YearMonth(valid: year, month) }

    public func adding(days: Int) -> AttendanceDate { AttendanceDate(dayNumber: dayNumber + days) }

    public func distance(to other: AttendanceDate) -> Int { other.dayNumber - dayNumber }
    public func advanced(by n: Int) -> AttendanceDate { adding(days: n) }

    /// `YYYY-MM-DD`, written digit by digit: reports write one for each of tens of thousands of
    /// cells and rows.
    public var description: String {
        guard (0...9999).contains(year) else {
            return String(year).leftPadded(to: 4) + "-" + String(month).leftPadded(to: 2) + "-"
                + String(day).leftPadded(to: 2)
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            func write(_ value: Int, in digits: Range<Int>) {
                var rest = value
                for index in digits.reversed() {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, in: 0..<4)
            text[4] = UInt8(ascii: "-")
            write(month, in: 5..<7)
            text[7] = UInt8(ascii: "-")
            write(day, in: 8..<10)
            return 10
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeap(_ year: Int) -> Bool { CivilCalendar.isLeap(year) }

    public static func daysIn(year: Int, month: Int) -> Int { CivilCalendar.daysIn(year: year, month: month) }
}
