import AttendanceCore
import Foundation
import GRDB

/// One account of the manager's web console, as stored.
public struct ManagerRecord: Sendable, Hashable {
    public var name: String
    /// `manager` or `viewer`.
    public var role: String
    /// `pbkdf2-sha256$ROUNDS$SALT$HASH`: the application layer makes and checks it.
    public var passwordHash: String
    public var createdAt: Date
    public var isRemoved: Bool
}

extension AttendanceStore {
    // MARK: - Reading

    /// Every console account, removed ones included, by name.
    public func managers() throws(StoreError) -> [ManagerRecord] {
        try perform {
            try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM manager ORDER BY name").map(Self.manager)
            }
        }
    }

    /// The account named `name` (in any case), removed or not.
    public func manager(named name: String) throws(StoreError) -> ManagerRecord? {
        try perform {
            try pool.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM manager WHERE name = ?", arguments: [name]).map(Self.manager)
            }
        }
    }

    private static func manager(_ row: Row) -> ManagerRecord {
        ManagerRecord(
            name: row["name"], role: row["role"], passwordHash: row["password_hash"],
            createdAt: Date(milliseconds: row["created_at_ms"]), isRemoved: row["removed_at_ms"] as Int64? != nil)
    }

    // MARK: - Writing (each change audited in the same transaction)

    /// Adds an account; a name taken now or before, in any case, is refused.
    public func addManager(name: String, role: String, passwordHash: String, actor: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                if try Row.fetchOne(db, sql: "SELECT 1 FROM manager WHERE name = ?", arguments: [name]) != nil {
                    throw StoreError.duplicateManager(name)
                }
                let now = clock().milliseconds
                try db.execute(
                    sql: """
                        INSERT INTO manager (name, role, password_hash, created_at_ms, updated_at_ms)
                        VALUES (?, ?, ?, ?, ?)
                        """, arguments: [name, role, passwordHash, now, now])
                try audit(db, actor: actor, action: "add", entity: "manager", key: name, new: "role=\(role)")
            }
        }
    }

    /// Gives an account a new password hash.
    public func setManagerPassword(name: String, passwordHash: String, actor: String) throws(StoreError) {
        try changeManager(name: name, action: "passwd", actor: actor) { db, now in
            try db.execute(
                sql: "UPDATE manager SET password_hash = ?, updated_at_ms = ? WHERE name = ?",
                arguments: [passwordHash, now, name])
        }
    }

    /// Closes an account for good: it can no longer sign in; its name stays taken.
    public func removeManager(name: String, actor: String) throws(StoreError) {
        try changeManager(name: name, action: "remove", actor: actor) { db, now in
            try db.execute(
                sql: "UPDATE manager SET removed_at_ms = ?, updated_at_ms = ? WHERE name = ?",
                arguments: [now, now, name])
        }
    }

    /// Records a sign-in at the console, successful or not, in the audit log.
    public func auditSignIn(name: String, succeeded: Bool, from address: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                try audit(
                    db, actor: "\(name) via web", action: succeeded ? "sign-in" : "sign-in refused", entity: "manager",
                    key: name, new: "from \(address)")
            }
        }
    }

    private func changeManager(
        name: String, action: String, actor: String, _ change: @escaping (Database, Int64) throws -> Void
    ) throws(StoreError) {
        try perform {
            try pool.write { db in
                guard
                    try Row.fetchOne(
                        db, sql: "SELECT 1 FROM manager WHERE name = ? AND removed_at_ms IS NULL", arguments: [name])
                        != nil
                else { throw StoreError.unknownManager(name) }
                try change(db, clock().milliseconds)
                try audit(db, actor: actor, action: action, entity: "manager", key: name)
            }
        }
    }
}
