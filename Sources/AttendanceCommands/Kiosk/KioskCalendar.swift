import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceTerminal

/// "My calendar" at the kiosk: the same calendar `attendance calendar` draws, this month, with
/// as many flagged days as the screen has room for.
enum KioskCalendar {
    static func view(for employee: Employee, desk: MarkingService) throws(StoreError) -> StyledText {
        let now = desk.now()
        let month = employee.policy(from: desk.configuration.policy).attendanceDate(of: now).yearMonth
        return try Reports.calendar(
            of: employee, month: month, configuration: desk.configuration, now: now, store: desk.store, width: 78,
            flaggedLimit: 3)
    }
}
