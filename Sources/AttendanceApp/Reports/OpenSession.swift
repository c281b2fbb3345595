import AttendanceCore
import AttendanceStore
import Foundation

/// One session that makes a date M (missing mark-out), and what would close it: an open IN to
/// be marked out, or an over-long session whose OUT is to be re-timed.
public struct OpenSession: Sendable {
    public let employee: Employee
    public let day: DayEvaluation
    public let session: Session
    /// The core's suggestion for the missing or re-timed OUT, when it has one.
    public let suggestedClose: Date?
    /// Whether the date is past the edit window, so a correction needs `force`.
    public let isOutsideEditWindow: Bool
    /// The employee's own policy (their shift).
    public let policy: Policy
}

extension Reports {
    /// Every open or over-long session from `first` through `last`, oldest date first and, on
    /// one date, in the order of the employee list: the same evaluation as the calendars, so the
    /// two always agree on which dates are M.
    public static func openSessions(
        from first: AttendanceDate, through last: AttendanceDate, policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> [OpenSession] {
        let employees = try store.employees()
        var items: [OpenSession] = []
        var shown = first.yearMonth
        while shown <= last.yearMonth {
            let (from, through) = (max(first, shown.firstDay), min(last, shown.lastDay))
            let punches = try store.punchesByEmployee(from: shown.firstDay, through: shown.lastDay)
            let corrected = try store.correctedDates(from: shown.firstDay, through: shown.lastDay)
            let holidays = try store.holidayNames(from: shown.firstDay, through: shown.lastDay)
            let leave = try store.leaveByEmployee(from: shown.firstDay, through: shown.lastDay)
            for employee in employees {
                let evaluation = StatusEngine(employee: employee, policy: policy, now: now).evaluate(
                    month: shown, punches: punches[employee.id] ?? [], holidays: holidays,
                    leave: leave[employee.id] ?? [:], correctedDates: corrected[employee.id] ?? [])
                let own = employee.policy(from: policy)
                for day in evaluation.days where day.status == .missing && (from...through).contains(day.date) {
                    let sessions = day.sessions
                    for (index, session) in sessions.enumerated() where session.isOpen || session.isOverMax {
                        let close = own.suggestedClose(
                            of: session, before: index + 1 < sessions.count ? sessions[index + 1].start : nil,
                            on: day.date, maxSessionSeconds: day.punches.maxSessionSeconds)
                        items.append(
                            OpenSession(
                                employee: employee, day: day, session: session, suggestedClose: close,
                                isOutsideEditWindow: own.isOutsideEditWindow(day.date, now: now), policy: own))
                    }
                }
            }
            shown = shown.next
        }
        return items.enumerated().sorted { ($0.element.day.date, $0.offset) < ($1.element.day.date, $1.offset) }
            .map(\.element)
    }
}
