import Foundation
import GRDB
import GRDBSQLite

extension AttendanceStore {
    // MARK: - Opening

    /// The pool for the store at `path`, and why it cannot be written when it was opened for
    /// reading only.
    ///
    /// A store that cannot be written (the file or its mount is read-only, the disk is full, the
    /// file-size limit is reached) is still opened for reading when it exists, so that reports
    /// keep working: the manager can print the register while someone frees the disk.
    static func openPool(
        at path: String, connections: Connections
    ) throws(StoreError) -> (any DatabaseWriter, writeRefusal: StoreError?) {
        let refusal: StoreError
        var created = false
        do {
            created = try prepareFile(at: path)
            let pool = try openForWriting(at: path, connections: connections)
            tightenMode(at: path)
            return (pool, nil)
        } catch let error where error.stillAllowsReading {
            refusal = error
        }
        // A store this call began and could not finish (a full disk) holds nothing of anyone's:
        // it goes, rather than stay as a half-made file every later command trips over.
        if created {
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            throw refusal
        }
        guard !FileAccess.isMissing(path) else { throw refusal }
        do {
            return (try openForReading(at: path, connections: connections, requiringCurrentSchema: true), refusal)
        } catch .needsUpgrade(_) where refusal.isLackOfRoom {
            // A store whose making (or upgrade) ran out of room: the room is what to mend.
            throw refusal
        } catch {
            // Neither written nor read: when permissions are why, say whose and which.
            if let denial = FileAccess.denial(of: path) { throw .denied(path: path, denial) }
            throw error
        }
    }

    /// The most of the store's pages a kiosk's connection keeps in memory: a punch reads and
    /// writes a handful.
    public static let residentCacheKibibytes = 512

    /// A pool, or one connection, to `location` with `configuration`.
    private static func connect(
        to location: String, _ connections: Connections, configuration: Configuration
    ) throws -> any DatabaseWriter {
        switch connections {
        case .pool:
            return try DatabasePool(path: location, configuration: configuration)
        case .resident:
            var configuration = configuration
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA cache_size = -\(residentCacheKibibytes)")
            }
            return try DatabasePool(path: location, configuration: configuration)
        case .single:
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            // A pool turns WAL on itself, and then writes (and syncs) an empty change so that its
            // readers always find a `-wal` file, after asking Foundation for the file's size, which
            // reads the user and group databases. One connection needs neither: WAL is the
            // file's own persistent mode, set here (a no-op once set) and read back by `init`.
            if !configuration.readonly {
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            return queue
        }
    }

    /// The settings every connection shares; readers and the writer alike use `synchronous=FULL`.
    static func configuration(readOnly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        configuration.foreignKeysEnabled = true
        configuration.label = "attendance"
        configuration.prepareDatabase { db in
            // Readers and the writer alike: FULL makes every commit reach the disk.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // The history chain's triggers link each new record with it.
            try AttendanceStore.addHistoryLinkFunction(to: db)
        }
        if !readOnly {
            // Before anything is written (WAL mode, the migrations): a mistyped path that names
            // another program's database is left exactly as it was.
            configuration.prepareDatabase { db in
                if try isForeign(db) { throw ForeignDatabase() }
            }
        }
        return configuration
    }

