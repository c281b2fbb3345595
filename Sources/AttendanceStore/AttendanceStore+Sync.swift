import AttendanceCore
import AttendanceSync
import Foundation
import GRDB

/// A sync round's state as the store keeps it between rounds.
public struct SyncStatus: Sendable, Equatable {
    /// The name this store syncs under, once it has synced.
    public var node: String?
    public var server: String?
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    public var lastError: String?
    /// The last round reached the central store and was turned away.
    public var lastRoundRefused: Bool
    public var cursors: SyncCursors
    /// How far this store's clock was from the central store's at the last round that read it
    /// (ahead positive); nil before any.
    public var clockOffset: TimeInterval?
    /// Records made here that the central store does not have yet.
    public var waitingPunches: Int
    public var waitingCorrections: Int
    public var waitingAudit: Int
    /// Requests asked, answered or shown here that the central store does not have yet.
    public var waitingRequests: Int

    public var waiting: Int { waitingPunches + waitingCorrections + waitingAudit + waitingRequests }
    /// At a desk: the kiosks and desks the centre knew at the last round, with their last syncs.
    public var centralNodes: [SyncNode] = []
}

extension AttendanceStore {
    // MARK: - State

    /// The changes made on this store that the central store does not have yet, one line each
    /// from the audit log, with what an edit changed: "edit employee W001 (name: "Chen Li")".
    public func unsentChanges() throws(StoreError) -> [String] {
        try perform {
            try pool.read { db in
                let cursors = try Self.cursors(in: db)
                return try Row.fetchAll(
                    db,
                    sql: """
                        SELECT action, entity, entity_key, old_value, new_value FROM audit_log
                        WHERE origin_node IS NULL AND id > ? ORDER BY id
                        """, arguments: [cursors.pushedAudit]
                ).map { row in
                    let key: String? = row["entity_key"]
                    let change = [row["action"], row["entity"], key].compactMap { $0 }.joined(separator: " ")
                    let changed = Self.changedFields(from: row["old_value"], to: row["new_value"])
                    return changed.isEmpty ? change : "\(change) (\(changed))"
                }
            }
        }
    }

    /// The fields of an audit entry's JSON state that differ, as `name: "Chen Li"`; empty when
    /// either side is missing or not a JSON object.
    static func changedFields(from old: String?, to new: String?) -> String {
        let change = AuditChange(old: old, new: new)
        guard let before = change.old, let after = change.new else { return "" }
        return after.sorted { $0.key < $1.key }.filter { before[$0.key] != $0.value }.map { key, value in
            switch value {
            case .text(let text): "\(key): \"\(text)\""
            case .none: "\(key): none"
            case .number, .flag: "\(key): \(value)"
            }
        }.joined(separator: ", ")
    }

