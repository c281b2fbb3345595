import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance export`
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write records in a form other programs read.",
        subcommands: [ExportPunches.self])
}

/// `attendance export punches --month M [--output FILE]`
struct ExportPunches: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "punches", abstract: "Write a month's punches as CSV, the format `import punches` reads.",
        discussion: """
            The punches as they count: voided ones left out, corrected ones at their corrected time. Timestamps \
            carry the zone's offset, so importing the file into an empty store with the same employees and \
            policy gives the same calendars. The source column says where each punch came from (nl80211, \
            simulated, manual, import); an import reads it and records its punches as import.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The month (by attendance date).", valueName: "YYYY-MM")) var month: YearMonth
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let zone = configuration.policy.zone
        let punches = try store.punchesByEmployee(from: month.firstDay, through: month.lastDay)
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
            text, to: output, protecting: kept + [global.configurationPath(in: context)].compactMap { $0 })
        context.out.line("exported \(rows.count) punch\(rows.count == 1 ? "" : "es") of \(month.title) to \(output)")
    }
}
