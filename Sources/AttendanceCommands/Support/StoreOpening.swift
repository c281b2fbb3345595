import AttendanceStore
import Foundation

extension Context {
    /// Opens the store at `path`: the one place where commands and the kiosk open it.
    ///
    /// A command that runs once works on one connection; the kiosk and the syncing commands,
    /// whose threads read while another writes, ask for a pool.
    ///
    /// When `ATTENDANCE_STORE_SETTINGS_LOG` names a file, one line is appended to it for each
    /// opening with the settings the writer connection reports, read back from SQLite (or why
    /// the store was opened read-only). It is a hidden diagnostic: tests use it to see that every
    /// command and the kiosk write with WAL, `synchronous=FULL` and a busy timeout.
    func openStore(
        at path: String, connections: AttendanceStore.Connections = .single
    ) throws(StoreError) -> AttendanceStore {
        let store = try AttendanceStore(path: path, connections: connections, clock: now)
        if let log = environment["ATTENDANCE_STORE_SETTINGS_LOG"], !log.isEmpty {
            let state: String
            if let refusal = store.writeRefusal {
                state = "read-only (\(refusal))"
            } else {
                let settings = try store.durabilitySettings()
                state =
                    "journal_mode=\(settings.journalMode) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds)"
            }
            Self.append("pid=\(getpid()) \(state) store=\(path)\n", to: log)
        }
        return store
    }

    /// Refuses a store that is missing or empty (zero bytes), with the path and how to make
    /// one: only the commands that set an office up create a store (README "Where data lives"),
    /// so a mistyped `--store` is an error instead of a new, empty store and an empty report.
    func requireExistingStore(at path: String) throws(CommandFailure) {
        let howToCreate = words.tr(
            "check --store, $ATTENDANCE_STORE or [store] path; a new store is created only by setting up: `attendance employee add`, `wifi allow`, `holiday add`/`import` or `import punches`"
        )
        var status = stat()
        guard stat(path, &status) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            if !missing, let denial = FileAccess.denial(of: path) {
                throw CommandFailure(
                    words.tr(
                        "cannot open the attendance store at {path}: {reason}",
                        ["path": path, "reason": words.sentence(for: denial)]),
                    status: .storeFailure)
            }
            let sentence =
                missing
                ? words.tr("no store at {path}: it does not exist; {how}", ["path": path, "how": howToCreate])
                : words.tr(
                    "no store at {path}: it {reason}; {how}",
                    ["path": path, "reason": String(cString: strerror(errno)), "how": howToCreate])
            throw CommandFailure(sentence, status: .storeFailure)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw CommandFailure(
                words.tr("the store {path} is not a regular file", ["path": path]), status: .storeFailure)
        }
        // A store's first page is written when it is created, so a file of zero bytes holds no
        // store, unless its write-ahead log holds the first page still.
        var log = stat()
        let logHolds = stat(path + "-wal", &log) == 0 && log.st_size > 0
        guard status.st_size > 0 || logHolds else {
            throw CommandFailure(
                words.tr(
                    "the store {path} is empty (0 bytes), not an attendance store; remove it, or {how}",
                    ["path": path, "how": howToCreate]),
                status: .storeFailure)
        }
    }

    /// One `write` to a file opened for appending, so lines from several processes never mix.
    private static func append(_ line: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
