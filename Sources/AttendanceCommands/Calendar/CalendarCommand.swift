import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// `attendance calendar CODE [--month YYYY-MM] [--day DATE] [--format text|json]`;
/// `attendance calendar CODE|--all --format pdf --output FILE|- [--paper a4|letter]`
struct CalendarCommand: SpeakingCommand {
    static var configuration: CommandConfiguration {
        .command(
            "calendar", Phrase("One employee's month as a calendar, or one date in detail."),
            discussion: Phrase(
                "The grid shows each date's status code (P present, L late, HD half day, A absent, H holiday, WO weekly off, LV leave, M missing mark-out), today in brackets, then the month summary and the flagged dates. Colours are used on a terminal unless NO_COLOR is set. --day shows one date's punches with their WiFi evidence, sessions, gaps, worked time, flags and corrections. --format pdf --output FILE draws the month on a page to sign, each date filled in the register's colours with its first IN, last OUT and hours; --all makes a page for every active employee. --output - writes the PDF to standard output."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The employee's code.")) var code: EmployeeCode?
    @Flag(help: .tr("Every active employee, a page each (with --format pdf).")) var all = false
    @Option(help: .tr("The month (default: the current one).", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: .tr("Show this date in detail instead.", valueName: "YYYY-MM-DD")) var day: AttendanceDate?
    @Option(help: .tr("text, json or pdf.")) var format: CalendarFormat = .text
    @Option(help: .tr("The file a PDF is written to; - for standard output.", valueName: "file"))
    var output: String?
    @Option(help: .tr("The paper of a PDF: a4 or letter, portrait.")) var paper: RegisterPDF.Paper = .a4
    @OptionGroup var language: LanguageOptions

    func validate() throws {
        let words = language.words
        if month != nil, day != nil { throw ValidationError(words.tr("give --month or --day, not both")) }
        if all, code != nil { throw ValidationError(words.tr("give a code or --all, not both")) }
        if !all, code == nil {
            throw ValidationError(words.tr("give the employee's code (or --all with --format pdf)"))
        }
        if all, format != .pdf {
            throw ValidationError(words.tr("--all makes a PDF with a page each; add --format pdf"))
        }
        if format == .pdf, output == nil {
            throw ValidationError(words.tr("--format pdf needs --output FILE (- for standard output)"))
        }
        if format == .pdf, day != nil {
            throw ValidationError(words.tr("--day shows one date; the PDF is of a month"))
        }
        if output != nil, format != .pdf { throw ValidationError(words.tr("--output goes with --format pdf")) }
    }

    func run(in context: Context) throws {
        let (shownDay, shownMonth) = (day, month)
        let (configuration, store) = try global.open(in: context)
        let policy = configuration.policy
        let now = context.now()
        let yearMonth = shownDay?.yearMonth ?? shownMonth ?? policy.attendanceDate(of: now).yearMonth
        if format == .pdf { return try writePDF(yearMonth, configuration: configuration, store: store, in: context) }
        guard let code else { throw CommandFailure(context.words.tr("give the employee's code"), status: .usage) }
        let employee = try requireEmployee(code, in: store)
        let evaluation = try Reports.month(yearMonth, of: employee, policy: policy, now: now, store: store)
        if let shownDay, let evaluated = evaluation[shownDay] {
            if format == .json {
                context.out.write(
                    try JSONOutput.render(ReportJSON.DayDetail(employee: employee, day: evaluated, zone: policy.zone)))
            } else {
                let histories = try Reports.punchHistories(of: employee, on: shownDay, store: store)
                context.out.write(
                    DayDetailView(
                        employee: employee, day: evaluated, zone: policy.zone, now: now, words: context.words,
                        histories: histories
                    ).render())
            }
            return
        }
        if format == .json {
            context.out.write(
                try JSONOutput.render(
                    ReportJSON.Calendar(employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts)))
        } else {
            let view = CalendarView(
                employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone,
                words: context.words)
            context.out.write(view.render())
        }
    }

    /// The month of `code`, or of every active employee employed in it, as a PDF a page each.
    private func writePDF(
        _ month: YearMonth, configuration: Configuration, store: AttendanceStore, in context: Context
    ) throws {
        let words = context.words
        let document = try CalendarFiles.pdf(
            month, of: try CalendarFiles.employees(code, in: month, store: store), configuration: configuration,
            now: context.now(), paper: paper, store: store,
            words: words)
        let path = output ?? "-"
        let written = try DocumentOutput.write(to: path, protecting: store, in: context, document.write(to:))
        FontWarning.say(written.unshaped, in: path, to: context)
        guard path != "-" else { return }
        let values = ["month": words.monthTitle(month), "file": path]
        guard let code else {
            return context.out.line(
                words.ntr(
                    "wrote the calendars for {month} ({n} page) to {file}",
                    "wrote the calendars for {month} ({n} pages) to {file}", written.pages, values))
        }
        context.out.line(
            words.ntr(
                "wrote {code}'s calendar for {month} ({n} page) to {file}",
                "wrote {code}'s calendar for {month} ({n} pages) to {file}", written.pages,
                values.merging(["code": code.rawValue]) { $1 }))
    }
}

/// What `calendar --format` writes.
enum CalendarFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, pdf
}
