import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance summary --week [DATE] [--employee CODE] [--format text|json|csv|xlsx] [--output FILE|-]`,
/// `attendance summary --month YYYY-MM|--from DATE --to DATE|--period YYYY-MM [--employee CODE] [--format text|json|csv]`
struct SummaryCommand: SpeakingCommand {
    static var configuration: CommandConfiguration {
        .command(
            "summary", Phrase("Hours per employee per day for a week, and a note for payroll; or a month's totals."),
            discussion: Phrase(
                "The week holding DATE (default: today), starting on [policy] week_starts. Hours are marked-out sessions, rounded to hundredths per date; the total is the sum of the dates. --format xlsx --output FILE writes a workbook: the hours as numbers, each date filled in its status's colour (as the register), the total, the header and names kept in view (--output - for standard output), its headings and dates in the --language (else the locale's). With --month, one row per employee employed that month: present days (P + L + ½ HD), the count of each status, late and early-exit dates and hours, as the register ends with them (its workbook is the register's: `attendance register --format xlsx`). --from and --to (at most 62 days) or --period (the payroll period of [register] period_start_day that ends in that month) give the same for those dates."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Flag(help: .tr("Summarise a week (the default).")) var week = false
    @OptionGroup var period: PeriodOptions
    @Argument(help: .tr("A date in the week.", valueName: "YYYY-MM-DD")) var date: AttendanceDate?
    @Option(help: .tr("Only this employee.", valueName: "code")) var employee: EmployeeCode?
    @Option(help: .tr("text, json, csv or xlsx.")) var format: SummaryFormat = .text
    @Option(help: .tr("The file a workbook is written to; - for standard output.", valueName: "file"))
    var output: String?
    @OptionGroup var language: LanguageOptions

    func validate() throws {
        let words = language.words
        try period.check(words)
        if format == .xlsx, output == nil {
            throw ValidationError(words.tr("--format xlsx needs --output FILE (- for standard output)"))
        }
        if output != nil, format != .xlsx { throw ValidationError(words.tr("--output goes with --format xlsx")) }
        if period.isGiven, format == .xlsx {
            throw ValidationError(
                words.tr("a month's workbook is the register's: attendance register --format xlsx"))
        }
        if period.isGiven, week {
            throw ValidationError(words.tr("--week and --month each choose the period: give one"))
        }
        if period.isGiven, date != nil {
            throw ValidationError(words.tr("a date chooses a week; with --month, leave it out"))
        }
    }

    func run(in context: Context) throws {
        let day = date
        let (configuration, store) = try global.open(in: context)
        let policy = configuration.policy
        let now = context.now()
        if let chosen = try period.chosen(configuration) {
            return try periodSummary(chosen, policy: policy, now: now, store: store, in: context)
        }
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
            context.out.write(WeekFiles.csv(firstDay: firstDay, rows: rows))
        case .xlsx:
            let workbook = WeekFiles.workbook(
                firstDay: firstDay, rows: rows, office: configuration.kiosk.officeName, words: context.words)
            let path = output ?? "-"
            try DocumentOutput.write(to: path, protecting: store, in: context, workbook.write(to:))
            if path != "-" {
                context.out.line(
                    context.words.tr(
                        "wrote the hours of the week of {date} to {file}", ["date": "\(firstDay)", "file": path]))
            }
        case .text:
            let words = context.words
            context.out.line(words.tr("Week of {from} to {to}", ["from": "\(firstDay)", "to": "\(dates[6])"]))
            guard !rows.isEmpty else {
                context.out.line(words.tr("no one was employed that week"))
                return
            }
            context.out.line()
            context.out.write(WeekFiles.listing(dates, context.words).text(rows, in: context.words))
            for row in rows {
                context.out.line()
                context.out.line("\(row.employee.code) \(row.employee.name)")
                context.out.write(words.payrollText(row.hours))
                for (heading, dates) in WeekFiles.marked(row.hours, words) where !dates.isEmpty {
                    let named = dates.map { words.shortWeekdayName($0.weekday) + " " + String($0.day) }
                    context.out.line(
                        words.tr("{heading}: {dates}", ["heading": heading, "dates": named.joined(separator: ", ")]))
                }
            }
        }
    }

    /// Each employee's figures for `period` (a month, or a payroll period), from the register's evaluation.
    private func periodSummary(
        _ period: DatePeriod, policy: Policy, now: Date, store: AttendanceStore, in context: Context
    ) throws {
        let only = try employee.map { try requireEmployee($0, in: store) }
        let register = try Reports.register(period, policy: policy, now: now, store: store)
        let rows = register.rows.filter { row in only.map { $0.id == row.employee.id } ?? true }
        let listing = Listing<MonthRegister.Row>(
            [
                .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.employee.code.rawValue) },
                .init(
                    "name", header: ColumnHeader.ctr("column header", "NAME"),
                    cell: { $0.employee.name.rawValue.truncated(toWidth: 24) }
                ) {
                    .text($0.employee.name.rawValue)
                },
            ] + RegisterFiles.totalColumns(goalDays: policy.goalDays)
                + RegisterFiles.leaveTypeColumns(policy.leaveTypes))
        let title = context.words.periodTitle(period)
        if format == .text { context.out.line(title + "\n") }
        // xlsx is refused with --month in validate().
        try listing.write(
            rows, as: OutputFormat(rawValue: format.rawValue) ?? .text, to: context,
            empty: context.words.tr("no one was employed in {period}", ["period": title]))
    }
}

/// What `summary --format` writes.
enum SummaryFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv, xlsx
}
