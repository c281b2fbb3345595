/// A month laid out for a calendar: weeks as rows of seven days, the first column `weekStarts`.
///
/// Days outside the month are nil, so every row has exactly seven cells. Built from day numbers
/// alone (no Calendar, no zone); the tests check it against `ncal` for every month of 2000–2040.
public struct MonthGrid: Sendable, Hashable {
    public let month: YearMonth
    /// The weekday of the first column.
    public let weekStarts: Weekday
    /// The weekdays in column order.
    public let weekdays: [Weekday]
    /// Rows of seven cells: a date of the month, or nil before its first / after its last day.
    public let weeks: [[AttendanceDate?]]

    /// The layout of `month` with weeks starting on `weekStarts` (Monday, or Sunday).
    public init(month: YearMonth, weekStarts: Weekday = .monday) {
        let startIndex = weekStarts.mondayIndex
        let weekdays = (0..<7).map { Weekday.mondayFirst[(startIndex + $0) % 7] }
        let leading = (month.firstDay.weekday.mondayIndex - startIndex + 7) % 7
        var cells: [AttendanceDate?] = Array(repeating: nil, count: leading)
        cells += month.dates.map { Optional($0) }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        self.month = month
        self.weekStarts = weekStarts
        self.weekdays = weekdays
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The row and column of `date`, or nil when it is not in the month.
    public func position(of date: AttendanceDate) -> (week: Int, column: Int)? {
        guard date.yearMonth == month else { return nil }
        let index = (month.firstDay.weekday.mondayIndex - weekStarts.mondayIndex + 7) % 7 + date.day - 1
        return (index / 7, index % 7)
    }
}
