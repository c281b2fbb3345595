import ArgumentParser
import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceStore
import Foundation

/// `attendance sync [--status]`
struct SyncCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Exchange records with the central store once: push what it lacks, pull what this store lacks.",
        discussion: """
            A kiosk syncs the store of its configuration under [central] kiosk_id; the kiosk screen does \
            this by itself every sync_seconds, and a systemd timer does it where punches come only from \
            `attendance mark`. With --store postgresql://… it brings this desk's copy of the central store \
            up to date. Exit 69 when the central store cannot be reached: nothing is lost, the records wait.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Show what waits, when the last round succeeded, and against which server; change nothing.")
    var status = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                "no central store is configured: add [central] url and kiosk_id to the configuration, "
                    + "or give --store postgresql://USER@HOST:PORT/DATABASE", status: .configuration)
        }
        let store: AttendanceStore
        let node: String
        switch target.role {
        case .kiosk:
            guard let kioskID = configuration.central?.kioskID else {
                throw CommandFailure(
                    "[central] kiosk_id is not set: name this kiosk, e.g. kiosk_id = \"hq-entrance\"",
                    status: .configuration)
            }
            store = try context.openStore(
                at: global.storePath(configuration: configuration, in: context), connections: .pool)
            node = kioskID
        case .desk:
            store = try context.openStore(at: DeskCopy.copyPath(for: target.address, in: context), connections: .pool)
            node = try store.syncStatus().node ?? DeskCopy.newDeskName(in: context)
        }
        if status {
            try show(
                try store.syncStatus(), target: target, node: node, store: store, zone: configuration.policy.zone,
                in: context)
            return
        }
        do {
            let central = try context.connectCentral(target.address, settings: configuration.central)
            let report = try Synchronizer(store: store, central: central, node: node, role: target.role)
                .round(at: context.now)
            context.out.line("synced \(node) with \(target.address)")
            if let rejoined = report.rejoined {
                context.out.line(
                    "  restored from an older copy: \(rejoined.cameBack) record(s) the lost copy had sent came back; "
                        + "\(rejoined.renumbered) made here since went up under new numbers")
            }
            context.out.line("  pushed: \(report.pushed.summary)")
            context.out.line("  pulled: \(report.pulled.summary)")
            if let off = report.clockOffset.flatMap(ClockOffset.describe(seconds:)) {
                context.err.line(
                    "attendance: warning: this machine's clock is \(off) of the central store's: set it right "
                        + "(timedatectl, NTP); punches taken until then are flagged for the manager")
            }
            if !report.clashes.isEmpty {
                context.err.line(
                    "attendance: note: the centre already has these codes for other names, and keeps its own: "
                        + report.clashes.joined(separator: "; ")
                        + ". This kiosk's punches under them now count for the centre's person; if they are "
                        + "someone else's, correct them at the desk (attendance punch list CODE --store …)")
            }
        } catch let error as CentralError {
            let waiting = try store.syncStatus().waiting
            if case .nameTaken = error {
                throw CommandFailure("\(error) (\(waiting) record(s))", status: .configuration)
            }
            if case .historyDiverged = error { throw CommandFailure(error.description, status: .historyChanged) }
            if case .conflict = error {
                throw CommandFailure(try DeskCopy.setAside(store, after: error, in: context), status: .storeBusy)
            }
            throw CommandFailure(
                "\(error); nothing was lost: \(waiting) record(s) wait on this store and go up with the next sync",
                status: .unavailable)
        }
    }

    private func show(
        _ status: SyncStatus, target: CentralTarget, node: String, store: AttendanceStore, zone: LocalZone,
        in context: Context
    ) throws {
        func when(_ date: Date?) -> String {
            guard let date else { return "never" }
            return PunchTimestamp.text(of: date, zone: zone)
        }
        context.out.line("store:        \(store.path)")
        context.out.line("central:      \(status.server ?? target.address.description)")
        context.out.line("syncs as:     \(node) (\(target.role.rawValue))")
        context.out.line("last success: \(when(status.lastSuccess))")
        if let offset = status.clockOffset {
            let off = ClockOffset.describe(seconds: offset).map { "\($0) of the central store's — set it right" }
            context.out.line(
                "clock:        \(off ?? "within \(Int(Policy.clockTolerance / 60)) min of the central store's")")
        }
        if let error = status.lastError, status.lastAttempt != status.lastSuccess {
            context.out.line("last attempt: \(when(status.lastAttempt)) — \(error)")
        }
        context.out.line(
            "waiting:      \(status.waitingPunches) punch(es), \(status.waitingCorrections) correction(s), "
                + "\(status.waitingAudit) audit entr\(status.waitingAudit == 1 ? "y" : "ies"), "
                + "\(status.waitingRequests) request(s)")
    }
}

/// `attendance central init`
struct CentralCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "central",
        abstract: "Set up the central PostgreSQL store.",
        subcommands: [CentralInit.self])
}

/// `attendance central init`
struct CentralInit: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create or update the central store's tables, guards and roles; safe to run again.",
        discussion: """
            The server is --store postgresql://USER@HOST:PORT/DATABASE, else [central] url. Run it as the \
            database's owner. It creates the roles attendance_kiosk and attendance_manager: make each kiosk's \
            login a member of the first (GRANT attendance_kiosk TO kiosk_hq) and each manager's of the second.
            """)

    @OptionGroup var global: GlobalOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                "name the central store: --store postgresql://USER@HOST:PORT/DATABASE, or [central] url",
                status: .usage)
        }
        let central = try context.connectCentral(target.address, settings: configuration.central)
        let before = try central.schemaVersion()
        try central.initialise()
        let after = try central.schemaVersion() ?? 0
        if before == after {
            context.out.line("the central store \(target.address) is up to date (schema \(after))")
        } else {
            context.out.line("the central store \(target.address) is ready (schema \(after))")
        }
    }
}
