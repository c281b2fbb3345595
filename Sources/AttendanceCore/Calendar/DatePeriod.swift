/// The dates a register or summary covers: a calendar month, or any run of at most
/// ``maximumDays`` dates, such as a payroll period from the 26th to the 25th (docs/rules.md "Month
/// summary", "Periods").
///
/// A month is the common case: a period that is exactly one calendar month says so (``month``),
/// and reports word it as the month they always have.
public struct DatePeriod: Hashable, Sendable, CustomStringConvertible {
    public let first: AttendanceDate
    public let last: AttendanceDate

    /// The longest period a register covers: two months' dates, so a page still has room for a day's column.
    public static let maximumDays = 62

    /// The dates `first` to `last`, both included; refused when `last` is before `first` or the
    /// period is longer than ``maximumDays``, with the reason.
    public init(from first: AttendanceDate, through last: AttendanceDate) throws(CoreError) {
        let shown = "\(first) to \(last)"
        guard first <= last else {
            throw .invalidValue(
                what: Phrase("period"), value: shown, expected: Phrase("a last date on or after the first"))
        }
        let count = first.distance(to: last) + 1
        guard count <= Self.maximumDays else {
            throw .invalidValue(
                what: Phrase("period"), value: shown,
                expected: Phrase(
                    "at most {most} days (a register has a column per date); this one has {count}",
                    ["most": "\(Self.maximumDays)", "count": "\(count)"]))
        }
        self.first = first
        self.last = last
    }

    /// The whole of `month`.
    public init(_ month: YearMonth) { self.init(valid: month.firstDay, month.lastDay) }

    /// For dates already known to make a period.
    private init(valid first: AttendanceDate, _ last: AttendanceDate) {
        self.first = first
        self.last = last
    }

    /// The payroll period named after `month`, in which it ends: from `startDay` of the month
    /// before through the day before `startDay` of `month` (`startDay` 26: 26 October to 25 November
    /// for 2026-11). With `startDay` 1 it is the calendar month itself.
    public init(payrollMonth month: YearMonth, startDay: Int) {
        let day = min(max(startDay, 1), 28)
        guard day > 1 else {
            self.init(month)
            return
        }
        let previous = month.previous
        self.init(
            valid: AttendanceDate(valid: previous.year, previous.month, day),
            AttendanceDate(valid: month.year, month.month, day - 1))
    }

    /// The calendar month these dates are exactly, or nil when they are any other run of dates.
    public var month: YearMonth? {
        let month = first.yearMonth
        return first == month.firstDay && last == month.lastDay ? month : nil
    }

    /// The dates, first to last.
    public var dates: [AttendanceDate] {
        month?.dates ?? (first.dayNumber...last.dayNumber).map(AttendanceDate.init(dayNumber:))
    }

    public var dayCount: Int { first.distance(to: last) + 1 }

    public func contains(_ date: AttendanceDate) -> Bool { date >= first && date <= last }

    /// The position of `date` among ``dates``, or nil when it is outside the period.
    public func offset(of date: AttendanceDate) -> Int? {
        guard contains(date) else { return nil }
        // Within one month the day number says it without converting the date.
        return date.year == first.year && date.month == first.month ? date.day - first.day : first.distance(to: date)
    }

    /// "2026-11" for a month, "2026-10-26 to 2026-11-25" for any other period.
    public var description: String { month?.description ?? "\(first) to \(last)" }

    /// "November 2026" for a month, "2026-10-26 – 2026-11-25" for any other period.
    public var title: String { month?.title ?? datesTitle }

    /// "2026-10-26 – 2026-11-25": the period's first and last dates, in every language.
    public var datesTitle: String { "\(first) – \(last)" }
}
