import AttendanceCore
import AttendanceSync
import Foundation
import NIOPosix
import PostgresNIO

/// The central PostgreSQL store, through postgres-nio: the only code that speaks to it.
///
/// One connection, used synchronously (commands and the kiosk's sync thread block on it; none
/// of them is an event loop). Every write is one call of the centre's functions, one statement
/// and so one transaction that never waits on this side; every read of changes is one
/// REPEATABLE READ snapshot, so a round sees a consistent prefix of them.
public final class CentralStore: @unchecked Sendable {
    public let address: CentralAddress
    private let connection: PostgresConnection
    private let logger = Logger(label: "attendance.central")

    /// Connects. `password` comes from the password file; `tls` and `caFile` as configured.
    public init(
        address: CentralAddress, password: String?, tls: CentralSettings.TLSMode = .prefer, caFile: String? = nil,
        connectTimeoutSeconds: Int64 = 5
    ) throws(CentralError) {
        self.address = address
        var configuration: PostgresConnection.Configuration
        if let folder = address.socketFolder {
            configuration = .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(address.port)", username: address.user, password: password,
                database: address.database)
        } else {
            if tls == .disable, let refusal = address.plainTextRefusal { throw .tls(reason: refusal) }
            let tlsSetting: PostgresConnection.Configuration.TLS
            do {
                switch tls {
                case .disable:
                    tlsSetting = .disable
                case .prefer:
                    var settings = TLSConfiguration.makeClientConfiguration()
                    settings.certificateVerification = .none
                    tlsSetting = .prefer(try NIOSSLContext(configuration: settings))
                case .require:
                    var settings = TLSConfiguration.makeClientConfiguration()
                    if let caFile { settings.trustRoots = .file(caFile) }
                    tlsSetting = .require(try NIOSSLContext(configuration: settings))
                }
            } catch {
                throw .tls(reason: String(describing: error))
            }
            configuration = .init(
                host: address.host ?? "localhost", port: address.port, username: address.user, password: password,
                database: address.database, tls: tlsSetting)
        }
        configuration.options.connectTimeout = .seconds(connectTimeoutSeconds)
        do {
            connection = try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger
            ).wait()
        } catch {
            throw Self.map(error, address: address, connecting: true)
        }
    }

    deinit {
        _ = try? connection.close().wait()
    }

    // MARK: - Schema

    /// Creates or brings up to date the attendance schema; safe to run again.
    public func initialise() throws(CentralError) {
        try run { () throws in
            try execute("BEGIN")
            do {
                try execute("SELECT pg_advisory_xact_lock(\(CentralSchema.writerLock))")
                for statement in CentralSchema.statements { try execute(statement) }
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The schema version on the server; nil when it has none.
    public func schemaVersion() throws(CentralError) -> Int? {
        try run { () throws -> Int? in
            let exists = try rows("SELECT to_regclass('schema_info') IS NOT NULL")
            guard try exists.first?.decode(Bool.self) == true else { return nil }
            let version = try rows("SELECT value FROM schema_info WHERE key = 'version'")
            return try version.first.map { Int(try $0.decode(String.self)) } ?? nil
        }
    }

    /// The centre's clock, as `clock_timestamp()` reads it on the server.
    public func serverTime() throws(CentralError) -> Date {
        try run { () throws -> Date in
            let rows = try rows("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")
            return Date(timeIntervalSince1970: Double(try rows.first?.decode(Int64.self) ?? 0) / 1000)
        }
    }

    /// Every kiosk and desk that syncs here, by name, with when each last pushed and pulled.
    public func nodes() throws(CentralError) -> [SyncNode] {
        try run { () throws -> [SyncNode] in
            try rows(
                """
                SELECT name, role, (extract(epoch FROM last_push) * 1000)::bigint,
                    (extract(epoch FROM last_pull) * 1000)::bigint
                FROM node ORDER BY name
                """
            ).compactMap { row in
                let (name, role, push, pull) = try row.decode((String, String, Int64?, Int64?).self)
                return SyncRole(rawValue: role).map { role in
                    SyncNode(
                        name: name, role: role, lastPush: push.map { Date(timeIntervalSince1970: Double($0) / 1000) },
                        lastPull: pull.map { Date(timeIntervalSince1970: Double($0) / 1000) })
                }
            }
        }
    }

    // MARK: - Going up

    /// Makes sure `node` is this store's name at the centre: the first store to sync under a
    /// name keeps it, and a kiosk's login holds one kiosk id. Throws
    /// ``CentralError/nameTaken(_:node:)`` for any other store.
    public func claim(_ node: String, storeID: String, role: SyncRole) throws(CentralError) {
        let holder: String?
        do {
            holder = try run { () throws -> String? in
                try rows("SELECT attendance_claim($1, $2, $3)", [node, role.rawValue, storeID]).first?.decode(
                    String?.self)
            }
        } catch {
            throw error.naming(node)
        }
        guard holder == storeID else { throw .nameTaken(address, node: node) }
    }

    /// Stores `batch` from `node` in one statement, which the centre checks record by record
    /// (CentralSchema+API.swift). Records already there (a push repeated after a crash) are left
    /// as they are; a kiosk's employees, access points, holidays and leave go in only where the
    /// centre has none. A desk's replace the centre's when the centre's row has not changed since
    /// the desk last pulled (`base`, its pull cursors), or was last changed by this desk itself:
    /// a change made on a copy that could not send it at once must not undo what others did
    /// since (a PIN lock raised at a kiosk, another manager's edit). Otherwise nothing of the
    /// batch is stored and ``CentralError/conflict(_:node:changes:)`` names the rows.
    public func push(
        _ batch: SyncBatch, from node: String, role: SyncRole, base: [String: Int64] = [:]
    ) throws(CentralError) {
        do {
            try run { () throws in
                let encoder = JSONEncoder()
                let records = String(decoding: try encoder.encode(batch), as: UTF8.self)
                let marks = String(decoding: try encoder.encode(role == .desk ? base : [:]), as: UTF8.self)
                try execute("SELECT attendance_push($1, $2::jsonb, $3::jsonb)", [node, records, marks])
            }
        } catch {
            throw error.naming(node)
        }
    }

    // MARK: - A store restored from an older copy

    /// The last link of `node`'s chain as the centre holds it, nil before any.
    public func chainHead(of node: String) throws(CentralError) -> (seq: Int64, hashHex: String)? {
        do {
            return try run { () throws -> (seq: Int64, hashHex: String)? in
                guard let row = try rows("SELECT * FROM attendance_chain_head($1)", [node]).first else { return nil }
                let (seq, hash) = try row.decode((Int64, String).self)
                return (seq, hash)
            }
        } catch {
            throw error.naming(node)
        }
    }

    /// `node`'s links after `seq`, as the centre holds them, at most `limit`, in order.
    public func ownLinks(
        of node: String, after seq: Int64, limit: Int
    ) throws(CentralError) -> [(
        seq: Int64, hashHex: String
    )] {
        try run { () throws -> [(seq: Int64, hashHex: String)] in
            try rows("SELECT * FROM attendance_own_links($1, $2, $3)", [node, seq, Int32(limit)]).map { row in
                let (seq, hash) = try row.decode((Int64, String).self)
                return (seq, hash)
            }
        }
    }

    /// `node`'s own punches, corrections and audit entries after `after` (by kind, its numbers),
    /// as the centre holds them: what a store restored from an older copy lost.
    public func ownRecords(of node: String, after: SyncCursors, pageSize: Int = 5_000) throws(CentralError) -> SyncBatch
    {
        try run { () throws -> SyncBatch in
            var batch = SyncBatch()
            for (kind, first) in [
                ("punch", after.pushedPunch), ("punch_correction", after.pushedCorrection),
                ("audit_log", after.pushedAudit),
            ] {
                var mark = first
                while let page = try PulledPage(
                    try rows(
                        "SELECT * FROM attendance_own_records($1, $2, $3, $4)", [node, kind, mark, Int32(pageSize)]
                    ).first, kind: kind)
                {
                    batch.append(page.batch)
                    mark = page.last
                    if page.count < pageSize { break }
                }
            }
            return batch
        }
    }

    /// Starts a new line of `node`'s chain after its link `keep`, the last the store shares with
    /// the centre; the links after it stay on the old line.
    public func rejoin(_ node: String, keeping keep: Int64) throws(CentralError) {
        do {
            try run { () throws in try execute("SELECT attendance_rejoin($1, $2)", [node, keep]) }
        } catch {
            throw error.naming(node)
        }
    }

    /// Where the centre keeps a link whose hash is `hashHex` (64 lower-case hex digits): which
    /// store's chain, at which number, and whether on a line that store left when it was
    /// restored from an older copy.
    public func findLink(hashHex: String) throws(CentralError) -> [(node: String, seq: Int64, superseded: Bool)] {
        try run { () throws -> [(node: String, seq: Int64, superseded: Bool)] in
            try rows("SELECT * FROM attendance_find_link($1)", [hashHex]).map { row in
                let (node, seq, superseded) = try row.decode((String, Int64, Bool).self)
                return (node, seq, superseded)
            }
        }
    }

    // MARK: - Coming down

    /// The kinds of change a store pulls, in the order they are applied.
    public static let pulledKinds = CentralSchema.pulledKinds

    /// Hands `apply` every change after `cursors`, in pages of at most `pageSize`, each with the
    /// change numbers it reaches. Records made by `node` itself are left out. All pages come from
    /// one snapshot; `apply` stores each page and its marks in one local transaction.
    public func pull(
        after cursors: [String: Int64], excluding node: String, pageSize: Int,
        apply: (_ page: SyncBatch, _ reached: [String: Int64]) throws -> Void
    ) throws(CentralError) {
        try run { () throws in
            try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do {
                // Each page is decoded on another thread as soon as it arrives, and the next one
                // asked for once it is decoded: the server builds a page and another thread reads
                // it while this thread applies the one before.
                func page(after: Int64, of kind: String) throws -> EventLoopFuture<PulledPage?> {
                    let answer = try ask(
                        "SELECT * FROM attendance_pull($1, $2, $3, $4)", [kind, after, Int32(pageSize), node])
                    return answer.flatMap { result in
                        let decoded = answer.eventLoop.makePromise(of: PulledPage?.self)
                        DispatchQueue.global().async {
                            decoded.completeWith(Result { try PulledPage(result.rows.first, kind: kind) })
                        }
                        return decoded.futureResult
                    }
                }
                for kind in Self.pulledKinds {
                    var next = try page(after: cursors[kind] ?? 0, of: kind)
                    while let current = try next.wait() {
                        let more = current.count >= pageSize
                        if more { next = try page(after: current.last, of: kind) }
                        try apply(current.batch, [kind: current.last])
                        if !more { break }
                    }
                }
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
            try? execute("SELECT attendance_note_pull($1)", [node])
        }
    }

    // MARK: - Reading for reports

    /// The names the centre keeps for `codes`, by code as asked, compared without regard to case
    /// (codes it does not have are left out).
    public func employeeNames(_ codes: [String]) throws(CentralError) -> [String: String] {
        try run { () throws -> [String: String] in
            var names: [String: String] = [:]
            for row in try rows("SELECT * FROM attendance_employee_names($1)", [codes]) {
                let (code, name) = try row.decode((String, String).self)
                names[code] = name
            }
            return names
        }
    }

    // MARK: - Talking to the server

    private func execute(_ sql: String, _ binds: [any PostgresEncodable & Sendable] = []) throws {
        _ = try rows(sql, binds)
    }

    /// False once the connection has ended (the server went away): connect again.
    public var isUsable: Bool { !connection.isClosed }

    /// The longest one statement may take before the connection is given up. A network that
    /// drops without a word (no FIN, no RST) would otherwise leave the round waiting for ever;
    /// the server rolls back what the transaction had done when it notices.
    static let statementSeconds: Int64 = 60

    private func rows(_ sql: String, _ binds: [any PostgresEncodable & Sendable] = []) throws -> [PostgresRow] {
        try ask(sql, binds).wait().rows
    }

    /// Sends `sql`; its answer is awaited with `wait()`, within the same deadline as any statement.
    private func ask(
        _ sql: String, _ binds: [any PostgresEncodable & Sendable] = []
    ) throws -> EventLoopFuture<PostgresQueryResult> {
        var bindings = PostgresBindings()
        for bind in binds { try bindings.append(bind) }
        guard !connection.isClosed else { throw CentralError.unreachable(address, reason: "the connection was lost") }
        let answer = connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        let deadline = answer.eventLoop.makePromise(of: PostgresQueryResult.self)
        let timer = answer.eventLoop.scheduleTask(in: .seconds(Self.statementSeconds)) { [connection, address] in
            deadline.fail(CentralError.unreachable(address, reason: "no answer for \(Self.statementSeconds) s"))
            let closing: EventLoopFuture<Void> = connection.close()
            closing.whenComplete { _ in }
        }
        answer.whenComplete { result in
            timer.cancel()
            deadline.completeWith(result)
        }
        return deadline.futureResult
    }

    private func run<T>(_ body: () throws -> T) throws(CentralError) -> T {
        do {
            return try body()
        } catch {
            throw Self.map(error, address: address, connecting: false)
        }
    }

    /// SwiftNIO's description of a failed connection, reduced to the words that matter.
    static func plainReason(_ text: String) -> String {
        let known = [
            ("Connection refused", "connection refused: is the server running, on that port?"),
            ("timed out", "timed out"), ("Timeout", "timed out"), ("No route to host", "no route to host"),
            ("Name or service not known", "unknown host name"), ("No such file or directory", "no server socket there"),
            ("Network is unreachable", "network unreachable"), ("Connection reset", "connection reset"),
            ("serverClosedConnection", "the server closed the connection"),
            (
                "CERTIFICATE_VERIFY_FAILED",
                "the server's TLS certificate is not trusted (by ca_file, or without one by the system's CA "
                    + "certificates), or it expired, or it names another host"
            ),
        ]
        for (needle, words) in known where text.contains(needle) { return words }
        return String(text.prefix(200))
    }

    /// The driver's and the server's errors, in words a person can act on.
    static func map(_ error: any Error, address: CentralAddress, connecting: Bool) -> CentralError {
        if let error = error as? CentralError { return error }
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                let message = info[.message] ?? "error"
                let detail = info[.detail] ?? ""
                switch info[.sqlState] ?? "" {
                case "28P01", "28000": return .authentication(address, reason: message)
                case "42501": return .notPermitted(address, reason: message)
                // No tables, or none of the functions this version calls: an older schema.
                case "42P01", "42883": return .notInitialised(address)
                case "3D000": return .unreachable(address, reason: message)
                case CentralSchema.Refusal.refused: return .refused(address, reason: message)
                case CentralSchema.Refusal.conflict:
                    return .conflict(address, node: "", changes: detail.split(separator: "\n").map(String.init))
                case CentralSchema.Refusal.historyDiverged:
                    return .historyDiverged(address, node: "", seq: Int64(detail) ?? 0, reason: message)
                case CentralSchema.Refusal.nameTaken: return .nameTaken(address, node: "")
                // Busy, out of disk, memory or connections, shutting down: waiting mends these.
                case "55P03", "40001", "40P01": return .unreachable(address, reason: message)
                case let state where state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("53"):
                    return .unreachable(address, reason: message)
                // A value or reference the centre's checks refuse.
                case let state where state.hasPrefix("22") || state.hasPrefix("23"):
                    return .refused(address, reason: detail.isEmpty ? message : "\(message): \(detail)")
                default: return .server(address, reason: message)
                }
            }
            switch error.code {
            case .authMechanismRequiresPassword:
                return .authentication(address, reason: "the server wants a password; set password_file")
            case .sslUnsupported:
                return .unreachable(address, reason: "the server does not offer TLS, which tls = \"require\" needs")
            default:
                let underlying = error.underlying.map { String(describing: $0) } ?? String(describing: error.code)
                return .unreachable(address, reason: plainReason(underlying))
            }
        }
        if error is DecodingError { return .server(address, reason: "an answer this program cannot read: \(error)") }
        return .unreachable(address, reason: plainReason(String(describing: error)))
    }
}

/// One page of records of one kind, read from the centre's answer (a pull's, or a restored
/// store's own records): the records, the last number they reach and how many there are; nil
/// when there were none.
private struct PulledPage: Sendable {
    var batch = SyncBatch()
    var last: Int64
    var count: Int64

    init?(_ row: PostgresRow?, kind: String) throws {
        guard let row else { return nil }
        let (json, last, count) = try row.decode((String, Int64?, Int64).self)
        guard let last, count > 0 else { return nil }
        self.last = last
        self.count = count
        let data = Data(json.utf8)
        let decoder = JSONDecoder()
        switch kind {
        case "employee": batch.employees = try decoder.decode([SyncedEmployee].self, from: data)
        case "allowed_wifi": batch.wifi = try decoder.decode([SyncedWiFi].self, from: data)
        case "holiday": batch.holidays = try decoder.decode([SyncedHoliday].self, from: data)
        case "leave": batch.leave = try decoder.decode([SyncedLeave].self, from: data)
        case "manager_account": batch.managers = try decoder.decode([SyncedManager].self, from: data)
        case "punch": batch.punches = try decoder.decode([SyncedPunch].self, from: data)
        case "punch_correction": batch.corrections = try decoder.decode([SyncedCorrection].self, from: data)
        case "correction_request": batch.requests = try decoder.decode([SyncedRequest].self, from: data)
        default: batch.audit = try decoder.decode([SyncedAuditEntry].self, from: data)
        }
    }
}
