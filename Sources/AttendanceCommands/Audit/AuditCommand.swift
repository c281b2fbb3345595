import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance audit [--employee CODE] [--month M]`
struct AuditCommand: SpeakingCommand {
    static var configuration: CommandConfiguration {
        .command(
            "audit", Phrase("Show the audit log: who changed what, when and why."),
            discussion: Phrase(
                "Every correction of a punch, every employee and WiFi change and every import is recorded here with its old and new values. The log is append-only: the database refuses to change or delete it. The text gives each change in words (in the --language, else the locale's), at the local time of the policy's zone; --format json gives every entry as recorded, its time in UTC and its old and new values as the JSON of the time."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("Only changes concerning this employee.", valueName: "code")) var employee: EmployeeCode?
    @Option(help: .tr("Only changes made in this month (the policy's zone).", valueName: "YYYY-MM"))
    var month: YearMonth?
    @Option(help: .tr("text or json.")) var format: DocumentFormat = .text
    @OptionGroup var language: LanguageOptions

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let code = try employee.map { try requireEmployee($0, in: store).code }
        let zone = configuration.policy.zone
        let entries = try Reports.audit(employee: code, month: month, zone: zone, store: store)
        if format == .json {
            context.out.write(try Self.listing.json(entries))
            return
        }
        let words = context.words
        guard !entries.isEmpty else {
            context.out.line(words.tr("no audit entries"))
            return
        }
        for entry in entries {
            for line in AuditWording.lines(entry, zone: zone, words: words) { context.out.line(line.terminalSafe) }
        }
    }

    /// An audit entry in JSON. `old` and `new` are the JSON the store recorded at the time of the
    /// change, kept as text: they are history, in the shape things had then.
    static let listing = Listing<AuditEntry>([
        .init("id") { .integer($0.id) },
        .init("at") { .text(UTCText.of($0.at)) },
        .init("actor") { .text($0.actor) },
        .init("action") { .text($0.action) },
        .init("entity") { .text($0.entity) },
        .init("key") { .text($0.entityKey) },
        .init("employee") { .text($0.employeeCode) },
        .init("old") { .text($0.oldValue) },
        .init("new") { .text($0.newValue) },
        .init("reason") { .text($0.reason) },
    ])

}