    /// The sync state: the node name, the server, the last round, what waits.
    public func syncStatus() throws(StoreError) -> SyncStatus {
        try perform {
            try pool.read { db in
                let state = try Self.syncState(in: db)
                let cursors = try Self.cursors(in: db)
                func count(_ table: String, after id: Int64) throws -> Int {
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(table) WHERE origin_node IS NULL AND id > ?", arguments: [id])
                        ?? 0
                }
                return SyncStatus(
                    node: state["node"], server: state["server"],
                    lastSuccess: state["last_success_ms"].flatMap(Int64.init).map(Date.init(milliseconds:)),
                    lastAttempt: state["last_attempt_ms"].flatMap(Int64.init).map(Date.init(milliseconds:)),
                    lastError: state["last_error"], lastRoundRefused: state["last_refused"] == "1", cursors: cursors,
                    clockOffset: state["clock_offset_ms"].flatMap(Int64.init).map { Double($0) / 1000 },
                    waitingPunches: try count("punch", after: cursors.pushedPunch),
                    waitingCorrections: try count("punch_correction", after: cursors.pushedCorrection),
                    waitingAudit: try count("audit_log", after: cursors.pushedAudit),
                    waitingRequests: try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM correction_request WHERE changed_seq > ?",
                        arguments: [cursors.pushedRequest ?? 0]) ?? 0,
                    centralNodes: Self.centralNodes(state["central_nodes"]))
            }
        }
    }

    /// The stores the centre knew of at the last successful round, as `syncStatus` has them, and
    /// when that round was: one small read, for a page that shows only them.
    public func centralNodes() throws(StoreError) -> (nodes: [SyncNode], lastSuccess: Date?) {
        try perform {
            try pool.read { db in
                var state: [String: String] = [:]
                for row in try Row.fetchAll(
                    db, sql: "SELECT key, value FROM sync_state WHERE key IN ('central_nodes', 'last_success_ms')")
                {
                    state[row[0]] = row[1]
                }
                return (
                    Self.centralNodes(state["central_nodes"]),
                    state["last_success_ms"].flatMap(Int64.init).map(Date.init(milliseconds:))
                )
            }
        }
    }

    private static func centralNodes(_ json: String?) -> [SyncNode] {
        json.flatMap { try? JSONDecoder().decode([SyncNode].self, from: Data($0.utf8)) } ?? []
    }

    /// When the last sync round succeeded; nil when none has. One small read, for every punch.
    public func lastSyncSuccess() throws(StoreError) -> Date? {
        try perform {
            try pool.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'last_success_ms'")
                    .flatMap(Int64.init).map(Date.init(milliseconds:))
            }
        }
    }

    /// Fixes the name this store syncs under. A store keeps its first name for good: its records
    /// are known by it at the centre, so a kiosk renamed in the configuration is refused.
    ///
    /// Returns this store's own identity, made once, at random: the central store keeps it with
    /// the name, so a second store syncing under a name already taken (a copied configuration,
    /// a kiosk rebuilt on a new disk) is turned away instead of having its records, numbered
    /// from 1 again, taken for ones the centre already holds.
    @discardableResult
    public func claimNode(_ node: String, server: String) throws(StoreError) -> String {
        try perform {
            try pool.write { db in
                let state = try Self.syncState(in: db)
                if let existing = state["node"], existing != node {
                    throw StoreError.syncIdentity(
                        "this store syncs as \(existing.quotedForMessage), not \(node.quotedForMessage): "
                            + "set [central] kiosk_id back, or start a new store for a new kiosk")
                }
                let identity = state["store_id"] ?? UUID().uuidString.lowercased()
                let claimed = ["node": node, "server": server, "store_id": identity]
                // Every round claims: write (and wait for the disk) only when something changed.
                if claimed.contains(where: { state[$0.key] != $0.value }) { try Self.setState(claimed, in: db) }
                return identity
            }
        }
    }

    /// Notes the end of a round: its time, and the error when it failed; `refused` when the
    /// central store was reached and turned the round away (a login, a name or a history it
    /// does not accept), which waiting will not mend. `clockOffset` is how far this store's
    /// clock was found from the centre's (ahead positive), when the round read the centre's:
    /// punches taken while it is more than ``Policy/clockTolerance`` carry it.
    public func noteSyncRound(
        at time: Date, error: String?, refused: Bool = false, clockOffset: TimeInterval? = nil
    ) throws(StoreError) {
        try perform {
            try pool.write { db in
                var values = [
                    "last_attempt_ms": String(time.milliseconds), "last_error": error ?? "",
                    "last_refused": refused && error != nil ? "1" : "",
                ]
                if let clockOffset { values["clock_offset_ms"] = String(Int64((clockOffset * 1000).rounded())) }
                if error == nil { values["last_success_ms"] = String(time.milliseconds) }
                try Self.setState(values, in: db)
            }
        }
    }

    /// Keeps what the centre said of every store that syncs with it (a desk asks at each round).
    public func noteCentralNodes(_ nodes: [SyncNode]) throws(StoreError) {
        let text = String(decoding: (try? JSONEncoder().encode(nodes)) ?? Data("[]".utf8), as: UTF8.self)
        try perform { try pool.write { db in try Self.setState(["central_nodes": text], in: db) } }
    }

    /// By how many whole minutes this store's clock was off the centre's at the last round that
    /// read it, when more than ``Policy/clockTolerance``; 0 otherwise. One small read, for every punch.
    static func clockOffMinutes(in db: Database) throws -> Int16 {
        guard
            let offset = try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'clock_offset_ms'")
                .flatMap(Int64.init)
        else { return 0 }
        return Self.clockOffMinutes(offset: Double(offset) / 1000)
    }

    /// `offset` in whole minutes when it is more than ``Policy/clockTolerance`` either way; 0 otherwise.
    public static func clockOffMinutes(offset: TimeInterval) -> Int16 {
        abs(offset) > Policy.clockTolerance ? Int16(clamping: Int64((offset / 60).rounded())) : 0
    }

    static func syncState(in db: Database) throws -> [String: String] {
        var state: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM sync_state") {
            let value: String = row["value"]
            if !value.isEmpty { state[row["key"]] = value }
        }
        return state
    }

    static func setState(_ values: [String: String], in db: Database) throws {
        for (key, value) in values {
            try db.execute(
                sql:
                    "INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        }
    }

    static func cursors(in db: Database) throws -> SyncCursors {
        guard let text = try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'cursors'") else {
            return SyncCursors()
        }
        guard let cursors = try? JSONDecoder().decode(SyncCursors.self, from: Data(text.utf8)) else {
            throw StoreError.unreadableRecord(table: "sync_state", column: "cursors", value: text)
        }
        return cursors
    }

    static func setCursors(_ cursors: SyncCursors, in db: Database) throws {
        let data = try JSONEncoder().encode(cursors)
        try setState(["cursors": String(decoding: data, as: UTF8.self)], in: db)
    }

    // MARK: - Going up

    /// The next records made here that the central store lacks, at most `limit` of each kind,
    /// oldest first, with the state of every employee, access point, holiday and leave day that
    /// their audit entries name; `withEmployeesOfRecords` adds every employee their punches and
    /// corrections name (a kiosk's, which the centre takes only where it has none, so that a
    /// kiosk joining with history never sends a punch of someone the centre does not know).
    /// `withAccounts` adds the console accounts their audit entries name: a desk's, as only a
    /// desk administers the organisation's accounts. Without `withPulledLinks` (a desk's) the
    /// history links sent are those of this store's own records and the chain's head after each
    /// page it pulled, not the link of every record it pulled.
    public func outgoing(
        node: String, limit: Int, withEmployeesOfRecords: Bool = false, withAccounts: Bool = false,
        withPulledLinks: Bool = true
    ) throws(StoreError) -> (batch: SyncBatch, upTo: SyncCursors) {
        try perform {
            try pool.read { db in
                var cursors = try Self.cursors(in: db)
                var batch = SyncBatch()
                let punchRows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT p.*, e.code, coalesce(alias.origin_id, p.id) AS sent_id
                        FROM punch p JOIN employee e ON e.id = p.employee_id
                        LEFT JOIN origin_alias alias ON alias.kind = 'punch' AND alias.local_id = p.id
                        WHERE p.origin_node IS NULL AND p.id > ? ORDER BY p.id LIMIT ?
                        """, arguments: [cursors.pushedPunch, limit])
                for row in punchRows {
                    let ssid: Data? = row["ssid"]
                    batch.punches.append(
                        SyncedPunch(
                            node: node, originID: row["sent_id"], employeeCode: row["code"],
                            instantMs: row["instant_ms"],
                            zone: row["zone"], attendanceDate: row["attendance_date"], kind: row["kind"],
                            source: row["source"], ssidHex: ssid.map { Array($0).hexText }, bssid: row["bssid"],
                            location: row["location"], note: row["note"], enteredBy: row["entered_by"],
                            clockWentBack: row["clock_went_back"], createdAtMs: row["created_at_ms"],
                            clockOffMinutes: (row["clock_off_minutes"] as Int?).flatMap { $0 == 0 ? nil : $0 }))
                    cursors.pushedPunch = row["id"]
                }
                let correctionRows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT c.*, e.code, p.origin_node AS punch_node,
                            coalesce(p.origin_id, punch_alias.origin_id, p.id) AS punch_origin_id,
                            coalesce(alias.origin_id, c.id) AS sent_id
                        FROM punch_correction c JOIN employee e ON e.id = c.employee_id JOIN punch p ON p.id = c.punch_id
                        LEFT JOIN origin_alias punch_alias ON punch_alias.kind = 'punch' AND punch_alias.local_id = p.id
                        LEFT JOIN origin_alias alias ON alias.kind = 'punch_correction' AND alias.local_id = c.id
                        WHERE c.origin_node IS NULL AND c.id > ? ORDER BY c.id LIMIT ?
                        """, arguments: [cursors.pushedCorrection, limit])
                for row in correctionRows {
                    let punchNode: String? = row["punch_node"]
                    batch.corrections.append(
                        SyncedCorrection(
                            node: node, originID: row["sent_id"], punchNode: punchNode ?? node,
                            punchOriginID: row["punch_origin_id"],
                            employeeCode: row["code"], action: row["action"], punchDate: row["punch_date"],
                            fromDate: row["from_date"], toDate: row["to_date"], newInstantMs: row["new_instant_ms"],
                            outsideEditWindow: row["outside_edit_window"], actor: row["actor"], atMs: row["at_ms"],
                            reason: row["reason"]))
                    cursors.pushedCorrection = row["id"]
                }
                let auditRows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT a.*, e.code, coalesce(alias.origin_id, a.id) AS sent_id
                        FROM audit_log a LEFT JOIN employee e ON e.id = a.employee_id
                        LEFT JOIN origin_alias alias ON alias.kind = 'audit_log' AND alias.local_id = a.id
                        WHERE a.origin_node IS NULL AND a.id > ? ORDER BY a.id LIMIT ?
                        """, arguments: [cursors.pushedAudit, limit])
                var named: [String: Set<String>] = [:]
                for row in auditRows {
                    let entry = SyncedAuditEntry(
                        node: node, originID: row["sent_id"], atMs: row["at_ms"], actor: row["actor"],
                        action: row["action"],
                        entity: row["entity"], entityKey: row["entity_key"], employeeCode: row["code"],
                        oldValue: row["old_value"], newValue: row["new_value"], reason: row["reason"])
                    batch.audit.append(entry)
                    cursors.pushedAudit = row["id"]
                    // A sign-in changes no account: its state is not sent again (a desk's stale
                    // copy would otherwise collide with another desk's newer change).
                    if entry.entity == "manager" && entry.action.hasPrefix("sign-in") { continue }
                    named[entry.entity, default: []].insert(entry.entityKey)
                }
                let requestRows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT r.*, e.code FROM correction_request r JOIN employee e ON e.id = r.employee_id
                        WHERE r.changed_seq > ? ORDER BY r.changed_seq LIMIT ?
                        """, arguments: [cursors.pushedRequest ?? 0, limit])
                for row in requestRows {
                    batch.requests.append(
                        SyncedRequest(
                            node: row["origin_node"] ?? node, originID: row["origin_id"], employeeCode: row["code"],
                            date: row["date"], leftAt: row["left_at"], reason: row["reason"],
                            askedAtMs: row["asked_at_ms"], state: row["state"], decidedAtMs: row["decided_at_ms"],
                            decidedBy: row["decided_by"], answer: row["answer"], seenAtMs: row["seen_at_ms"]))
                    cursors.pushedRequest = row["changed_seq"]
                }
                if withEmployeesOfRecords {
                    named["employee", default: []].formUnion(
                        batch.punches.map(\.employeeCode) + batch.corrections.map(\.employeeCode)
                            + batch.requests.map(\.employeeCode))
                }
                if !withAccounts { named["manager"] = nil }
                try Self.addState(named: named, to: &batch, in: db)
                // The history's links, each naming its record as the centre knows it. A desk's
                // copy links every record it pulls; the centre holds those records already, each
                // in the chain of the store that made it, so a desk sends the links of its own
                // records and the head each pulled page left, which a register may have printed.
                let links = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT h.seq, h.kind, h.record_id, h.prev, h.hash,
                            coalesce(p.origin_node, c.origin_node, a.origin_node) AS origin_node,
                            coalesce(p.origin_id, c.origin_id, a.origin_id, alias.origin_id, h.record_id) AS origin_id
                        FROM history_chain h
                        LEFT JOIN origin_alias alias ON alias.kind = h.kind AND alias.local_id = h.record_id
                        LEFT JOIN punch p ON h.kind = 'punch' AND p.id = h.record_id
                        LEFT JOIN punch_correction c ON h.kind = 'punch_correction' AND c.id = h.record_id
                        LEFT JOIN audit_log a ON h.kind = 'audit_log' AND a.id = h.record_id
                        WHERE h.seq > ? AND (? OR coalesce(p.origin_node, c.origin_node, a.origin_node, ?) = ?
                            OR h.seq IN (SELECT seq FROM pulled_page_end))
                        ORDER BY h.seq LIMIT ?
                        """, arguments: [cursors.pushedLink ?? 0, withPulledLinks, node, node, limit])
                for row in links {
                    let origin: String? = row["origin_node"]
                    batch.links.append(
                        SyncedLink(
                            seq: row["seq"], kind: row["kind"], recordNode: origin ?? node,
                            recordID: row["origin_id"],
                            prevHex: [UInt8](row["prev"] as Data).hexText, hashHex: [UInt8](row["hash"] as Data).hexText
                        ))
                    cursors.pushedLink = row["seq"]
                }
                return (batch, cursors)
            }
        }
    }

    /// Adds the current state of every employee, access point, holiday and leave day named in
    /// `named` (audit entities and keys); one that is gone is sent as removed.
    private static func addState(named: [String: Set<String>], to batch: inout SyncBatch, in db: Database) throws {
        for code in (named["employee"] ?? []).sorted() {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM employee WHERE code = ?", arguments: [code])
            else { continue }
            batch.employees.append(employee(from: row))
        }
        for bssid in (named["wifi"] ?? []).sorted() {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM allowed_wifi WHERE bssid = ?", arguments: [bssid])
            else { continue }
            let ssid: Data? = row["ssid"]
            batch.wifi.append(
                SyncedWiFi(
                    bssid: row["bssid"], ssidHex: ssid.map { Array($0).hexText }, location: row["location"],
                    active: row["active"]))
        }
        for date in (named["holiday"] ?? []).sorted() {
            let name = try String.fetchOne(db, sql: "SELECT name FROM holiday WHERE date = ?", arguments: [date])
            batch.holidays.append(SyncedHoliday(date: date, name: name ?? "", removed: name == nil))
        }
        for key in (named["leave"] ?? []).sorted() {
            // The audit key is "CODE YYYY-MM-DD".
            let parts = key.split(separator: " ")
            guard parts.count == 2 else { continue }
            let (code, date) = (String(parts[0]), String(parts[1]))
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT l.half_day, l.type, l.reason FROM leave l JOIN employee e ON e.id = l.employee_id
                    WHERE e.code = ? AND l.date = ?
                    """, arguments: [code, date])
            batch.leave.append(
                SyncedLeave(
                    employeeCode: code, date: date, halfDay: row?["half_day"] ?? false, type: row?["type"],
                    reason: row?["reason"] ?? "", removed: row == nil))
        }
        for name in (named["manager"] ?? []).sorted() {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM manager WHERE name = ?", arguments: [name])
            else { continue }
            batch.managers.append(
                SyncedManager(
                    name: row["name"], role: row["role"], passwordHash: row["password_hash"],
                    removed: row["removed_at_ms"] as Int64? != nil))
        }
    }

    private static func employee(from row: Row) -> SyncedEmployee {
        let hash: Data? = row["pin_hash"]
        let salt: Data? = row["pin_salt"]
        return SyncedEmployee(
            code: row["code"], name: row["name"], startDate: row["start_date"], endDate: row["end_date"],
            shiftStart: row["shift_start"], shiftEnd: row["shift_end"], active: row["active"],
            pinHashHex: hash.map { Array($0).hexText }, pinSaltHex: salt.map { Array($0).hexText },
            pinRounds: row["pin_rounds"], locked: row["locked"], language: row["language"],
            department: row["department"])
    }

    /// Records that the central store now holds everything up to `cursors` (after its commit).
    public func markPushed(upTo cursors: SyncCursors) throws(StoreError) {
        try perform {
            try pool.write { db in
                var stored = try Self.cursors(in: db)
                stored.pushedPunch = max(stored.pushedPunch, cursors.pushedPunch)
                stored.pushedCorrection = max(stored.pushedCorrection, cursors.pushedCorrection)
                stored.pushedAudit = max(stored.pushedAudit, cursors.pushedAudit)
                stored.pushedLink = max(stored.pushedLink ?? 0, cursors.pushedLink ?? 0)
                stored.pushedRequest = max(stored.pushedRequest ?? 0, cursors.pushedRequest ?? 0)
                try Self.setCursors(stored, in: db)
                try db.execute(sql: "DELETE FROM pulled_page_end WHERE seq <= ?", arguments: [stored.pushedLink])
            }
        }
    }

    // MARK: - Coming down

    /// Applies what came from the central store, and moves the pull marks to `pulled`, in one
    /// transaction: a round killed at any moment applies each record once.
    ///
    /// `node` is this store's own name: a correction of one of its own punches names it.
    public func apply(_ batch: SyncBatch, pulled: [String: Int64], node: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                let now = clock().milliseconds
                for employee in batch.employees { try Self.apply(employee, at: now, in: db) }
                for network in batch.wifi {
                    try db.execute(
                        sql: """
                            INSERT INTO allowed_wifi (bssid, ssid, location, active, created_at_ms, updated_at_ms)
                            VALUES (?, ?, ?, ?, ?, ?)
                            ON CONFLICT(bssid) DO UPDATE SET ssid = excluded.ssid, location = excluded.location,
                                active = excluded.active, updated_at_ms = excluded.updated_at_ms
                            """,
                        arguments: [
                            network.bssid, network.ssidHex.flatMap { [UInt8](hexText: $0) }.map { Data($0) },
                            network.location, network.active, now, now,
                        ])
                }
                for holiday in batch.holidays {
                    if holiday.removed {
                        try db.execute(sql: "DELETE FROM holiday WHERE date = ?", arguments: [holiday.date])
                    } else {
                        try db.execute(
                            sql: """
                                INSERT INTO holiday (date, name, created_at_ms) VALUES (?, ?, ?)
                                ON CONFLICT(date) DO UPDATE SET name = excluded.name
                                """, arguments: [holiday.date, holiday.name, now])
                    }
                }
                for leave in batch.leave {
                    let employeeID = try Self.employeeID(code: leave.employeeCode, at: now, in: db)
                    if leave.removed {
                        try db.execute(
                            sql: "DELETE FROM leave WHERE employee_id = ? AND date = ?",
                            arguments: [employeeID, leave.date])
                    } else {
                        try db.execute(
                            sql: """
                                INSERT INTO leave (employee_id, date, half_day, type, reason, created_at_ms)
                                VALUES (?, ?, ?, ?, ?, ?)
                                ON CONFLICT(employee_id, date) DO UPDATE SET half_day = excluded.half_day,
                                    type = excluded.type, reason = excluded.reason
                                """,
                            arguments: [
                                employeeID, leave.date, leave.halfDay, leave.type ?? LeaveType.annual.name,
                                leave.reason, now,
                            ])
                    }
                }
                // The centre's accounts replace this store's of the same name, a removal included.
                for account in batch.managers {
                    try db.execute(
                        sql: """
                            INSERT INTO manager (name, role, password_hash, created_at_ms, updated_at_ms, removed_at_ms)
                            VALUES (?, ?, ?, ?, ?, ?)
                            ON CONFLICT(name) DO UPDATE SET role = excluded.role,
                                password_hash = excluded.password_hash, updated_at_ms = excluded.updated_at_ms,
                                removed_at_ms = CASE WHEN excluded.removed_at_ms IS NULL THEN NULL
                                    ELSE coalesce(manager.removed_at_ms, excluded.removed_at_ms) END
                            """,
                        arguments: [
                            account.name, account.role, account.passwordHash, now, now, account.removed ? now : nil,
                        ])
                }
                for request in batch.requests { try Self.apply(request, node: node, at: now, in: db) }
                let head = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM history_chain")
                try Self.insertHistory(of: batch, from: { $0 != node }, node: node, at: now, in: db)
                // The chain's head as this page leaves it is a state others may have seen.
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO pulled_page_end (seq)
                        SELECT max(seq) FROM history_chain HAVING max(seq) > coalesce(?, 0)
                        """, arguments: [head])
                var cursors = try Self.cursors(in: db)
                for (table, seq) in pulled { cursors.pulled[table] = max(cursors.pulled[table] ?? 0, seq) }
                try Self.setCursors(cursors, in: db)
            }
        }
    }

    /// Stores the punches, corrections and audit entries of `batch` whose origin `taken` accepts,
    /// each once (a record applied again is already there). `node` is this store's own name.
    static func insertHistory(
        of batch: SyncBatch, from taken: (String) -> Bool, node: String, at now: Int64, in db: Database
    ) throws {
        // Pages are thousands of records: employees looked up once, and rows inserted many to a
        // statement (``insertRows(_:columns:_:in:)``).
        var employeeIDs: [String: Int64] = [:]
        func employeeID(_ code: String) throws -> Int64 {
            if let id = employeeIDs[code] { return id }
            let id = try Self.employeeID(code: code, at: now, in: db)
            employeeIDs[code] = id
            return id
        }
        var punches: [[DatabaseValue]] = []
        for punch in batch.punches where taken(punch.node) {
            punches.append([
                try employeeID(punch.employeeCode).databaseValue, punch.instantMs.databaseValue,
                punch.zone.databaseValue, punch.attendanceDate.databaseValue, punch.kind.databaseValue,
                punch.source.databaseValue,
                punch.ssidHex.flatMap { [UInt8](hexText: $0) }.map { Data($0) }.databaseValue,
                punch.bssid.databaseValue, punch.location.databaseValue, punch.note.databaseValue,
                punch.enteredBy.databaseValue, punch.clockWentBack.databaseValue, punch.createdAtMs.databaseValue,
                punch.node.databaseValue, punch.originID.databaseValue, (punch.clockOffMinutes ?? 0).databaseValue,
            ])
        }
        try insertRows(
            """
            INSERT OR IGNORE INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, ssid,
                bssid, location, note, entered_by, clock_went_back, created_at_ms, origin_node, origin_id,
                clock_off_minutes)
            """, columns: 16, punches, in: db)
        var corrections: [[DatabaseValue]] = []
        for correction in batch.corrections where taken(correction.node) {
            let punchID = try localPunchID(
                correction.punchOriginID, of: correction.punchNode, ownNode: node, in: db)
            // Every punch of the centre's snapshot comes before its corrections: one naming a
            // punch nobody has (kept by a centre older than its checks) corrects nothing.
            guard let punchID else { continue }
            corrections.append([
                punchID.databaseValue, try employeeID(correction.employeeCode).databaseValue,
                correction.action.databaseValue, correction.punchDate.databaseValue,
                correction.fromDate.databaseValue, correction.toDate.databaseValue,
                correction.newInstantMs.databaseValue, correction.outsideEditWindow.databaseValue,
                correction.actor.databaseValue, correction.atMs.databaseValue, correction.reason.databaseValue,
                correction.node.databaseValue, correction.originID.databaseValue,
            ])
        }
        try insertRows(
            """
            INSERT OR IGNORE INTO punch_correction (punch_id, employee_id, action, punch_date, from_date,
                to_date, new_instant_ms, outside_edit_window, actor, at_ms, reason, origin_node, origin_id)
            """, columns: 13, corrections, in: db)
        var entries: [[DatabaseValue]] = []
        for entry in batch.audit where taken(entry.node) {
            entries.append([
                entry.atMs.databaseValue, entry.actor.databaseValue, entry.action.databaseValue,
                entry.entity.databaseValue, entry.entityKey.databaseValue,
                try entry.employeeCode.map(employeeID).databaseValue, entry.oldValue.databaseValue,
                entry.newValue.databaseValue, entry.reason.databaseValue, entry.node.databaseValue,
                entry.originID.databaseValue,
            ])
        }
        try insertRows(
            """
            INSERT OR IGNORE INTO audit_log (at_ms, actor, action, entity, entity_key, employee_id,
                old_value, new_value, reason, origin_node, origin_id)
            """, columns: 11, entries, in: db)
    }

    /// Runs `insert` (`INSERT … INTO table (columns)`) for `rows`, in their order, up to 500 rows a
    /// statement. The chain's trigger makes every insert a write of two rows that SQLite must be
    /// able to undo alone, so each statement keeps a journal of the pages it changes: with one
    /// statement a row, every row copied again each page it touches, which cost more than the
    /// rows themselves.
    static func insertRows(_ insert: String, columns: Int, _ rows: [[DatabaseValue]], in db: Database) throws {
        let most = 500
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        var start = 0
        while start < rows.count {
            let part = rows[start..<min(start + most, rows.count)]
            let statement = try db.cachedStatement(
                sql: insert + " VALUES " + Array(repeating: row, count: part.count).joined(separator: ", "))
            // One flat array of plain values: GRDB's arguments from nested or optional values go
            // through generic code for every value, which cost as much as SQLite's work.
            var values: [DatabaseValue] = []
            values.reserveCapacity(part.count * columns)
            for row in part { values += row }
            try statement.execute(arguments: StatementArguments(values))
            start += most
        }
    }

    /// The local id of the punch the centre knows as number `originID` of `punchNode`, nil when
    /// this store has none. One of this store's own is its id here, unless it went up under
    /// another number (a store restored from an older copy; `origin_alias`) or the number is
    /// that of a punch the lost copy made, which came back under its origin.
    static func localPunchID(
        _ originID: Int64, of punchNode: String, ownNode: String, in db: Database
    ) throws
        -> Int64?
    {
        if let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM punch WHERE origin_node = ? AND origin_id = ?", arguments: [punchNode, originID])
        {
            return id
        }
        guard punchNode == ownNode else { return nil }
        if let id = try Int64.fetchOne(
            db, sql: "SELECT local_id FROM origin_alias WHERE kind = 'punch' AND origin_id = ?", arguments: [originID])
        {
            return id
        }
        return try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM punch WHERE id = ? AND origin_node IS NULL
                    AND id NOT IN (SELECT local_id FROM origin_alias WHERE kind = 'punch')
                """, arguments: [originID])
    }

    /// A request's latest state from the centre: asked elsewhere, it is added under its origin; one
    /// this store has (asked here, `node`, or pulled before) takes the centre's answer. An answer
    /// shown to the employee stays shown. Pulled, it is no change of this store's: nothing goes up.
    private static func apply(_ request: SyncedRequest, node: String, at now: Int64, in db: Database) throws {
        let origin: String? = request.node == node ? nil : request.node
        let held = try Int64.fetchOne(
            db, sql: "SELECT id FROM correction_request WHERE coalesce(origin_node, '') = ? AND origin_id = ?",
            arguments: [origin ?? "", request.originID])
        if let held {
            try db.execute(
                sql: """
                    UPDATE correction_request SET state = ?, decided_at_ms = ?, decided_by = ?, answer = ?,
                        seen_at_ms = coalesce(seen_at_ms, ?)
                    WHERE id = ?
                    """,
                arguments: [
                    request.state, request.decidedAtMs, request.decidedBy, request.answer, request.seenAtMs, held,
                ])
            return
        }
        try db.execute(
            sql: """
                INSERT INTO correction_request (employee_id, date, left_at, reason, asked_at_ms, state, decided_at_ms,
                    decided_by, answer, seen_at_ms, origin_node, origin_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                try employeeID(code: request.employeeCode, at: now, in: db), request.date, request.leftAt,
                request.reason, request.askedAtMs, request.state, request.decidedAtMs, request.decidedBy,
                request.answer, request.seenAtMs, origin, request.originID,
            ])
    }

    /// An employee's latest state from the centre. A PIN lock lifted there lifts it here and
    /// starts the count of wrong PINs again.
    private static func apply(_ employee: SyncedEmployee, at now: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO employee (code, name, start_date, end_date, shift_start, shift_end, active, pin_hash, pin_salt,
                    pin_rounds, locked, language, department, created_at_ms, updated_at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(code) DO UPDATE SET name = excluded.name, start_date = excluded.start_date,
                    end_date = excluded.end_date, shift_start = excluded.shift_start, shift_end = excluded.shift_end,
                    language = excluded.language, department = excluded.department, active = excluded.active,
                    pin_hash = excluded.pin_hash, pin_salt = excluded.pin_salt,
                    pin_rounds = excluded.pin_rounds,
                    failed_pin_attempts = CASE WHEN excluded.locked = 0 AND employee.locked = 1 THEN 0
                        ELSE employee.failed_pin_attempts END,
                    locked = excluded.locked, updated_at_ms = excluded.updated_at_ms
                """,
            arguments: [
                employee.code, employee.name, employee.startDate, employee.endDate, employee.shiftStart,
                employee.shiftEnd, employee.active,
                employee.pinHashHex.flatMap { [UInt8](hexText: $0) }.map { Data($0) },
                employee.pinSaltHex.flatMap { [UInt8](hexText: $0) }.map { Data($0) }, employee.pinRounds,
                employee.locked, employee.language.flatMap(Language.init(code:))?.code,
                employee.department.flatMap { try? Department(parsing: $0) }?.rawValue, now, now,
            ])
    }

    /// The local id of the employee with `code`; one the store has not heard of yet (their record
    /// is on its way) is added under their code, so that no punch waits for it.
    private static func employeeID(code: String, at now: Int64, in db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM employee WHERE code = ?", arguments: [code]) {
            return id
        }
        try db.execute(
            sql: "INSERT INTO employee (code, name, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?)",
            arguments: [code, code, now, now])
        return db.lastInsertedRowID
    }
}
