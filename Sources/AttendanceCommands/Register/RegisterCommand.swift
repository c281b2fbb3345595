import ArgumentParser
import AttendanceCore
import AttendanceStore
import AttendanceTerminal

/// `attendance register --month YYYY-MM [--format text|csv|json] [--print [--printer NAME]] [--page-size N]`
struct RegisterCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "The monthly register of every employee, to read, export or print.",
        discussion: """
            A row per employee, a column per date, then present days (P + L + ½ HD), L, HD, A, LV, M and \
            hours; 132 columns wide, in pages with the header repeated, the legend, the office name and a \
            line for the manager's signature. --print sends it to CUPS (lp, landscape, fixed width) and \
            prints the job id. CSV (RFC 4180) and JSON are for payroll.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The month (default: the current one).", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: "text, csv or json.") var format: OutputFormat = .text
    @Flag(help: "Print it through CUPS instead of writing it out.") var print = false
    @Option(help: ArgumentHelp("The CUPS printer (default: the default destination).", valueName: "name"))
    var printer: String?
    @Option(help: ArgumentHelp("Employees per page.", valueName: "N")) var pageSize = 25

    static let pageSizes = 1...60

    func validate() throws {
        if printer != nil, !print { throw ValidationError("--printer goes with --print") }
        if print, format != .text { throw ValidationError("--print prints the text register; leave out --format") }
        guard Self.pageSizes.contains(pageSize) else {
            throw ValidationError(
                "--page-size must be from \(Self.pageSizes.lowerBound) to \(Self.pageSizes.upperBound)")
        }
    }

    func run(in context: Context) throws {
        let shownMonth = month
        let (configuration, store) = try global.open(in: context)
        let now = context.now()
        let yearMonth = shownMonth ?? configuration.policy.attendanceDate(of: now).yearMonth
        let register = try Reports.register(yearMonth, policy: configuration.policy, now: now, store: store)
        switch format {
        case .json:
            context.out.write(
                try JSONOutput.render(ReportJSON.Register(register, office: configuration.kiosk.officeName)))
        case .csv:
            context.out.write(Self.csv(register))
        case .text:
            let view = Reports.registerView(
                register, configuration: configuration, now: now, employeesPerPage: pageSize)
            guard print else { return context.out.write(view.render()) }
            let pages = view.pages
            // A form feed starts each page on a new sheet whatever the printer's page length.
            let text = pages.map(\.plainText).joined(separator: "\u{0C}")
            let job = try LinePrinter(environment: context.environment).print(
                text, title: "Attendance register \(yearMonth)", printer: printer,
                linesPerPage: pages.map { $0.description.filter { $0 == "\n" }.count }.max() ?? 0)
            let destination = printer.map { "printer \($0)" } ?? "the default printer"
            context.out.line(
                "sent the register for \(yearMonth.title) (\(pages.count) page\(pages.count == 1 ? "" : "s")) to \(destination) as job \(job)"
            )
        }
    }

    /// code, name, one column per date, then the summary's figures.
    static func csv(_ register: MonthRegister) -> String {
        let counted: [DayStatus] = [.present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing]
        let header =
            ["code", "name"] + register.month.dates.map(\.description) + ["present_days"] + counted.map(\.code)
            + ["late", "early_exit", "hours"]
        let rows = register.rows.map { row in
            let summary = row.evaluation.summary
            return [row.employee.code.rawValue, row.employee.name.rawValue] + row.evaluation.days.map(\.code)
                + [summary.presentDaysText] + counted.map { summary.countText($0) }
                + [String(summary.lateCount), String(summary.earlyExitCount), summary.workedHoursText]
        }
        return CSV.render(header: header, rows: rows)
    }
}
