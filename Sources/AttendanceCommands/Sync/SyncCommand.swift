import ArgumentParser
import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import Foundation

/// `attendance sync [--status]`
struct SyncCommand: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "sync",
            Phrase("Exchange records with the central store once: push what it lacks, pull what this store lacks."),
            discussion: Phrase(
                "A kiosk syncs the store of its configuration under [central] kiosk_id; the kiosk screen does this by itself every sync_seconds, and a systemd timer does it where punches come only from `attendance mark`. With --store postgresql://… it brings this desk's copy of the central store up to date. Exit 69 when the central store cannot be reached: nothing is lost, the records wait."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Flag(help: .tr("Show what waits, when the last round succeeded, and against which server; change nothing."))
    var status = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let words = context.words
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                words.tr(
                    "no central store is configured: add [central] url and kiosk_id to the configuration, or give --store postgresql://USER@HOST:PORT/DATABASE"
                ), status: .configuration)
        }
        let store: AttendanceStore
        let node: String
        switch target.role {
        case .kiosk:
            guard let kioskID = configuration.central?.kioskID else {
                throw CommandFailure(
                    words.tr("[central] kiosk_id is not set: name this kiosk, e.g. kiosk_id = \"hq-entrance\""),
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
            context.out.line(words.tr("synced {node} with {address}", ["node": node, "address": "\(target.address)"]))
            if let rejoined = report.rejoined {
                context.out.line(
                    words.ntr(
                        "  restored from an older copy: {n} record(s) the lost copy had sent came back; {renumbered} made here since went up under new numbers",
                        "  restored from an older copy: {n} record(s) the lost copy had sent came back; {renumbered} made here since went up under new numbers",
                        rejoined.cameBack, ["renumbered": "\(rejoined.renumbered)"]))
            }
            context.out.line(words.tr("  pushed: {records}", ["records": Self.summary(report.pushed, words)]))
            context.out.line(words.tr("  pulled: {records}", ["records": Self.summary(report.pulled, words)]))
            if let off = report.clockOffset.flatMap(ClockOffset.minutes(ofSeconds:)).map(words.clockOffset(minutes:)) {
                context.err.line(
                    "attendance: "
                        + words.tr(
                            "warning: this machine's clock is {offset} of the central store's: set it right (timedatectl, NTP); punches taken until then are flagged for the manager",
                            ["offset": off]))
            }
            if !report.clashes.isEmpty {
                context.err.line(
                    "attendance: "
                        + words.tr(
                            "note: the centre already has these codes for other names, and keeps its own: {codes}. This kiosk's punches under them now count for the centre's person; if they are someone else's, correct them at the desk (attendance punch list CODE --store …)",
                            ["codes": report.clashes.joined(separator: "; ")]))
            }
        } catch let error as CentralError {
            let waiting = try store.syncStatus().waiting
            if case .nameTaken = error {
                throw CommandFailure(
                    words.ntr(
                        "{error} ({n} record(s))", "{error} ({n} record(s))", waiting,
                        ["error": words.sentence(for: error)]),
                    status: .configuration)
            }
            if case .historyDiverged = error { throw CommandFailure(error.worded(words), status: .historyChanged) }
            if case .conflict = error {
                throw CommandFailure(try DeskCopy.setAside(store, after: error, in: context), status: .storeBusy)
            }
            throw CommandFailure(
                words.ntr(
                    "{error}; nothing was lost: {n} record(s) wait on this store and go up with the next sync",
                    "{error}; nothing was lost: {n} record(s) wait on this store and go up with the next sync",
                    waiting, ["error": words.sentence(for: error)]), status: .unavailable)
        }
    }

    private func show(
        _ status: SyncStatus, target: CentralTarget, node: String, store: AttendanceStore, zone: LocalZone,
        in context: Context
    ) throws {
        let words = context.words
        func when(_ date: Date?) -> String {
            guard let date else { return words.ctr("a kiosk's last sync", "never") }
            return PunchTimestamp.text(of: date, zone: zone)
        }
        context.out.line(words.tr("store:        {path}", ["path": store.path]))
        context.out.line(words.tr("central:      {server}", ["server": status.server ?? target.address.description]))
        context.out.line(
            target.role == .kiosk
                ? words.tr("syncs as:     {node} (kiosk)", ["node": node])
                : words.tr("syncs as:     {node} (desk)", ["node": node]))
        context.out.line(words.tr("last success: {when}", ["when": when(status.lastSuccess)]))
        if let offset = status.clockOffset {
            context.out.line(
                ClockOffset.minutes(ofSeconds: offset).map {
                    words.tr(
                        "clock:        {offset} of the central store's — set it right",
                        ["offset": words.clockOffset(minutes: $0)])
                }
                    ?? words.tr(
                        "clock:        within {minutes} min of the central store's",
                        ["minutes": "\(Int(Policy.clockTolerance / 60))"]))
        }
        if let error = status.lastError, status.lastAttempt != status.lastSuccess {
            context.out.line(
                words.tr("last attempt: {when} — {error}", ["when": when(status.lastAttempt), "error": error]))
        }
        context.out.line(
            words.tr(
                "waiting:      {punches}, {corrections}, {audit}, {requests}",
                [
                    "punches": words.ntr("{n} punch(es)", "{n} punch(es)", status.waitingPunches),
                    "corrections": words.ntr("{n} correction(s)", "{n} correction(s)", status.waitingCorrections),
                    "audit": words.ntr("{n} audit entry", "{n} audit entries", status.waitingAudit),
                    "requests": words.ntr("{n} request", "{n} requests", status.waitingRequests),
                ]))
    }

    /// "12 punches, 1 correction, 14 audit entries": what a round moved, in the reader's language.
    static func summary(_ batch: SyncBatch, _ words: Speech) -> String {
        let parts = [
            batch.punches.isEmpty ? nil : words.ntr("{n} punch", "{n} punches", batch.punches.count),
            batch.corrections.isEmpty ? nil : words.ntr("{n} correction", "{n} corrections", batch.corrections.count),
            batch.audit.isEmpty ? nil : words.ntr("{n} audit entry", "{n} audit entries", batch.audit.count),
            batch.employees.isEmpty ? nil : words.ntr("{n} employee", "{n} employees", batch.employees.count),
            batch.wifi.isEmpty ? nil : words.ntr("{n} access point", "{n} access points", batch.wifi.count),
            batch.holidays.isEmpty ? nil : words.ntr("{n} holiday", "{n} holidays", batch.holidays.count),
            batch.leave.isEmpty ? nil : words.ntr("{n} leave day", "{n} leave days", batch.leave.count),
            batch.managers.isEmpty
                ? nil : words.ntr("{n} console account", "{n} console accounts", batch.managers.count),
            batch.requests.isEmpty ? nil : words.ntr("{n} request", "{n} requests", batch.requests.count),
        ].compactMap { $0 }
        return parts.isEmpty ? words.tr("nothing") : parts.joined(separator: ", ")
    }
}

/// `attendance central init`
struct CentralCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command("central", Phrase("Set up the central PostgreSQL store."), subcommands: [CentralInit.self])
    }
}

/// `attendance central init`
struct CentralInit: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "init", Phrase("Create or update the central store's tables, guards and roles; safe to run again."),
            discussion: Phrase(
                "The server is --store postgresql://USER@HOST:PORT/DATABASE, else [central] url. Run it as the database's owner. It creates the roles attendance_kiosk and attendance_manager: make each kiosk's login a member of the first (GRANT attendance_kiosk TO kiosk_hq) and each manager's of the second."
            ))
    }

    @OptionGroup var global: GlobalOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let words = context.words
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                words.tr("name the central store: --store postgresql://USER@HOST:PORT/DATABASE, or [central] url"),
                status: .usage)
        }
        let central = try context.connectCentral(target.address, settings: configuration.central)
        let before = try central.schemaVersion()
        try central.initialise()
        let after = try central.schemaVersion() ?? 0
        let values = ["address": "\(target.address)", "schema": "\(after)"]
        context.out.line(
            before == after
                ? words.tr("the central store {address} is up to date (schema {schema})", values)
                : words.tr("the central store {address} is ready (schema {schema})", values))
    }
}
