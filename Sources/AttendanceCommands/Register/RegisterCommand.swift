import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// `attendance register [--month YYYY-MM | --from DATE --to DATE | --period YYYY-MM] [--format text|csv|json|pdf|xlsx] [--output FILE|-] [--paper a4|letter]
/// [--print [--printer NAME]] [--page-size N]`
struct RegisterCommand: SpeakingCommand {
    static var configuration: CommandConfiguration {
        .command(
            "register", Phrase("The monthly register of every employee, to read, export or print."),
            discussion: Phrase(
                "The current month unless told otherwise: --month, --from and --to for any period of at most 62 days, or --period for the payroll period of [register] period_start_day that ends in that month. Employees with a department are listed by department, each followed by its subtotal; --department NAME gives one department's register (an unknown one is refused). A row per employee, a column per date, then present days (P + L + ½ HD), L, HD, A, LV, M and hours; 132 columns wide, in pages with the header repeated, the legend, the office name and a line for the manager's signature. Codes are never shortened: codes longer than 8 characters leave the names out, and longer than 12 in a 31-day month make the lines wider than 132. --print sends it to CUPS (lp, landscape, fixed width) and prints the job id. CSV (RFC 4180) and JSON are for payroll. --format pdf --output FILE writes it in colour: landscape A4 (or --paper letter), each date's cell filled in its status's colour with its code written in it, the header on every page, the legend, \"page x of y\", the sign-off lines and the history digest; with --print instead of --output it goes to CUPS as it is. --format xlsx --output FILE writes a workbook: the grid in the same colours with the figures as numbers, a row per employee per date (first in, last out, hours) for payroll, and the legend. --output - writes the PDF or the workbook to standard output."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dates: PeriodOptions
    @Option(help: .tr("Only the employees of this department.", valueName: "name")) var department: Department?
    @Option(help: .tr("text, csv, json, pdf or xlsx.")) var format: RegisterFormat = .text
    @Option(help: .tr("The file a PDF or workbook is written to; - for standard output.", valueName: "file"))
    var output: String?
    @Option(help: .tr("The paper of a PDF: a4 or letter, landscape.")) var paper: RegisterPDF.Paper = .a4
    @Flag(help: .tr("Print it through CUPS instead of writing it out.")) var print = false
    @Option(help: .tr("The CUPS printer (default: the default destination).", valueName: "name"))
    var printer: String?
    @Option(help: .tr("Employees per page.", valueName: "N")) var pageSize = 25
    @OptionGroup var language: LanguageOptions

    static let pageSizes = 1...60

    func validate() throws {
        let words = language.words
        try dates.check(words)
        if printer != nil, !print { throw ValidationError(words.tr("--printer goes with --print")) }
        if print, format != .text, format != .pdf {
            throw ValidationError(words.tr("--print prints the text register, or the PDF with --format pdf"))
        }
        if print, output != nil {
            throw ValidationError(words.tr("--print sends the register to the printer; leave out --output"))
        }
        if format.isDocument, output == nil, !print {
            throw ValidationError(
                words.tr("--format {format} needs --output FILE (- for standard output)", ["format": "\(format)"]))
        }
        if output != nil, !format.isDocument {
            throw ValidationError(words.tr("--output goes with --format pdf or xlsx"))
        }
        guard Self.pageSizes.contains(pageSize) else {
            throw ValidationError(
                words.tr(
                    "--page-size must be from {lowest} to {highest}",
                    ["lowest": "\(Self.pageSizes.lowerBound)", "highest": "\(Self.pageSizes.upperBound)"]))
        }
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let now = context.now()
        let period =
            try dates.chosen(configuration) ?? DatePeriod(configuration.policy.attendanceDate(of: now).yearMonth)
        let only = try department.map { try Reports.department($0, store: store) }
        let register = try Reports.register(
            period, policy: configuration.policy, now: now, store: store, department: only)
        let words = context.words
        switch format {
        case .json:
            context.out.write(
                try JSONOutput.render(ReportJSON.Register(register, office: configuration.kiosk.officeName)))
        case .csv:
            context.out.write(RegisterFiles.csv(register))
        case .pdf:
            let document = try RegisterFiles.pdf(
                register, configuration: configuration, now: now, paper: paper, store: store, words: words)
            let path = print ? "the printed register" : output ?? "-"
            let written: RegisterPDF.Written
            var job: String?
            if print {
                let (made, bytes) = try DocumentOutput.inMemory(document.write(to:))
                written = made
                job = try LinePrinter(environment: context.environment, words: context.words).print(
                    pdf: bytes, title: "Attendance register \(period)", printer: printer)
            } else {
                written = try DocumentOutput.write(to: path, protecting: store, in: context, document.write(to:))
            }
            FontWarning.say(written.unshaped, in: path, to: context)
            if let job {
                context.out.line(Self.sent(period, pages: written.pages, to: printer, job: job, words))
            } else if path != "-" {
                context.out.line(
                    words.ntr(
                        "wrote the register for {period} ({n} page) to {file}",
                        "wrote the register for {period} ({n} pages) to {file}", written.pages,
                        ["period": words.periodTitle(period), "file": path]))
            }
        case .xlsx:
            let workbook = try RegisterFiles.workbook(
                register, configuration: configuration, now: now, store: store, words: words)
            let path = output ?? "-"
            try DocumentOutput.write(to: path, protecting: store, in: context, workbook.write(to:))
            if path != "-" {
                context.out.line(
                    words.ntr(
                        "wrote the register for {period} ({n} employee) to {file}",
                        "wrote the register for {period} ({n} employees) to {file}", register.rows.count,
                        ["period": words.periodTitle(period), "file": path]))
            }
        case .text:
            let view = Reports.registerView(
                register, configuration: configuration, now: now, employeesPerPage: pageSize,
                history: try store.historyHead(), words: words)
            guard print else { return context.out.write(view.parts) }
            let pages = view.pages
            // A form feed starts each page on a new sheet whatever the printer's page length.
            let text = pages.map(\.plainText).joined(separator: "\u{0C}")
            let job = try LinePrinter(environment: context.environment, words: context.words).print(
                text, title: "Attendance register \(period)", printer: printer,
                linesPerPage: pages.map { $0.description.filter { $0 == "\n" }.count }.max() ?? 0)
            context.out.line(Self.sent(period, pages: pages.count, to: printer, job: job, words))
        }
    }

    /// "sent the register for November 2026 (2 pages) to printer Office as job Office-12".
    static func sent(_ period: DatePeriod, pages: Int, to printer: String?, job: String, _ words: Speech) -> String {
        let values = ["period": words.periodTitle(period), "job": job]
        guard let printer else {
            return words.ntr(
                "sent the register for {period} ({n} page) to the default printer as job {job}",
                "sent the register for {period} ({n} pages) to the default printer as job {job}", pages, values)
        }
        return words.ntr(
            "sent the register for {period} ({n} page) to printer {printer} as job {job}",
            "sent the register for {period} ({n} pages) to printer {printer} as job {job}", pages,
            values.merging(["printer": printer]) { $1 })
    }
}

/// What `register --format` writes.
enum RegisterFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv, pdf, xlsx

    /// Written as a file by its library (cairo, libxlsxwriter): to `--output`, or printed.
    var isDocument: Bool { self == .pdf || self == .xlsx }
}

extension RegisterPDF.Paper: ExpressibleByArgument {}
