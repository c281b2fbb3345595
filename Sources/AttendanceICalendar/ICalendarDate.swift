import CivilCalendar

/// A date of an iCalendar file (proleptic Gregorian, years 1 to 9999 as written; arithmetic may
/// step past them): no time, no zone. Printed as `YYYY-MM-DD`, as messages name dates.
///
/// Arithmetic works on a day number (days since 1970-01-01), as the caller's own dates may.
public struct ICalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, when it exists in years 1 to 9999.
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

    /// The date `dayNumber` days after 1970-01-01 (negative: before).
    public init(dayNumber: Int) {
        let (year, month, day) = CivilCalendar.date(dayNumber: dayNumber)
        self.init(valid: year, month, day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { CivilCalendar.dayNumber(year: year, month: month, day: day) }

    public var weekday: ICalendarWeekday {
        ICalendarWeekday(rawValue: CivilCalendar.weekdayIndex(dayNumber: dayNumber)) ?? .monday
    }

    /// 1 for 1 January … 365 or 366 for 31 December.
    var dayOfYear: Int { dayNumber - ICalendarDate(valid: year, 1, 1).dayNumber + 1 }

    public func adding(days: Int) -> ICalendarDate { ICalendarDate(dayNumber: dayNumber + days) }

    public func distance(to other: ICalendarDate) -> Int { other.dayNumber - dayNumber }

    /// The dates from `self` through `last`, in order; empty when `last` is earlier.
    public func dates(through last: ICalendarDate) -> [ICalendarDate] {
        last < self ? [] : (0...distance(to: last)).map { adding(days: $0) }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static func < (a: Self, b: Self) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public static func isLeap(_ year: Int) -> Bool { CivilCalendar.isLeap(year) }

    public static func daysIn(year: Int, month: Int) -> Int { CivilCalendar.daysIn(year: year, month: month) }
}

/// A day of the week, as `BYDAY` and `WKST` name it.
public enum ICalendarWeekday: Int, Sendable, Hashable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two letters of RFC 5545 (`MO` … `SU`).
    init?(code: String) {
        guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code) else { return nil }
        self.init(rawValue: index)
    }
}

extension ICalendarDate {
    /// The date of an iCalendar `DATE` value (RFC 5545 3.3.4): `20260126`, eight digits, a real date.
    init?(iCalendarDate text: some StringProtocol) {
        guard text.utf8.count == 8, text.allSatisfy(\.isASCIIDigit), let year = Int(text.prefix(4)),
            let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.suffix(2))
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date, as written, of an iCalendar `DATE-TIME` value (RFC 5545 3.3.5): `20260126T093000`,
    /// local or floating, or `20260126T093000Z` in UTC; with `utcOnly`, only the UTC form.
    init?(dateOfICalendarDateTime text: some StringProtocol, utcOnly: Bool = false) {
        let time = text.dropFirst(8)
        let clock = time.dropFirst().prefix(6)
        let zone = time.dropFirst(7)
        guard time.first == "T", clock.count == 6, clock.allSatisfy(\.isASCIIDigit),
            zone == "Z" || (!utcOnly && zone.isEmpty)
        else { return nil }
        self.init(iCalendarDate: text.prefix(8))
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}
