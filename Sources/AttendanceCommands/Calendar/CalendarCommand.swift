import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceTerminal

/// `attendance calendar CODE [--month YYYY-MM] [--day DATE] [--format text|json]`
struct CalendarCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "One employee's month as a calendar, or one date in detail.",
        discussion: """
            The grid shows each date's status code (P present, L late, HD half day, A absent, H holiday, \
            WO weekly off, LV leave, M missing mark-out), today in brackets, then the month summary and \
            the flagged dates. Colours are used on a terminal unless NO_COLOR is set. --day shows one \
            date's punches with their WiFi evidence, sessions, gaps, worked time, flags and corrections.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The employee's code.") var code: EmployeeCode
    @Option(help: ArgumentHelp("The month (default: the current one).", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: ArgumentHelp("Show this date in detail instead.", valueName: "YYYY-MM-DD")) var day: AttendanceDate?
    @Option(help: "text or json.") var format: DocumentFormat = .text

    func validate() throws {
        if month != nil, day != nil { throw ValidationError("give --month or --day, not both") }
    }

    func run(in context: Context) throws {
        let (shownDay, shownMonth) = (day, month)
        let (configuration, store) = try global.open(in: context)
        let employee = try requireEmployee(code, in: store)
        let policy = configuration.policy
        let now = context.now()
        let yearMonth = shownDay?.yearMonth ?? shownMonth ?? policy.attendanceDate(of: now).yearMonth
        let evaluation = try Reports.month(yearMonth, of: employee, policy: policy, now: now, store: store)
        if let shownDay, let evaluated = evaluation[shownDay] {
            switch format {
            case .json:
                context.out.write(
                    try JSONOutput.render(ReportJSON.DayDetail(employee: employee, day: evaluated, zone: policy.zone)))
            case .text:
                context.out.write(
                    DayDetailView(employee: employee, day: evaluated, zone: policy.zone, now: now).render())
            }
            return
        }
        switch format {
        case .json:
            context.out.write(
                try JSONOutput.render(
                    ReportJSON.Calendar(employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts)))
        case .text:
            let view = CalendarView(
                employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone)
            context.out.write(view.render())
        }
    }
}
