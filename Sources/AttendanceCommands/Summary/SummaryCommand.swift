import ArgumentParser
import AttendanceCore
import AttendanceStore
import AttendanceTerminal

/// `attendance summary --week [DATE] [--employee CODE]`
struct SummaryCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Hours per employee per day for a week, and a note for payroll.",
        discussion: """
            The week holding DATE (default: today), starting on [policy] week_starts. Hours are marked-out \
            sessions, rounded to hundredths per date; the total is the sum of the dates.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Summarise a week (the only period so far, and the default).") var week = false
    @Argument(help: ArgumentHelp("A date in the week.", valueName: "YYYY-MM-DD")) var date: AttendanceDate?
    @Option(help: ArgumentHelp("Only this employee.", valueName: "code")) var employee: EmployeeCode?
    @Option(help: "text, json or csv.") var format: OutputFormat = .text

    func run(in context: Context) throws {
        let day = date
        let (configuration, store) = try global.open(in: context)
        let policy = configuration.policy
        let now = context.now()
        let employees: [Employee]
        if let employee {
            employees = [try requireEmployee(employee, in: store)]
        } else {
            employees = try store.employees()
        }
        let anchor = day ?? policy.attendanceDate(of: now)
        let firstDay = anchor.startOfWeek(policy.weekStarts)
        let rows = try Reports.week(of: anchor, employees: employees, policy: policy, now: now, store: store)
        let dates = firstDay.dates(through: firstDay.adding(days: 6))
        switch format {
        case .json:
            context.out.write(try JSONOutput.render(ReportJSON.Week(firstDay: firstDay, rows: rows)))
        case .csv:
            context.out.write(
                CSV.render(
                    header: ["code", "name"] + dates.map(\.description) + ["total"],
                    rows: rows.map { row in
                        [row.employee.code.rawValue, row.employee.name.rawValue]
                            + (row.hours.hundredthsByDay + [row.hours.totalHundredths]).map(Self.decimal)
                    }))
        case .text:
            context.out.line("Week of \(firstDay) to \(dates[6])")
            guard !rows.isEmpty else {
                context.out.line("no one was employed that week")
                return
            }
            context.out.line()
            var table = TextTable(
                headers: ["CODE", "NAME"] + dates.map { "\($0.weekday.shortName) \($0.day)" } + ["TOTAL"],
                alignments: [.left, .left] + Array(repeating: .right, count: 8))
            for row in rows {
                table.append(
                    [row.employee.code.rawValue, row.employee.name.rawValue.truncated(toWidth: 24)]
                        + (row.hours.hundredthsByDay + [row.hours.totalHundredths]).map(WeekHours.hoursText))
            }
            context.out.write(table.render())
            for row in rows {
                context.out.line()
                context.out.line("\(row.employee.code) \(row.employee.name)")
                context.out.write(row.hours.payrollText)
            }
        }
    }

    /// Hundredths of an hour with two decimals, for spreadsheets: "8.50".
    static func decimal(_ hundredths: Int) -> String {
        String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }
}
