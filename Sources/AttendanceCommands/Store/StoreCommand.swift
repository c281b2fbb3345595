import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// `attendance store`
struct StoreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "store", Phrase("Check, verify and back up the attendance store."),
            subcommands: [StoreCheck.self, StoreVerify.self, StoreBackup.self])
    }
}

/// `attendance store check`
struct StoreCheck: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "check", Phrase("Check the store's file for damage and its durability settings."),
            discussion: Phrase(
                "Runs SQLite's quick_check (or integrity_check with --thorough), checks that every guard trigger that keeps history append-only is still in place and that no other trigger was added, that the store's files are not writable by group or others nor readable by every user, that its folder is not writable by group or others and has the store's owner, that the store can be written, and that the PIN pepper is 32 bytes readable by its owner only. Exit status 74, with each problem named, when anything is wrong. The history's hash chain is checked by `attendance store verify`."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Flag(help: .tr("Run the full integrity_check, which reads every page.")) var thorough = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let path = global.storePath(configuration: configuration, in: context)
        let words = context.words
        context.out.line(words.tr("store: {path}", ["path": path]))
        try context.requireExistingStore(at: path)
        // Modes first: opening the store tightens its file to 0640 (and SQLite makes a new -wal
        // and -shm with the store's mode), which would hide or spread what someone had loosened.
        let modes = FileAccess.problems(
            storePath: path, pepperPath: PepperFile.path(storePath: path, in: context)
        ).map(words.sentence(for:))
        // Checked through read-only connections first: opening a store for writing writes to
        // it, and a damaged store must not be written at all.
        let problems = try AttendanceStore.check(fileAt: path, thorough: thorough)
        guard problems.isEmpty else {
            for problem in problems.prefix(20) { context.out.line(problem) }
            throw StoreError.corrupt(path: path, details: "\(problems.count) problem(s) found")
        }
        let store = try context.openStore(at: path)
        let found = try Self.guardProblems(store, words: words) + modes
        guard found.isEmpty else {
            for problem in found { context.out.line(problem) }
            throw CommandFailure(
                words.ntr(
                    "the store {path} failed its check: {n} problem(s) listed above; `attendance store verify` checks the history's hash chain",
                    "the store {path} failed its check: {n} problem(s) listed above; `attendance store verify` checks the history's hash chain",
                    found.count, ["path": path]), status: .storeFailure)
        }
        // A store this user cannot write takes no punch: that is a problem, not a note.
        if let refusal = store.writeRefusal { throw refusal }
        let settings = try store.durabilitySettings()
        context.out.line(
            "journal_mode=\(settings.journalMode) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds)ms"
        )
        context.out.line(words.tr("ok"))
    }
}

extension StoreCheck {
    /// One line per guard trigger that is gone: dropped outside the program, since it never
    /// drops one.
    static func guardProblems(_ store: AttendanceStore, words: Speech) throws -> [String] {
        try store.missingGuardTriggers().map {
            words.tr(
                "guard trigger {name} is missing (dropped outside this program): history can be changed by direct SQL",
                ["name": $0])
        }
            + store.foreignTriggers().map {
                words.tr(
                    "trigger {name} was added or rewritten outside this program: it can make the program's own writes do anything, even link forged records into the history; `attendance store verify --digest` with an earlier digest shows what was added",
                    ["name": $0])
            }
    }
}

/// `attendance store backup PATH`, or `--into FOLDER [--keep-days N]`: one file a day.
struct StoreBackup: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "backup", Phrase("Write a consistent copy of the store to a new file, safe while the kiosk is running."),
            discussion: Phrase(
                "With --into, the copy is FOLDER/attendance-YYYY-MM-DD.sqlite, today's date in the policy's zone; when today's file is there already it is kept as it is. --keep-days N then removes the backups of that name from before the last N days (today's included); no other file is touched, and nothing is removed when the backup fails. The backup timer (attendance-backup.timer) runs `store backup --into /var/lib/attendance/backups --keep-days 14`."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The new file to write; it must not exist.", valueName: "path")) var destination: String?
    @Option(help: .tr("Write today's backup into this folder, named by the date.", valueName: "folder"))
    var into: String?
    @Option(help: .tr("With --into: keep the backups of the last N days, remove older ones.", valueName: "N"))
    var keepDays: KeptDays?

    func run(in context: Context) throws {
        let words = context.words
        switch (destination, into) {
        case (nil, nil):
            throw CommandFailure(words.tr("name the backup's file, or a folder with --into; nothing was written"))
        case (.some, .some):
            throw CommandFailure(
                words.tr("give either the backup's file or --into FOLDER, not both; nothing was written"))
        default: break
        }
        if keepDays != nil, into == nil {
            throw CommandFailure(
                words.tr("--keep-days removes old backups of --into FOLDER: add --into; nothing was written"))
        }
        let (configuration, store) = try global.open(in: context)
        if let destination {
            try store.backup(to: destination)
            context.out.line(
                words.tr("backed up {store} to {file} (integrity ok)", ["store": store.path, "file": destination]))
            return
        }
        guard let into else { return }
        let today = configuration.policy.zone.localDateTime(of: context.now()).date
        let outcome = try DailyBackups.run(into: into, today: today, keepDays: keepDays?.count, store: store)
        context.out.line(
            outcome.written
                ? words.tr("backed up {store} to {file} (integrity ok)", ["store": store.path, "file": outcome.file])
                : words.tr("{file} is there already: today's backup is kept as it is", ["file": outcome.file]))
        for file in outcome.removed {
            context.out.line(
                words.ntr(
                    "removed {file}, older than {n} days", "removed {file}, older than {n} days", keepDays?.count ?? 0,
                    ["file": file]))
        }
    }
}

