import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance audit [--employee CODE] [--month M]`
struct AuditCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the audit log: who changed what, when (UTC) and why.",
        discussion: """
            Every correction of a punch, every employee and WiFi change and every import is recorded here with \
            its old and new values. The log is append-only: the database refuses to change or delete it.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only changes concerning this employee.", valueName: "code")) var employee: EmployeeCode?
    @Option(help: ArgumentHelp("Only changes made in this month (UTC).", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: "text or json.") var format: DocumentFormat = .text

    func run(in context: Context) throws {
        let (_, store) = try global.open(in: context)
        let code = try employee.map { try requireEmployee($0, in: store).code }
        let entries = try store.auditLog(
            employee: code, from: month.map { Self.utcStart(of: $0.firstDay) },
            to: month.map { Self.utcStart(of: $0.next.firstDay) })
        if format == .json {
            context.out.write(try Self.listing.json(entries))
            return
        }
        guard !entries.isEmpty else {
            context.out.line("no audit entries")
            return
        }
        for entry in entries {
            let subject = "\(entry.entity) \(entry.entityKey)"
            let whose = entry.employeeCode.map { entry.entity == "employee" ? "" : " (\($0))" } ?? ""
            context.out.line(
                "\(UTCText.of(entry.at))  \(entry.actor.terminalSafe)  \(entry.action) \(subject.terminalSafe)\(whose)")
            if let reason = entry.reason { context.out.line("  why: \(reason.terminalSafe)") }
            if let old = entry.oldValue { context.out.line("  old: \(old.terminalSafe)") }
            if let new = entry.newValue { context.out.line("  new: \(new.terminalSafe)") }
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

    /// Midnight UTC at the start of `date`.
    static func utcStart(of date: AttendanceDate) -> Date {
        Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
    }
}