    /// Another program's database: it has tables, and none of them records this program's
    /// migrations. An empty file (a store about to be made) is not.
    static func isForeign(_ db: Database) throws -> Bool {
        // Through SQLite itself: it runs as every connection opens (a one-shot mark's too), and
        // GRDB's statement authorizer would cost more than the query.
        var statement: OpaquePointer?
        let sql = """
            SELECT count(*), count(*) FILTER (WHERE name = 'grdb_migrations') FROM sqlite_master WHERE type = 'table'
            """
        let prepared = sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: prepared),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: stepped), message: String(cString: sqlite3_errmsg(db.sqliteConnection))
            )
        }
        return sqlite3_column_int64(statement, 0) > 0 && sqlite3_column_int64(statement, 1) == 0
    }

    /// Thrown while opening a connection to another program's database (``isForeign(_:)``).
    struct ForeignDatabase: Error {}

    /// What is said about another program's database named as the store.
    static func foreign(_ path: String) -> StoreError {
        .cannotOpen(
            path: path,
            reason: "it is another program's SQLite database, not an attendance store; nothing was changed "
                + "(check --store, $ATTENDANCE_STORE or [store] path)")
    }

    /// The pool with a writer in WAL mode, the schema migrated.
    private static func openForWriting(
        at path: String, connections: Connections
    ) throws(StoreError)
        -> any DatabaseWriter
    {
        let pool: any DatabaseWriter
        do {
            pool = try connect(to: path, connections, configuration: configuration(readOnly: false))
        } catch {
            throw mapOpening(error, path: path)
        }
        do {
            // GRDB sets synchronous=NORMAL on the writer when it turns WAL on; durability needs
            // FULL, so set it again now that the writer is set up (the caller reads it back).
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            try Schema.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw map(error, path: path)
        } catch {
            throw .ioError(String(describing: error))
        }
        return pool
    }

    /// A pool of read-only connections to the existing store at `path`.
    ///
    /// SQLite reads a WAL store read-only through the `-shm` file of a connection that has it
    /// open. With no such file, and no right (or no room) to make one here, it can only read the
    /// main file as immutable. That is complete only when the `-wal` file holds nothing to
    /// replay, which is how the last writer to close leaves it; and as a writer of this program
    /// never leaves `-wal` empty while it is open, it also means nobody is writing.
    static func openForReading(
        at path: String, connections: Connections, requiringCurrentSchema: Bool
    ) throws(StoreError)
        -> any DatabaseWriter
    {
        do {
            return try readOnlyPool(
                at: path, location: path, connections: connections, requiringCurrentSchema: requiringCurrentSchema)
        } catch let error as DatabaseError
            where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR].contains(error.resultCode)
        {
            guard walIsEmpty(besides: path) else {
                throw .cannotOpen(
                    path: path,
                    reason: "it cannot be written here, and its latest changes are still in its -wal file, "
                        + "which only a program allowed to write the store can read")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw mapOpening(error, path: path)
        }
        do {
            return try readOnlyPool(
                at: path, location: immutableURI(for: path), connections: connections,
                requiringCurrentSchema: requiringCurrentSchema)
        } catch let error as StoreError {
            throw error
        } catch {
            throw mapOpening(error, path: path)
        }
    }

    /// Opens read-only connections to `location` (the path or a URI for it) and, when asked,
    /// reads the schema: a store older than this program cannot be upgraded without writing.
    private static func readOnlyPool(
        at path: String, location: String, connections: Connections, requiringCurrentSchema: Bool
    ) throws
        -> any DatabaseWriter
    {
        let pool = try connect(to: location, connections, configuration: configuration(readOnly: true))
        guard requiringCurrentSchema else { return pool }
        guard try pool.read(Schema.migrator.hasCompletedMigrations) else {
            throw try pool.read(isForeign) ? foreign(path) : StoreError.needsUpgrade(path: path)
        }
        return pool
    }

    /// `file:` URI for the store as an immutable file: no locks, no `-shm`, the `-wal` ignored.
    static func immutableURI(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:\(escaped)?mode=ro&immutable=1"
    }

    /// True when the store's `-wal` file is missing or empty: nothing committed is outside the main file.
    static func walIsEmpty(besides path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    // MARK: - Files

    /// Creates the store's folder (0750) and file (0640) when missing, and tightens an existing
    /// file that is readable by others: attendance records are personal data.
    ///
    /// Throws `.readOnly` when the file cannot be opened for writing, and `.diskFull` when it
    /// cannot be created for lack of space. True when this call created the file.
    @discardableResult
    static func prepareFile(at path: String) throws(StoreError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(folder)")
            }
        }
        var fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
        let created = fd >= 0
        if fd < 0, errno == EEXIST { fd = open(path, O_RDWR | O_CLOEXEC) }
        if fd < 0 {
            let code = errno
            if code == EROFS { throw .readOnly(path: path, reason: "its file system is mounted read-only") }
            if code == EACCES {
                throw FileAccess.denial(of: path, writing: true).map { .writeDenied(path: path, $0) }
                    ?? .readOnly(path: path)
            }
            if code == EPERM {
                throw .readOnly(path: path, reason: "writing it is not permitted (is it immutable? lsattr \(path))")
            }
            if code == ENOSPC { throw .diskFull }
            throw .cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        _ = fstat(fd, &info)
        // A manager running `sudo attendance …` must not leave a root-owned store that the
        // kiosk's own user cannot write: a store root creates belongs to its folder's owner
        // (SQLite itself gives its -wal and -shm files the database's owner when run as root).
        var folderInfo = stat()
        if geteuid() == 0, info.st_uid == 0, info.st_size == 0,
            stat(folder.isEmpty ? "." : folder, &folderInfo) == 0, folderInfo.st_uid != 0
        {
            _ = fchown(fd, folderInfo.st_uid, folderInfo.st_gid)
        }
        FileAccess.alignJournalModes(of: path, storeMode: info.st_mode)
        return created
    }

    /// Takes away what group write and others have on the store's file. Done once the store is
    /// known to be one (opened and migrated), so another program's file named by mistake keeps
    /// its mode.
    static func tightenMode(at path: String) {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & 0o027) != 0 { _ = chmod(path, info.st_mode & 0o640) }
    }

    static func syncFile(at path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .ioError("cannot open \(path) to sync it") }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL { throw .ioError("fsync \(path): \(String(cString: strerror(errno)))") }
    }
}

extension StoreError {
    /// Failures to write that leave the store readable: opened for reading, reports still work.
    var stillAllowsReading: Bool {
        switch self {
        case .readOnly, .writeDenied, .diskFull, .fileSizeLimit: return true
        default: return false
        }
    }

    /// No room to write: a full disk or the file-size limit.
    var isLackOfRoom: Bool {
        switch self {
        case .diskFull, .fileSizeLimit: return true
        default: return false
        }
    }
}
