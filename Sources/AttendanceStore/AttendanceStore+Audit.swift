import AttendanceCore
import Foundation
import GRDB

/// One row of the audit log: who changed what, when, and why.
public struct AuditEntry: Sendable, Hashable {
    public var id: Int64
    public var at: Date
    public var actor: String
    public var action: String
    public var entity: String
    public var entityKey: String
    public var employeeCode: String?
    public var oldValue: String?
    public var newValue: String?
    public var reason: String?
}

extension AttendanceStore {
    /// Appends an audit row inside the caller's transaction, so a change and its record commit
    /// together or not at all.
    func audit(
        _ db: Database, actor: String, action: String, entity: String, key: String, employeeID: Int64? = nil,
        old: String? = nil, new: String? = nil, reason: String? = nil
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO audit_log (at_ms, actor, action, entity, entity_key, employee_id, old_value, new_value, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [clock().milliseconds, actor, action, entity, key, employeeID, old, new, reason])
    }

    /// The audit log, oldest first, optionally for one employee and/or one month (UTC).
    public func auditLog(
        employee code: EmployeeCode? = nil, from: Date? = nil, to: Date? = nil
    ) throws(StoreError)
        -> [AuditEntry]
    {
        try perform {
            try pool.read { db in
                var query = FilteredQuery(
                    """
                    SELECT a.*, e.code AS employee_code FROM audit_log a LEFT JOIN employee e ON e.id = a.employee_id
                    WHERE 1
                    """)
                query.and("e.code = ?", code?.rawValue)
                query.and("a.at_ms >= ?", from?.milliseconds)
                query.and("a.at_ms < ?", to?.milliseconds)
                return try Row.fetchAll(db, sql: query.sql + " ORDER BY a.id", arguments: query.arguments).map { row in
                    AuditEntry(
                        id: row["id"], at: Date(milliseconds: row["at_ms"]), actor: row["actor"], action: row["action"],
                        entity: row["entity"], entityKey: row["entity_key"], employeeCode: row["employee_code"],
                        oldValue: row["old_value"], newValue: row["new_value"], reason: row["reason"])
                }
            }
        }
    }
}
