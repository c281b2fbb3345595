import ArgumentParser
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
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run(in context: Context) throws {
        guard format != .csv else { throw CommandFailure("the audit log is shown as text or json", status: .usage) }
        let (_, store) = try global.open(in: context)
        let code = try employee.map { try requireEmployee($0, in: store).code }
        let entries = try store.auditLog(
            employee: code, from: month.map { Self.utcStart(of: $0.firstDay) },
            to: month.map { Self.utcStart(of: $0.next.firstDay) }
        ).map(AuditListing.init)
        if format == .json {
            context.out.write(try AuditListing.listing.json(entries))
            return
        }
        guard !entries.isEmpty else {
            context.out.line("no audit entries")
            return
        }
        for entry in entries {
            let subject = entry.entity == "punch" ? "punch \(entry.key)" : "\(entry.entity) \(entry.key)"
            let whose = entry.employee.map { entry.entity == "employee" ? "" : " (\($0))" } ?? ""
            context.out.line(
                "\(entry.at)  \(entry.actor.terminalSafe)  \(entry.action) \(subject.terminalSafe)\(whose)")
            if let reason = entry.reason { context.out.line("  why: \(reason.terminalSafe)") }
            if let old = entry.old { context.out.line("  old: \(old.terminalSafe)") }
            if let new = entry.new { context.out.line("  new: \(new.terminalSafe)") }
        }
    }

    /// Midnight UTC at the start of `date`.
    static func utcStart(of date: AttendanceDate) -> Date {
        Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
    }
}

/// An audit entry as `attendance audit` shows it.
struct AuditListing {
    let id: Int64
    /// UTC, `2026-11-21T05:53:20Z`.
    let at: String
    let actor: String
    let action: String
    let entity: String
    let key: String
    let employee: String?
    let old: String?
    let new: String?
    let reason: String?

    /// The old and new values are the JSON the store recorded at the time, kept as text.
    static let listing = Listing<AuditListing>([
        .init("id") { .integer($0.id) },
        .init("at") { .text($0.at) },
        .init("actor") { .text($0.actor) },
        .init("action") { .text($0.action) },
        .init("entity") { .text($0.entity) },
        .init("key") { .text($0.key) },
        .init("employee") { .text($0.employee) },
        .init("old") { .text($0.old) },
        .init("new") { .text($0.new) },
        .init("reason") { .text($0.reason) },
    ])

    init(_ e: AuditEntry) {
        id = e.id
        at = UTCText.of(e.at)
        actor = e.actor
        action = e.action
        entity = e.entity
        key = e.entityKey
        employee = e.employeeCode
        old = e.oldValue
        new = e.newValue
        reason = e.reason
    }
}
