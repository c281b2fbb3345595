import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceStore
import Foundation

/// `attendance store`
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Check, verify and back up the attendance store.",
        subcommands: [StoreCheck.self, StoreVerify.self, StoreBackup.self])
}

/// `attendance store check`
struct StoreCheck: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store's file for damage and its durability settings.",
        discussion: """
            Runs SQLite's quick_check (or integrity_check with --thorough), checks that every guard trigger \
            that keeps history append-only is still in place and that no other trigger was added, that the \
            store's files are not writable by group or others nor readable by every user, that its folder \
            is not writable by group or others and has the store's owner, that the store can be written, \
            and that the PIN pepper is 32 bytes readable by its owner only. Exit status 74, with each \
            problem named, when anything is wrong. The history's hash chain is checked by \
            `attendance store verify`.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Run the full integrity_check, which reads every page.") var thorough = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let path = global.storePath(configuration: configuration, in: context)
        context.out.line("store: \(path)")
        try context.requireExistingStore(at: path)
        // Modes first: opening the store tightens its file to 0640 (and SQLite makes a new -wal
        // and -shm with the store's mode), which would hide or spread what someone had loosened.
        let modes = FileAccess.problems(
            storePath: path, pepperPath: PepperFile.path(storePath: path, in: context))
        // Checked through read-only connections first: opening a store for writing writes to
        // it, and a damaged store must not be written at all.
        let problems = try AttendanceStore.check(fileAt: path, thorough: thorough)
        guard problems.isEmpty else {
            for problem in problems.prefix(20) { context.out.line(problem) }
            throw StoreError.corrupt(path: path, details: "\(problems.count) problem(s) found")
        }
        let store = try context.openStore(at: path)
        let found = try Self.guardProblems(store) + modes
        guard found.isEmpty else {
            for problem in found { context.out.line(problem) }
            throw CommandFailure(
                "the store \(path) failed its check: \(found.count) problem(s) listed above; "
                    + "`attendance store verify` checks the history's hash chain", status: .storeFailure)
        }
        // A store this user cannot write takes no punch: that is a problem, not a note.
        if let refusal = store.writeRefusal { throw refusal }
        let settings = try store.durabilitySettings()
        context.out.line(
            "journal_mode=\(settings.journalMode) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds)ms"
        )
        context.out.line("ok")
    }
}

extension StoreCheck {
    /// One line per guard trigger that is gone: dropped outside the program, since it never
    /// drops one.
    static func guardProblems(_ store: AttendanceStore) throws -> [String] {
        try store.missingGuardTriggers().map {
            "guard trigger \($0) is missing (dropped outside this program): history can be changed by direct SQL"
        }
            + store.foreignTriggers().map {
                "trigger \($0) was added or rewritten outside this program: it can make the program's own writes do "
                    + "anything, even link forged records into the history; `attendance store verify --digest` with an "
                    + "earlier digest shows what was added"
            }
    }
}

/// `attendance store backup PATH`, or `--into FOLDER [--keep-days N]`: one file a day.
struct StoreBackup: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the store to a new file, safe while the kiosk is running.",
        discussion: """
            With --into, the copy is FOLDER/attendance-YYYY-MM-DD.sqlite, today's date in the policy's zone; \
            when today's file is there already it is kept as it is. --keep-days N then removes the backups of \
            that name from before the last N days (today's included); no other file is touched, and nothing \
            is removed when the backup fails. The backup timer (attendance-backup.timer) runs \
            `store backup --into /var/lib/attendance/backups --keep-days 14`.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The new file to write; it must not exist.", valueName: "path")) var destination:
        String?
    @Option(help: ArgumentHelp("Write today's backup into this folder, named by the date.", valueName: "folder"))
    var into: String?
    @Option(help: ArgumentHelp("With --into: keep the backups of the last N days, remove older ones.", valueName: "N"))
    var keepDays: KeptDays?

    func run(in context: Context) throws {
        switch (destination, into) {
        case (nil, nil): throw CommandFailure("name the backup's file, or a folder with --into; nothing was written")
        case (.some, .some):
            throw CommandFailure("give either the backup's file or --into FOLDER, not both; nothing was written")
        default: break
        }
        if keepDays != nil, into == nil {
            throw CommandFailure("--keep-days removes old backups of --into FOLDER: add --into; nothing was written")
        }
        let (configuration, store) = try global.open(in: context)
        if let destination {
            try store.backup(to: destination)
            context.out.line("backed up \(store.path) to \(destination) (integrity ok)")
            return
        }
        guard let into else { return }
        let today = configuration.policy.zone.localDateTime(of: context.now()).date
        let outcome = try DailyBackups.run(into: into, today: today, keepDays: keepDays?.count, store: store)
        context.out.line(
            outcome.written
                ? "backed up \(store.path) to \(outcome.file) (integrity ok)"
                : "\(outcome.file) is there already: today's backup is kept as it is")
        for file in outcome.removed { context.out.line("removed \(file), older than \(keepDays?.count ?? 0) days") }
    }
}

