import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// "My calendar" at the kiosk: the same calendar `attendance calendar` draws, a month at a time,
/// with as many flagged days as the screen has room for.
enum KioskCalendar {
    /// How far the arrows go from this month: back a year, ahead to the holidays and leave planned
    /// for the next two months.
    static let monthsBack = 12
    static let monthsAhead = 2

    static func view(
        for employee: Employee, month: YearMonth, desk: MarkingService, _ words: Speech
    ) throws(StoreError)
        -> StyledText
    {
        try Reports.calendar(
            of: employee, month: month, configuration: desk.configuration, now: desk.now(), store: desk.store,
            width: 78, flaggedLimit: 3, words: words)
    }

    /// The month holding the person's attendance date now.
    static func currentMonth(for employee: Employee, desk: MarkingService) -> YearMonth {
        employee.policy(from: desk.configuration.policy).attendanceDate(of: desk.now()).yearMonth
    }

    /// The month `key` moves to from `month` (left or up: the one before; right or down: the one
    /// after), nil for any other key or past the months the arrows reach.
    static func month(
        after key: Key, from month: YearMonth, for employee: Employee, desk: MarkingService
    )
        -> YearMonth?
    {
        let current = currentMonth(for: employee, desk: desk)
        let first = (0..<monthsBack).reduce(current) { month, _ in month.previous }
        let last = (0..<monthsAhead).reduce(current) { month, _ in month.next }
        let shown: YearMonth
        switch key {
        case .left, .up: shown = month.previous
        case .right, .down: shown = month.next
        default: return nil
        }
        return (first...last).contains(shown) ? shown : month
    }
}
