/// A calendar date (proleptic Gregorian) with no time and no zone: one row in every calendar.
///
/// Stored and printed as `YYYY-MM-DD`. Arithmetic works on a day number (days since
/// 1970-01-01), so moving through a month or a year never consults a time zone.
public struct AttendanceDate: Hashable, Sendable, Comparable, CustomStringConvertible, Strideable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
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
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let offset = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.mondayFirst[offset]
    }

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

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