/// `attendance store verify [--digest HEX]`
struct StoreVerify: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Recompute the history's hash chain; with --digest, check that it still holds an earlier history.",
        discussion: """
            Every punch, correction and audit entry is linked to the one before it by SHA-256. This \
            recomputes every link and names the first record that was changed, removed or added outside \
            this program (exit 3). A printed register carries the history's digest; --digest checks \
            later that today's history still begins with the one that was printed, which also catches \
            a last record removed, or a whole chain rewritten and recomputed. With a central store, a \
            digest printed at another kiosk or desk of the organisation is looked up in the chains the \
            centre keeps of every store.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("A digest printed earlier (64 hex digits).", valueName: "hex")) var digest: String?

    func validate() throws {
        guard let digest else { return }
        guard digest.count == 64, [UInt8](hexText: digest.lowercased()) != nil else {
            throw ValidationError("invalid digest \(digest.quotedForMessage): expected 64 hex digits")
        }
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let check = try store.verifyHistory()
        context.out.line("store:   \(store.path)")
        context.out.line(
            "history: \(check.records) record\(check.records == 1 ? "" : "s"), digest \(check.head.hexText)")
        if let built = check.builtOver { context.out.line("note:    \(built)") }
        if let problem = check.problem {
            throw CommandFailure("the history was changed: \(problem)", status: .historyChanged)
        }
        if let digest, let bytes = [UInt8](hexText: digest.lowercased()) {
            if let records = try store.historyEntry(withHash: bytes) {
                context.out.line(
                    "digest:  \(digest.lowercased()) is this history's first \(records) record\(records == 1 ? "" : "s")"
                )
            } else {
                context.out.line(
                    "digest:  \(try elsewhere(digest.lowercased(), configuration: configuration, in: context))")
            }
        }
        context.out.line("intact")
    }

    /// Where `digest`, not in this store's own chain, stands in the chains the central store
    /// keeps of every kiosk and desk: a register printed at another store, or at this desk before
    /// its copy was made anew. Throws when there is no central store, when it cannot be asked, or
    /// when it holds no such link either.
    private func elsewhere(_ digest: String, configuration: Configuration, in context: Context) throws -> String {
        let missing = "this store's history does not hold the one whose digest was \(digest)"
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                "the history no longer holds the one whose digest was \(digest): records were removed, or the "
                    + "history was rewritten", status: .historyChanged)
        }
        let places: [(node: String, seq: Int64, superseded: Bool)]
        do {
            places = try context.connectCentral(target.address, settings: configuration.central)
                .findLink(hashHex: digest)
        } catch {
            throw CommandFailure(
                "\(missing), and the central store, which keeps every kiosk's and desk's, could not be asked: \(error)",
                status: .unavailable)
        }
        guard let place = places.first else {
            throw CommandFailure(
                "\(missing), nor does the central store's copy of any kiosk's or desk's history: records were "
                    + "removed or the history rewritten, or the store that printed it has not synced since "
                    + "(sync it, then verify again)", status: .historyChanged)
        }
        let records = "\(place.seq) record\(place.seq == 1 ? "" : "s")"
        let line =
            place.superseded
            ? " (on the line \(place.node.quotedForMessage) left when it was restored from a backup; its records are kept)"
            : ""
        return "\(digest) is the first \(records) of \(place.node.quotedForMessage)'s history, as the central store "
            + "keeps it\(line)"
    }
}
