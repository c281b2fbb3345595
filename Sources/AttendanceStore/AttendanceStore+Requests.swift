import AttendanceCore
import Foundation
import GRDB

/// Corrections employees ask for at the kiosk: stored, listed, answered. A request changes no
/// punch; approving one makes the ordinary correction in the same transaction.
extension AttendanceStore {
    // MARK: - Reading

    /// Requests in `state` (every state when nil), optionally of one employee: oldest date first.
    public func askedCorrections(
        state: AskedCorrection.State? = nil, employeeID: Int64? = nil
    ) throws(StoreError) -> [AskedCorrection] {
        try perform {
            try pool.read { db in
                var query = FilteredQuery("SELECT * FROM correction_request WHERE 1")
                query.and("state = ?", state?.rawValue)
                query.and("employee_id = ?", employeeID)
                return try Row.fetchAll(db, sql: query.sql + " ORDER BY date, id", arguments: query.arguments).map {
                    try Self.asked($0, in: db)
                }
            }
        }
    }

    /// The request numbered `id`.
    public func askedCorrection(id: Int64) throws(StoreError) -> AskedCorrection {
        try perform {
            try pool.read { db in try Self.asked(id: id, in: db) }
        }
    }

    /// The answers `employeeID` has not yet been shown, oldest first.
    public func answersNotSeen(employeeID: Int64) throws(StoreError) -> [AskedCorrection] {
        try perform {
            try pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM correction_request
                        WHERE employee_id = ? AND state <> 'waiting' AND seen_at_ms IS NULL ORDER BY decided_at_ms, id
                        """, arguments: [employeeID]
                ).map { try Self.asked($0, in: db) }
            }
        }
    }

    // MARK: - Writing

    /// Stores a new waiting request; `reason` was checked by the caller.
    public func ask(
        employeeID: Int64, date: AttendanceDate, leftAt: WallClockTime, reason: String
    ) throws(StoreError) -> AskedCorrection {
        try perform {
            try pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO correction_request (employee_id, date, left_at, reason, asked_at_ms, origin_id,
                            changed_seq)
                        VALUES (?, ?, ?, ?, ?, ?, \(Self.nextRequestChange))
                        """,
                    arguments: [
                        employeeID, date.description, leftAt.description, reason, clock().milliseconds,
                        Int64.random(in: 1...Int64.max),
                    ])
                return try Self.asked(id: db.lastInsertedRowID, in: db)
            }
        }
    }

    /// Approves waiting request `id` by making `correction` (checked and audited as every
    /// correction is) and recording the answer, in one IMMEDIATE transaction: both or neither.
    ///
    /// - Throws: `CorrectionError` when the correction is refused; `StoreError` when the request
    ///   is unknown or already answered, or the store fails.
    public func approve(
        askedCorrection id: Int64, making correction: CorrectionRequest, reason: String, answer: String?,
        actor: String, force: Bool, policy: Policy, now: Date
    ) throws -> CorrectionOutcome {
        let reason = try CorrectionText.reason(reason)
        return try correcting { db in
            try Self.requireWaiting(id, in: db)
            let outcome = try correct(
                correction, reason: reason, actor: actor, force: force, policy: policy, now: now, in: db)
            try settle(id, as: .approved, answer: answer, actor: actor, in: db)
            return outcome
        }
    }

    /// Refuses waiting request `id` with the manager's `answer`, audited.
    public func refuse(askedCorrection id: Int64, answer: String, actor: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                let asked = try Self.requireWaiting(id, in: db)
                try settle(id, as: .refused, answer: answer, actor: actor, in: db)
                try audit(
                    db, actor: actor, action: "refuse", entity: "correction_request", key: String(id),
                    employeeID: asked.employee.id,
                    old: try auditJSON(["date": asked.date.description, "left_at": asked.leftAt.description]),
                    reason: answer)
            }
        }
    }

    /// Notes that the employee's menu showed the answers `ids`.
    public func markAnswersSeen(_ ids: [Int64]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try perform {
            try pool.write { db in
                for id in ids {
                    try db.execute(
                        sql: """
                            UPDATE correction_request SET seen_at_ms = ?, changed_seq = \(Self.nextRequestChange)
                            WHERE id = ? AND seen_at_ms IS NULL
                            """, arguments: [clock().milliseconds, id])
                }
            }
        }
    }

    /// The number of the next change made here to a request, which a sync round sends up.
    static let nextRequestChange = "(SELECT coalesce(max(changed_seq), 0) + 1 FROM correction_request)"

    // MARK: - Rows

    @discardableResult
    private static func requireWaiting(_ id: Int64, in db: Database) throws -> AskedCorrection {
        let asked = try asked(id: id, in: db)
        guard asked.state == .waiting else { throw StoreError.requestAnswered(id, state: asked.state.rawValue) }
        return asked
    }

    private func settle(
        _ id: Int64, as state: AskedCorrection.State, answer: String?, actor: String, in db: Database
    ) throws {
        try db.execute(
            sql: """
                UPDATE correction_request SET state = ?, decided_at_ms = ?, decided_by = ?, answer = ?,
                    changed_seq = \(Self.nextRequestChange)
                WHERE id = ? AND state = 'waiting'
                """, arguments: [state.rawValue, clock().milliseconds, actor, answer, id])
    }

    private static func asked(id: Int64, in db: Database) throws -> AskedCorrection {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM correction_request WHERE id = ?", arguments: [id])
        else { throw StoreError.unknownRequest(id) }
        return try asked(row, in: db)
    }

    private static func asked(_ row: Row, in db: Database) throws -> AskedCorrection {
        let table = "correction_request"
        let employeeID: Int64 = row["employee_id"]
        guard let employee = try employee(id: employeeID, in: db) else {
            throw StoreError.unreadableRecord(table: table, column: "employee_id", value: String(employeeID))
        }
        guard let date = try row.date("date", of: table) else {
            throw StoreError.unreadableRecord(table: table, column: "date", value: "NULL")
        }
        let leftText: String = row["left_at"]
        guard let leftAt = try? WallClockTime(parsing: leftText) else {
            throw StoreError.unreadableRecord(table: table, column: "left_at", value: leftText)
        }
        let stateText: String = row["state"]
        guard let state = AskedCorrection.State(rawValue: stateText) else {
            throw StoreError.unreadableRecord(table: table, column: "state", value: stateText)
        }
        return AskedCorrection(
            id: row["id"], employee: employee, date: date, leftAt: leftAt, reason: row["reason"],
            askedAt: Date(milliseconds: row["asked_at_ms"]), state: state,
            decidedAt: (row["decided_at_ms"] as Int64?).map(Date.init(milliseconds:)), decidedBy: row["decided_by"],
            answer: row["answer"])
    }
}
