import AttendanceCore
import Foundation
import GRDB
import Synchronization

/// The attendance store: one SQLite file, and the only code in the package that imports GRDB.
///
/// Every write method is one transaction that keeps the store's invariants (an audit row with
/// every administrative change, punches never rewritten). A write returns only after SQLite has
/// committed it with `synchronous=FULL` in WAL mode, that is after the commit reached the disk:
/// a caller may tell a person "recorded" as soon as the method returns.
public final class AttendanceStore: Sendable {
    /// How many SQLite connections a store keeps open.
    public enum Connections: Sendable {
        /// One writer and readers beside it (GRDB's pool): a resident program whose threads read
        /// while another writes (the kiosk and its sync thread, a desk copy being synced).
        case pool
        /// A pool for a process that stays up for months, the kiosk: each connection keeps at
        /// most ``residentCacheKibibytes`` of the store's pages in memory (SQLite's 2 MiB fill as
        /// the store grows, and stay), and the WAL checkpoint waits for ``checkpointIfDue()``
        /// (``deferCheckpoints()``).
        case resident
        /// One connection for everything: a command that runs once and ends. Opening a second
        /// connection (its own file handles, schema read and `-shm` mapping) costs a one-shot mark
        /// more than the mark itself.
        case single
    }

    public let path: String
    let pool: any DatabaseWriter
    /// The clock that stamps `created_at` and audit rows; injected so tests can move it.
    let clock: @Sendable () -> Date
    /// Why nothing can be written, when the store could only be opened for reading (a read-only
    /// file or mount, a full disk, the file-size limit); nil when it is writable. Every write
    /// is refused with this error, while reports still work.
    public let writeRefusal: StoreError?
    /// Set by ``closeForExit()``.
    private let isClosed = Mutex(false)
    /// Set when its files were found removed or replaced under this process (``abandon()``).
    let isAbandoned = Mutex(false)
    /// When this store was opened: what it recorded since is what ``punchesNotOnDisk()`` looks at.
    let openedAt: Date
    /// Whether punches check the -wal and -shm too: a resident process (a pool), which keeps them
    /// open long enough for someone to remove them.
    let watchesJournals: Bool
    /// The descriptors this process holds on the store's -wal and -shm, as ``journalsMoved()``
    /// last found them.
    let journalDescriptors = Mutex<[Int32]>([])
    /// The frames in the WAL after the last commit, while checkpoints wait for
    /// ``checkpointIfDue()`` (``deferCheckpoints()``); 0 once one was made.
    let framesToCheckpoint = Atomic<Int>(0)

    /// How long a writer waits for another one before giving up with `StoreError.busy`.
    public static let busyTimeoutSeconds: Double = 5

    /// Opens (creating if needed) the store at `path`, migrates it, and checks that its
    /// durability settings are in force.
    ///
    /// An existing store that cannot be written is opened for reading instead, with
    /// ``writeRefusal`` saying why; a store that cannot be read either throws.
    public init(
        path: String, connections: Connections = .pool, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) {
        self.path = path
        self.clock = clock
        openedAt = clock()
        if case .single = connections { watchesJournals = false } else { watchesJournals = true }
        (pool, writeRefusal) = try Self.openPool(at: path, connections: connections)
        guard writeRefusal == nil else { return }
        if case .resident = connections { deferCheckpoints() }
        let settings = try durabilitySettings()
        guard settings.journalMode == "wal" else {
            throw .notDurable(setting: "journal_mode", actual: settings.journalMode)
        }
        guard settings.synchronous == 2 else {
            throw .notDurable(setting: "synchronous", actual: String(settings.synchronous))
        }
        guard settings.busyTimeoutMilliseconds >= 5000 else {
            throw .notDurable(setting: "busy_timeout", actual: String(settings.busyTimeoutMilliseconds))
        }
    }

    /// Opens the store at `path` for reading only: nothing is made, upgraded or written, and
    /// every write is refused. A store older than this program throws
    /// ``StoreError/needsUpgrade(path:)`` rather than being upgraded.
    public init(readingOnly path: String, clock: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        self.path = path
        self.clock = clock
        openedAt = clock()
        watchesJournals = false
        pool = try Self.openForReading(at: path, connections: .single, requiringCurrentSchema: true)
        writeRefusal = .readOnly(path: path, reason: "it was opened for reading only")
    }

