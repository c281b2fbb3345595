import AttendanceCore
import Foundation
import NIOPosix
import PostgresNIO

/// The central PostgreSQL store, through postgres-nio: the only code that speaks to it.
///
/// One connection, used synchronously (commands and the kiosk's sync thread block on it; none
/// of them is an event loop). Every write is one transaction under the writers' advisory lock,
/// so change numbers commit in order; every read of changes is one REPEATABLE READ snapshot, so
/// a round sees a consistent prefix of them.
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

    // MARK: - Going up

    /// Makes sure `node` is this store's name at the centre: the first store to sync under a
    /// name keeps it. Throws ``CentralError/nameTaken(_:node:)`` for any other store.
    public func claim(_ node: String, storeID: String, role: SyncRole) throws(CentralError) {
        let holder: String?
        do {
            holder = try run { () throws -> String? in
                let rows = try rows(
                    """
                    INSERT INTO node (name, role, store_id) VALUES ($1, $2, $3)
                    ON CONFLICT (name) DO UPDATE SET store_id = coalesce(node.store_id, excluded.store_id)
                    RETURNING store_id
                    """, [node, role.rawValue, storeID])
                return try rows.first?.decode(String?.self)
            }
        } catch .notPermitted(_, let reason) where reason.contains("is held by another login") {
            // Another kiosk's login synced under this name first (schema 6).
            throw .nameTaken(address, node: node)
        }
        guard holder == storeID else { throw .nameTaken(address, node: node) }
    }

    /// Stores `batch` from `node` in one transaction. Records already there (a push repeated
    /// after a crash) are left as they are; a kiosk's employees, access points, holidays and leave
    /// go in only where the centre has none. A desk's replace the centre's when the centre's row
    /// has not changed since the desk last pulled (`base`, its pull cursors), or was last changed
    /// by this desk itself: a change made on a copy that could not send it at once must not undo
    /// what others did since (a PIN lock raised at a kiosk, another manager's edit). Otherwise
    /// nothing of the batch is stored and ``CentralError/conflict(_:node:changes:)`` names the rows.
    public func push(
        _ batch: SyncBatch, from node: String, role: SyncRole, base: [String: Int64] = [:]
    ) throws(CentralError) {
        try run { () throws in
            let encoder = JSONEncoder()
            func json<T: Encodable>(_ value: [T]) throws -> String {
                String(decoding: try encoder.encode(value), as: UTF8.self)
            }
            try execute("BEGIN")
            do {
                try execute("SELECT pg_advisory_xact_lock(\(CentralSchema.writerLock))")
                try execute(
                    "INSERT INTO node (name, role, last_push) VALUES ($1, $2, now()) ON CONFLICT (name) DO UPDATE SET last_push = now()",
                    [node, role.rawValue])
                let replace = role == .desk
                // A desk's last pulled change number of a kind, bound as $3 (a kiosk's upsert has none).
                func bases(_ kind: String) -> [any PostgresEncodable & Sendable] { replace ? [base[kind] ?? 0] : [] }
                // The rows of `table` a desk sent that the centre kept, each with who changed it since.
                func refused(_ table: String, key: String, sent: [String], stored: [PostgresRow]) throws -> [String] {
                    guard replace, stored.count < sent.count else { return [] }
                    let kept = Set(try stored.map { try $0.decode(String.self) })
                    let missing = sent.filter { !kept.contains($0) }
                    let holders = try rows(
                        "SELECT \(key), changed_by FROM \(table) WHERE \(key) = ANY($1)", [missing])
                    return try holders.map { row in
                        let (name, by) = try row.decode((String, String).self)
                        return "\(table == "allowed_wifi" ? "access point" : table) \(name) (changed by \(by))"
                    }
                }
                var conflicts: [String] = []
                if !batch.employees.isEmpty {
                    let stored = try rows(
                        """
                        INSERT INTO employee (code, name, start_date, end_date, shift_start, shift_end, active, pin_hash,
                            pin_salt, pin_rounds, locked, changed_by)
                        SELECT code, name, start_date, end_date, shift_start, shift_end, active, decode(pin_hash_hex, 'hex'),
                            decode(pin_salt_hex, 'hex'), pin_rounds, locked, $2
                        FROM jsonb_to_recordset($1::jsonb) AS r(code text, name text, start_date text, end_date text,
                            shift_start text, shift_end text, active boolean, pin_hash_hex text, pin_salt_hex text,
                            pin_rounds integer, locked boolean)
                        ON CONFLICT (code) DO \(replace ? """
                            UPDATE SET name = excluded.name, start_date = excluded.start_date, end_date = excluded.end_date,
                                shift_start = excluded.shift_start, shift_end = excluded.shift_end, active = excluded.active,
                                pin_hash = excluded.pin_hash, pin_salt = excluded.pin_salt, pin_rounds = excluded.pin_rounds,
                                locked = excluded.locked, changed_by = excluded.changed_by
                            \(Self.unchangedSince("employee"))
                            """ : "NOTHING")
                        RETURNING code
                        """, [try json(batch.employees), node] + bases("employee"))
                    conflicts += try refused(
                        "employee", key: "code", sent: batch.employees.map(\.code), stored: stored)
                    if !replace {
                        // A kiosk raises a lock after wrong PINs; only a manager lifts it.
                        let locked = batch.employees.filter(\.locked).map(\.code)
                        if !locked.isEmpty {
                            try execute(
                                "UPDATE employee SET locked = true WHERE code = ANY($1) AND NOT locked", [locked])
                        }
                    }
                }
                if !batch.wifi.isEmpty {
                    let stored = try rows(
                        """
                        INSERT INTO allowed_wifi (bssid, ssid, location, active, changed_by)
                        SELECT bssid, decode(ssid_hex, 'hex'), location, active, $2
                        FROM jsonb_to_recordset($1::jsonb) AS r(bssid text, ssid_hex text, location text, active boolean)
                        ON CONFLICT (bssid) DO \(replace ? """
                            UPDATE SET ssid = excluded.ssid, location = excluded.location, active = excluded.active,
                                changed_by = excluded.changed_by
                            \(Self.unchangedSince("allowed_wifi"))
                            """ : "NOTHING")
                        RETURNING bssid
                        """, [try json(batch.wifi), node] + bases("allowed_wifi"))
                    conflicts += try refused(
                        "allowed_wifi", key: "bssid", sent: batch.wifi.map(\.bssid), stored: stored)
                }
                if !batch.holidays.isEmpty {
                    let stored = try rows(
                        """
                        INSERT INTO holiday (date, name, removed, changed_by)
                        SELECT date, name, removed, $2 FROM jsonb_to_recordset($1::jsonb) AS r(date text, name text, removed boolean)
                        ON CONFLICT (date) DO \(replace ? """
                            UPDATE SET name = excluded.name, removed = excluded.removed, changed_by = excluded.changed_by
                            \(Self.unchangedSince("holiday"))
                            """ : "NOTHING")
                        RETURNING date
                        """, [try json(batch.holidays), node] + bases("holiday"))
                    conflicts += try refused(
                        "holiday", key: "date", sent: batch.holidays.map(\.date), stored: stored)
                }
                if !batch.leave.isEmpty {
                    let stored = try rows(
                        """
                        INSERT INTO leave (employee_code, date, half_day, reason, removed, changed_by)
                        SELECT employee_code, date, half_day, reason, removed, $2
                        FROM jsonb_to_recordset($1::jsonb) AS r(employee_code text, date text, half_day boolean,
                            reason text, removed boolean)
                        ON CONFLICT (employee_code, date) DO \(replace ? """
                            UPDATE SET half_day = excluded.half_day, reason = excluded.reason, removed = excluded.removed,
                                changed_by = excluded.changed_by
                            \(Self.unchangedSince("leave"))
                            """ : "NOTHING")
                        RETURNING employee_code || ' ' || date
                        """, [try json(batch.leave), node] + bases("leave"))
                    conflicts += try refused(
                        "leave", key: "employee_code || ' ' || date",
                        sent: batch.leave.map { "\($0.employeeCode) \($0.date)" }, stored: stored)
                }
                // Nothing of a batch goes in when one of its rows would undo a newer change.
                guard conflicts.isEmpty else { throw CentralError.conflict(address, node: node, changes: conflicts) }
                if !batch.punches.isEmpty {
                    try execute(
                        """
                        INSERT INTO punch (node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
                            ssid, bssid, location, note, entered_by, clock_went_back, created_at_ms)
                        SELECT node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
                            decode(ssid_hex, 'hex'), bssid, location, note, entered_by, clock_went_back, created_at_ms
                        FROM jsonb_to_recordset($1::jsonb) AS r(node text, origin_id bigint, employee_code text,
                            instant_ms bigint, zone text, attendance_date text, kind text, source text, ssid_hex text,
                            bssid text, location text, note text, entered_by text, clock_went_back boolean,
                            created_at_ms bigint)
                        ORDER BY origin_id
                        ON CONFLICT (node, origin_id) DO NOTHING
                        """, [try json(batch.punches)])
                }
                if !batch.corrections.isEmpty {
                    try execute(
                        """
                        INSERT INTO punch_correction (node, origin_id, punch_node, punch_origin_id, employee_code, action,
                            punch_date, from_date, to_date, new_instant_ms, outside_edit_window, actor, at_ms, reason)
                        SELECT node, origin_id, punch_node, punch_origin_id, employee_code, action, punch_date, from_date,
                            to_date, new_instant_ms, outside_edit_window, actor, at_ms, reason
                        FROM jsonb_to_recordset($1::jsonb) AS r(node text, origin_id bigint, punch_node text,
                            punch_origin_id bigint, employee_code text, action text, punch_date text, from_date text,
                            to_date text, new_instant_ms bigint, outside_edit_window boolean, actor text, at_ms bigint,
                            reason text)
                        ORDER BY origin_id
                        ON CONFLICT (node, origin_id) DO NOTHING
                        """, [try json(batch.corrections)])
                }
                if !batch.audit.isEmpty {
                    try execute(
                        """
                        INSERT INTO audit_log (node, origin_id, at_ms, actor, action, entity, entity_key, employee_code,
                            old_value, new_value, reason)
                        SELECT node, origin_id, at_ms, actor, action, entity, entity_key, employee_code, old_value,
                            new_value, reason
                        FROM jsonb_to_recordset($1::jsonb) AS r(node text, origin_id bigint, at_ms bigint, actor text,
                            action text, entity text, entity_key text, employee_code text, old_value text,
                            new_value text, reason text)
                        ORDER BY origin_id
                        ON CONFLICT (node, origin_id) DO NOTHING
                        """, [try json(batch.audit)])
                }
                if !batch.links.isEmpty { try storeLinks(batch.links, of: node) }
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Keeps `node`'s history links, refusing (and so rolling back the whole push) any that
    /// does not extend what the centre holds: a link already here must come again unchanged,
    /// and each new one must start from the one before it.
    private func storeLinks(_ links: [SyncedLink], of node: String) throws {
        let ordered = links.sorted { $0.seq < $1.seq }
        guard let first = ordered.first, let last = ordered.last else { return }
        var held: [Int64: String] = [:]
        for row in try rows(
            "SELECT seq, encode(hash, 'hex') FROM history_link WHERE node = $1 AND seq BETWEEN $2 AND $3",
            [node, first.seq - 1, last.seq])
        {
            let (seq, hash) = try row.decode((Int64, String).self)
            held[seq] = hash
        }
        var previous: String? = first.seq == 1 ? HistoryLink.start.hexText : held[first.seq - 1]
        for link in ordered {
            if let kept = held[link.seq], kept != link.hashHex {
                throw CentralError.historyDiverged(
                    address, node: node, seq: link.seq, reason: "differs from the one the centre received before")
            }
            if let previous, previous != link.prevHex {
                throw CentralError.historyDiverged(
                    address, node: node, seq: link.seq,
                    reason: "does not follow record \(link.seq - 1) as the centre received it")
            }
            previous = link.hashHex
        }
        let encoder = JSONEncoder()
        try execute(
            """
            INSERT INTO history_link (node, seq, kind, record_node, record_id, prev, hash)
            SELECT $2, seq, kind, record_node, record_id, decode(prev_hex, 'hex'), decode(hash_hex, 'hex')
            FROM jsonb_to_recordset($1::jsonb) AS r(seq bigint, kind text, record_node text, record_id bigint,
                prev_hex text, hash_hex text)
            ORDER BY seq
            ON CONFLICT (node, seq) DO NOTHING
            """, [String(decoding: try encoder.encode(ordered), as: UTF8.self), node])
    }

    // MARK: - Coming down

    /// The kinds of change a store pulls, in the order they are applied: states before the
    /// records that name them, punches before the corrections that name them.
    public static let pulledKinds = [
        "employee", "allowed_wifi", "holiday", "leave", "punch", "punch_correction", "audit_log",
    ]

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
                for kind in Self.pulledKinds {
                    var after = cursors[kind] ?? 0
                    while true {
                        let page = try rows(Self.pullQuery(kind), [after, Int64(pageSize), node])
                        guard let row = page.first else { break }
                        let (json, last, count) = try row.decode((String, Int64?, Int64).self)
                        guard let last, count > 0 else { break }
                        var batch = SyncBatch()
                        let data = Data(json.utf8)
                        let decoder = JSONDecoder()
                        switch kind {
                        case "employee": batch.employees = try decoder.decode([SyncedEmployee].self, from: data)
                        case "allowed_wifi": batch.wifi = try decoder.decode([SyncedWiFi].self, from: data)
                        case "holiday": batch.holidays = try decoder.decode([SyncedHoliday].self, from: data)
                        case "leave": batch.leave = try decoder.decode([SyncedLeave].self, from: data)
                        case "punch": batch.punches = try decoder.decode([SyncedPunch].self, from: data)
                        case "punch_correction":
                            batch.corrections = try decoder.decode([SyncedCorrection].self, from: data)
                        default: batch.audit = try decoder.decode([SyncedAuditEntry].self, from: data)
                        }
                        try apply(batch, [kind: last])
                        after = last
                        if count < pageSize { break }
                    }
                }
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
            try? execute("UPDATE node SET last_pull = now() WHERE name = $1", [node])
        }
    }

    /// One page of changes of `kind` as JSON, with the last change number and the count.
    static func pullQuery(_ kind: String) -> String {
        let columns: String
        var ownOnly = ""
        switch kind {
        case "employee":
            columns = """
                code, name, start_date, end_date, shift_start, shift_end, active, encode(pin_hash, 'hex') AS pin_hash_hex,
                encode(pin_salt, 'hex') AS pin_salt_hex, pin_rounds, locked
                """
        case "allowed_wifi": columns = "bssid, encode(ssid, 'hex') AS ssid_hex, location, active"
        case "holiday": columns = "date, name, removed"
        case "leave": columns = "employee_code, date, half_day, reason, removed"
        case "punch":
            columns = """
                node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
                encode(ssid, 'hex') AS ssid_hex, bssid, location, note, entered_by, clock_went_back, created_at_ms
                """
            ownOnly = " AND node <> $3"
        case "punch_correction":
            columns = """
                node, origin_id, punch_node, punch_origin_id, employee_code, action, punch_date, from_date, to_date,
                new_instant_ms, outside_edit_window, actor, at_ms, reason
                """
            ownOnly = " AND node <> $3"
        default:
            columns = """
                node, origin_id, at_ms, actor, action, entity, entity_key, employee_code, old_value, new_value, reason
                """
            ownOnly = " AND node <> $3"
        }
        // $3 is bound for every kind so the parameter list is the same; states ignore it.
        let keep = ownOnly.isEmpty ? " AND $3::text IS NOT NULL" : ownOnly
        return """
            SELECT coalesce(json_agg(row_to_json(t) ORDER BY t.seq), '[]')::text, max(t.seq), count(*)
            FROM (SELECT seq, \(columns) FROM \(kind) WHERE seq > $1\(keep) ORDER BY seq LIMIT $2) t
            """
    }

    // MARK: - Reading for reports

    /// How many records of each kind the centre holds, and from how many kiosks.
    public func counts() throws(CentralError) -> [String: Int] {
        try run { () throws -> [String: Int] in
            var result: [String: Int] = [:]
            for kind in Self.pulledKinds + ["node"] {
                let row = try rows("SELECT count(*) FROM \(kind)")
                result[kind] = Int(try row.first?.decode(Int64.self) ?? 0)
            }
            return result
        }
    }

    /// The names the centre keeps for `codes`, by code (codes it does not have are left out).
    public func employeeNames(_ codes: [String]) throws(CentralError) -> [String: String] {
        try run { () throws -> [String: String] in
            var names: [String: String] = [:]
            for row in try rows("SELECT code, name FROM employee WHERE code = ANY($1)", [codes]) {
                let (code, name) = try row.decode((String, String).self)
                names[code] = name
            }
            return names
        }
    }

    /// The condition of a desk's replacing upsert on `table`: the centre's row has not changed
    /// since the desk's last pull of that kind ($3), or this desk ($2) made its last change.
    static func unchangedSince(_ table: String) -> String {
        "WHERE \(table).seq <= $3 OR \(table).changed_by = $2"
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
        return try deadline.futureResult.wait().rows
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
                switch info[.sqlState] ?? "" {
                case "28P01", "28000": return .authentication(address, reason: message)
                case "42501": return .notPermitted(address, reason: message)
                case "42P01": return .notInitialised(address)
                case "3D000": return .unreachable(address, reason: message)
                case let state where state.hasPrefix("08") || state.hasPrefix("57P"):
                    return .unreachable(address, reason: message)
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
