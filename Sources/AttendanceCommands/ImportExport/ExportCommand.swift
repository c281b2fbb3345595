import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance export`
struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command("export", Phrase("Write records in a form other programs read."), subcommands: [ExportPunches.self])
    }
}

/// `attendance export punches --month M|--from DATE --to DATE|--period M [--output FILE]`
struct ExportPunches: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "punches", Phrase("Write a month's punches as CSV, the format `import punches` reads."),
            discussion: Phrase(
                "The punches as they count: voided ones left out, corrected ones at their corrected time. Timestamps carry the zone's offset, so importing the file into an empty store with the same employees and policy gives the same calendars. The source column says where each punch came from (nl80211, simulated, manual, import); an import reads it and records its punches as import. --from and --to (at most 62 days) or --period (the payroll period of [register] period_start_day that ends in that month) export those dates instead of a month."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dates: PeriodOptions
    @Option(help: .tr("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func validate() throws {
        try dates.check(CommandWords.locale)
        if !dates.isGiven {
            throw ValidationError("Missing expected argument '--month <YYYY-MM>' (or --from/--to, --period)")
        }
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        guard let period = try dates.chosen(configuration) else { return }
        let zone = configuration.policy.zone
        let punches = try store.punchesByEmployee(from: period.first, through: period.last)
        var rows: [[String]] = []
        for employee in try store.employees() {
            for punch in punches[employee.id] ?? [] {
                rows.append(PunchFile.row(code: employee.code.rawValue, punch, zone: zone))
            }
        }
        let text = CSV.render(header: PunchFile.columns, rows: rows)
        guard let output else {
            context.out.write(text)
            return
        }
        let kept = [
            store.path, store.path + "-wal", store.path + "-shm", PepperFile.path(storePath: store.path, in: context),
        ]
        try OutputFile.write(
            text, to: output, protecting: kept + [global.configurationPath(in: context)].compactMap { $0 },
            words: context.words)
        let words = context.words
        context.out.line(
            words.ntr(
                "exported {n} punch of {period} to {file}", "exported {n} punches of {period} to {file}", rows.count,
                ["period": words.periodTitle(period), "file": output]))
    }
}