    // MARK: - The end of a command

    /// Closes the store's connection now, for a command that is about to end: closing the last
    /// connection moves the WAL into the database file, as freeing it would. Only for commands
    /// that run once: the store cannot be used afterwards.
    public func closeForExit() {
        // A failed close leaves the connection open, and the WAL is moved by the next opener:
        // every commit is already on disk either way.
        isClosed.withLock { $0 = true }
        // Files removed under it: closing would write into the files that are there now.
        guard !isAbandoned.withLock({ $0 }) else { return }
        try? pool.close()
    }

    /// Connections never freed before the process ends: those of a store abandoned open
    /// (``abandon()``), whose freeing would write into the files that replaced its own.
    static let keptUntilExit = Mutex<[any DatabaseWriter]>([])

    // MARK: - Settings

    /// The writer connection's settings, read back from SQLite.
    public struct DurabilitySettings: Sendable, Equatable {
        public let journalMode: String
        /// 2 is FULL.
        public let synchronous: Int
        public let busyTimeoutMilliseconds: Int
    }

    public func durabilitySettings() throws(StoreError) -> DurabilitySettings {
        try perform {
            try pool.writeWithoutTransaction { db in
                DurabilitySettings(
                    journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                    synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                    busyTimeoutMilliseconds: try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? -1)
            }
        }
    }

    // MARK: - Health

    /// `PRAGMA quick_check` (or the slower `integrity_check`): an empty list when the file is
    /// sound, otherwise what SQLite found wrong.
    public func check(thorough: Bool = false) throws(StoreError) -> [String] {
        try Self.check(pool, thorough: thorough, path: path)
    }

    /// The same check of the file at `path`, made through read-only connections before anything
    /// opens it for writing. Opening a store for writing writes to it (GRDB makes sure the WAL
    /// file is not empty), and a damaged store must not be written at all: the kiosk and
    /// `attendance store check` look first. An empty list when the file is sound or does not
    /// exist yet.
    public static func check(fileAt path: String, thorough: Bool = false) throws(StoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let pool: any DatabaseWriter
        do {
            pool = try openForReading(at: path, connections: .single, requiringCurrentSchema: false)
        } catch .corrupt(_, let details) {
            return [details]
        }
        return try check(pool, thorough: thorough, path: path)
    }

