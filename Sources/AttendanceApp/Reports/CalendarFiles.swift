import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// Employees' months as the calendar a manager prints for each to sign: one page per employee,
/// each date in the register's colours with its first IN, last OUT and hours, the month's figures
/// and its flagged days. `attendance calendar --format pdf` writes it to a file, the console sends
/// it to a browser; both get the same document from here.
public enum CalendarFiles {
    /// The employees a month's calendars are made for: `code` alone, else every active employee
    /// employed that month.
    public static func employees(
        _ code: EmployeeCode?, in month: YearMonth, store: AttendanceStore
    ) throws -> [Employee] {
        if let code { return [try Reports.employee(code, store: store)] }
        return try store.employees().filter { $0.isActive && MonthRegister.isEmployed($0, in: month) }
    }

    /// The calendars of `employees` for `month`, a page each, in `words`' language.
    public static func pdf(
        _ month: YearMonth, of employees: [Employee], configuration: Configuration, now: Date,
        paper: RegisterPDF.Paper, store: AttendanceStore, words: Speech
    ) throws(StoreError) -> CalendarPDF {
        let policy = configuration.policy
        var pages: [CalendarPDF.Page] = []
        for employee in employees {
            let evaluation = try Reports.month(month, of: employee, policy: policy, now: now, store: store)
            let view = CalendarView(
                employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone,
                words: words)
            pages.append(
                CalendarPDF.Page(
                    employee: employee, evaluation: evaluation, evidence: view.evidenceLines,
                    flagged: evaluation.flaggedDays.map { (day: $0, words: CalendarView.flagWords($0, words)) }))
        }
        let local = policy.zone.localDateTime(of: now)
        return CalendarPDF(
            pages: pages, office: configuration.kiosk.officeName, asOf: "\(local.date) \(local.time)",
            weekStarts: policy.weekStarts, zone: policy.zone, paper: paper, words: words)
    }
}
