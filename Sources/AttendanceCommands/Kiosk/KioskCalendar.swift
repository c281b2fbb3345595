import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// "My calendar" at the kiosk: the calendar `attendance calendar` draws, a month at a time, as
/// the employee reads it (planned days in grey, the holidays named), with a page of flagged days
/// that the up and down arrows turn.
enum KioskCalendar {
    /// How far the arrows go from this month: back a year, ahead to the holidays and leave planned
    /// for the next two months.
    static let monthsBack = 12
    static let monthsAhead = 2
    /// How many flagged days a page lists: what the screen has room for.
    static let flaggedPage = 3

    /// The calendar of `month` with the page of flagged days from `flaggedFrom` on (moved back to
    /// the last page when there are fewer), and the first day of the page it shows.
    static func view(
        for employee: Employee, month: YearMonth, flaggedFrom: Int, desk: MarkingService, _ words: Speech
    ) throws(StoreError)
        -> (text: StyledText, flaggedFrom: Int)
    {
        let policy = desk.configuration.policy
        let evaluation = try Reports.month(month, of: employee, policy: policy, now: desk.now(), store: desk.store)
        let count = evaluation.flaggedDays.count
        let from = min(max(0, flaggedFrom), max(0, (count - 1) / flaggedPage * flaggedPage))
        let view = CalendarView(
            employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone,
            flaggedLimit: flaggedPage, words: words, forEmployee: true, flaggedFrom: from)
        return (view.render(width: 78), from)
    }

    /// The month holding the person's attendance date now.
    static func currentMonth(for employee: Employee, desk: MarkingService) -> YearMonth {
        employee.policy(from: desk.configuration.policy).attendanceDate(of: desk.now()).yearMonth
    }

    /// The month `key` moves to from `month` (left: the one before; right: the one after), nil
    /// for any other key; past the months the arrows reach it stays on `month`.
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
        case .left: shown = month.previous
        case .right: shown = month.next
        default: return nil
        }
        return (first...last).contains(shown) ? shown : month
    }

    /// The first flagged day of the page `key` turns to (up: the page before; down: the one after),
    /// nil for any other key.
    static func flaggedFrom(after key: Key, from: Int) -> Int? {
        switch key {
        case .up: max(0, from - flaggedPage)
        case .down: from + flaggedPage
        default: nil
        }
    }
}