    private static func check(_ pool: any DatabaseWriter, thorough: Bool, path: String) throws(StoreError) -> [String] {
        let pragma = thorough ? "integrity_check" : "quick_check"
        let rows: [String]
        do {
            rows = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA \(pragma)") }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
        {
            return [error.message ?? "database disk image is malformed"]
        } catch let error as DatabaseError {
            throw map(error, path: path)
        } catch {
            throw .ioError(String(describing: error))
        }
        return rows == ["ok"] ? [] : rows
    }

    /// Writes a consistent copy of the store to `destination`, safe while the kiosk writes:
    /// the copy is made with SQLite's online backup into a temporary file beside the
    /// destination, checked, synced, and only then renamed into place.
    public func backup(to destination: String) throws(StoreError) {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination) {
            throw .backupTarget("\(destination) already exists; choose a new file name")
        }
        let temporary = destination + ".partial-\(getpid())"
        // A bare file name is a file in the current folder.
        let named = (destination as NSString).deletingLastPathComponent
        let folder = named.isEmpty ? "." : named
        var info = stat()
        // A backup goes where it is told: a mistyped folder is not made.
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .backupTarget("the folder \(folder) does not exist; make it first (nothing was written)")
        }
        // The copy's disk, not the store's, is the one a lack of room is about.
        let noRoom = StoreError.backupFailed(
            "the disk holding \(folder) is full; no backup was written, and the store is as it was"
        )
        do {
            try Self.prepareFile(at: temporary)
            do {
                let copy = try DatabaseQueue(path: temporary)
                try pool.backup(to: copy)
                let result = try copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
                guard result == ["ok"] else { throw StoreError.backupFailed("the copy did not pass integrity_check") }
                try copy.writeWithoutTransaction { db in
                    // A backup is one self-contained file: fold the WAL in and leave WAL mode.
                    try db.execute(sql: "PRAGMA journal_mode = DELETE")
                }
                try copy.close()
            }
            try Self.syncFile(at: temporary)
            guard rename(temporary, destination) == 0 else {
                throw StoreError.backupFailed("cannot rename the copy into place: \(String(cString: strerror(errno)))")
            }
            try Self.syncFile(at: folder)
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? manager.removeItem(atPath: temporary + suffix) }
            if let error = error as? StoreError { throw error.isLackOfRoom ? noRoom : error }
            if let error = error as? DatabaseError {
                if error.resultCode == .SQLITE_FULL || Self.spaceProblem(after: error, near: temporary) != nil {
                    throw noRoom
                }
                throw .backupFailed(error.message ?? "\(error.resultCode)")
            }
            throw .backupFailed(String(describing: error))
        }
    }

    // MARK: - Running SQL with errors a person can act on

    /// Runs `body`, turning SQLite's errors into `StoreError`.
    func perform<T>(_ body: () throws -> T) throws(StoreError) -> T {
        // GRDB traps on a closed connection; a store closed for exit says so instead.
        guard !isClosed.withLock({ $0 }) else { throw .cannotOpen(path: path, reason: "the store was closed") }
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw map(error)
        } catch {
            throw .ioError(String(describing: error))
        }
    }

    /// A write on a store opened for reading fails with SQLITE_READONLY; say why it was.
    func map(_ error: DatabaseError) -> StoreError {
        if error.resultCode == .SQLITE_READONLY, let writeRefusal { return writeRefusal }
        return Self.map(error, path: path)
    }

    static func map(_ error: DatabaseError, path: String) -> StoreError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy
        case .SQLITE_FULL: return .diskFull
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path, details: error.message ?? "malformed")
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: error.message ?? "unable to open")
        case .SQLITE_IOERR: return spaceProblem(after: error, near: path) ?? .ioError(error.message ?? "disk I/O error")
        default: return .ioError(error.message ?? "\(error.resultCode)")
        }
    }

    static func mapOpening(_ error: Error, path: String) -> StoreError {
        if error is ForeignDatabase { return foreign(path) }
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, reason: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path, details: "not an attendance store, or damaged")
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_READONLY:
            return map(error, path: path)
        case .SQLITE_IOERR:
            return spaceProblem(after: error, near: path)
                ?? .cannotOpen(path: path, reason: error.message ?? "disk I/O error")
        default: return .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// The likely cause of an I/O error while writing, when it is a lack of room.
    ///
    /// SQLite reports only some of these as `SQLITE_FULL`: a write past the process's file-size
    /// limit fails with EFBIG, and growing the `-shm` file on a full disk fails with ENOSPC, and
    /// both arrive as a plain "disk I/O error". SQLite keeps the errno to itself, so the limit
    /// and the free space are looked at here instead. Nil when neither explains the error.
    static func spaceProblem(after error: DatabaseError, near path: String) -> StoreError? {
        let growing: [ResultCode] = [.SQLITE_IOERR_WRITE, .SQLITE_IOERR_TRUNCATE, .SQLITE_IOERR_SHMSIZE]
        if growing.contains(error.extendedResultCode), let limit = fileSizeLimit() {
            return .fileSizeLimit(bytes: limit)
        }
        var space = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(folder.isEmpty ? "." : folder, &space) == 0 else { return nil }
        // Root may use the blocks reserved for it; everyone else only the available ones.
        let blocks = geteuid() == 0 ? UInt64(space.f_bfree) : UInt64(space.f_bavail)
        return blocks * UInt64(space.f_frsize) < minimumFreeBytes ? .diskFull : nil
    }

    /// Less free space than this on the store's file system makes an I/O error a full disk: a
    /// punch needs a few pages of WAL and, for a new connection, 32 KiB of `-shm`.
    static let minimumFreeBytes: UInt64 = 256 * 1024

    /// The soft `RLIMIT_FSIZE` in bytes, nil when there is none.
    static func fileSizeLimit() -> UInt64? {
        var limit = rlimit()
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
            let resource = RLIMIT_FSIZE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }
}