/// `attendance store verify [--digest HEX]`
struct StoreVerify: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "verify",
            Phrase("Recompute the history's hash chain; with --digest, check that it still holds an earlier history."),
            discussion: Phrase(
                "Every punch, correction and audit entry is linked to the one before it by SHA-256. This recomputes every link and names the first record that was changed, removed or added outside this program (exit 3). A printed register carries the history's digest; --digest checks later that today's history still begins with the one that was printed, which also catches a last record removed, or a whole chain rewritten and recomputed. With a central store, a digest printed at another kiosk or desk of the organisation is looked up in the chains the centre keeps of every store."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("A digest printed earlier (64 hex digits).", valueName: "hex")) var digest: String?

    func validate() throws {
        guard let digest else { return }
        guard digest.count == 64, [UInt8](hexText: digest.lowercased()) != nil else {
            throw ValidationError(
                CommandWords.locale.tr(
                    "invalid digest {digest}: expected 64 hex digits", ["digest": digest.quotedForMessage]))
        }
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let check = try store.verifyHistory()
        let words = context.words
        context.out.line(words.tr("store:   {path}", ["path": store.path]))
        context.out.line(
            words.ntr(
                "history: {n} record, digest {digest}", "history: {n} records, digest {digest}", Int(check.records),
                ["digest": check.head.hexText]))
        if let built = check.builtOver { context.out.line(words.tr("note:    {note}", ["note": built])) }
        if let problem = check.problem {
            throw CommandFailure(
                words.tr("the history was changed: {problem}", ["problem": problem.worded(words)]),
                status: .historyChanged)
        }
        if let digest, let bytes = [UInt8](hexText: digest.lowercased()) {
            if let records = try store.historyEntry(withHash: bytes) {
                context.out.line(
                    words.ntr(
                        "digest:  {digest} is this history's first {n} record",
                        "digest:  {digest} is this history's first {n} records", Int(records),
                        ["digest": digest.lowercased()]))
            } else {
                let place = try elsewhere(digest.lowercased(), configuration: configuration, in: context)
                context.out.line(words.tr("digest:  {place}", ["place": place]))
            }
        }
        context.out.line(words.tr("intact"))
    }

    /// Where `digest`, not in this store's own chain, stands in the chains the central store
    /// keeps of every kiosk and desk: a register printed at another store, or at this desk before
    /// its copy was made anew. Throws when there is no central store, when it cannot be asked, or
    /// when it holds no such link either.
    private func elsewhere(_ digest: String, configuration: Configuration, in context: Context) throws -> String {
        let words = context.words
        guard let target = try CentralTarget.resolve(global: global, configuration: configuration, in: context) else {
            throw CommandFailure(
                words.tr(
                    "the history no longer holds the one whose digest was {digest}: records were removed, or the history was rewritten",
                    ["digest": digest]), status: .historyChanged)
        }
        let places: [(node: String, seq: Int64, superseded: Bool)]
        do {
            places = try context.connectCentral(target.address, settings: configuration.central)
                .findLink(hashHex: digest)
        } catch {
            throw CommandFailure(
                words.tr(
                    "this store's history does not hold the one whose digest was {digest}, and the central store, which keeps every kiosk's and desk's, could not be asked: {reason}",
                    ["digest": digest, "reason": words.sentence(for: error)]), status: .unavailable)
        }
        guard let place = places.first else {
            throw CommandFailure(
                words.tr(
                    "this store's history does not hold the one whose digest was {digest}, nor does the central store's copy of any kiosk's or desk's history: records were removed or the history rewritten, or the store that printed it has not synced since (sync it, then verify again)",
                    ["digest": digest]), status: .historyChanged)
        }
        let values = ["digest": digest, "node": place.node.quotedForMessage]
        return place.superseded
            ? words.ntr(
                "{digest} is the first {n} record of {node}'s history, as the central store keeps it (on the line {node} left when it was restored from a backup; its records are kept)",
                "{digest} is the first {n} records of {node}'s history, as the central store keeps it (on the line {node} left when it was restored from a backup; its records are kept)",
                Int(place.seq), values)
            : words.ntr(
                "{digest} is the first {n} record of {node}'s history, as the central store keeps it",
                "{digest} is the first {n} records of {node}'s history, as the central store keeps it", Int(place.seq),
                values)
    }
}
