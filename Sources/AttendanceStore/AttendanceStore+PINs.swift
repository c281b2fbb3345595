import AttendanceCore
import Foundation
import GRDB

/// An employee's stored PIN and how many wrong ones were typed since the last right one.
public struct PINRecord: Sendable, Equatable {
    public var salt: [UInt8]
    public var rounds: Int
    public var hash: [UInt8]
    public var failures: Int
    public var lastFailure: Date?
    public var isLocked: Bool
}

extension AttendanceStore {
    /// The PIN record of an employee, nil when they have no PIN.
    public func pinRecord(employeeID: Int64) throws(StoreError) -> PINRecord? {
        try perform {
            try pool.read { db in
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT pin_hash, pin_salt, pin_rounds, failed_pin_attempts, last_failed_pin_ms, locked
                            FROM employee WHERE id = ?
                            """, arguments: [employeeID]),
                    let hash = row["pin_hash"] as Data?, let salt = row["pin_salt"] as Data?,
                    let rounds = row["pin_rounds"] as Int?
                else { return nil }
                return PINRecord(
                    salt: [UInt8](salt), rounds: rounds, hash: [UInt8](hash), failures: row["failed_pin_attempts"],
                    lastFailure: (row["last_failed_pin_ms"] as Int64?).map(Date.init(milliseconds:)),
                    isLocked: row["locked"])
            }
        }
    }

    /// Sets (or replaces) an employee's PIN, clears failures and any lock; audited without the
    /// PIN or its hash.
    public func setPIN(code: EmployeeCode, salt: [UInt8], rounds: Int, hash: [UInt8], actor: String) throws(StoreError)
    {
        try perform {
            try pool.write { db in
                guard let employee = try Self.employee(code: code.rawValue, in: db) else {
                    throw StoreError.unknownEmployee(code.rawValue)
                }
                try db.execute(
                    sql: """
                        UPDATE employee SET pin_hash = ?, pin_salt = ?, pin_rounds = ?, failed_pin_attempts = 0,
                            last_failed_pin_ms = NULL, locked = 0, updated_at_ms = ? WHERE id = ?
                        """,
                    arguments: [Data(hash), Data(salt), rounds, clock().milliseconds, employee.id])
                try audit(
                    db, actor: actor, action: employee.hasPIN ? "reset-pin" : "set-pin", entity: "employee",
                    key: employee.code.rawValue, employeeID: employee.id)
            }
        }
    }

    /// Counts a wrong PIN (committed before the kiosk says so) and locks the employee at the
    /// limit. Returns the new number of failures.
    @discardableResult
    public func recordPINFailure(employeeID: Int64) throws(StoreError) -> Int {
        try perform {
            try pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE employee SET failed_pin_attempts = failed_pin_attempts + 1, last_failed_pin_ms = ?,
                            locked = CASE WHEN failed_pin_attempts + 1 >= ? THEN 1 ELSE locked END
                        WHERE id = ?
                        """,
                    arguments: [clock().milliseconds, PINLockout.failuresToLock, employeeID])
                let failures =
                    try Int.fetchOne(
                        db, sql: "SELECT failed_pin_attempts FROM employee WHERE id = ?", arguments: [employeeID]) ?? 0
                // Every wrong PIN is on the record (and goes to the central store with the rest of
                // the audit log), so a manager can see a code being tried.
                let code = try String.fetchOne(
                    db, sql: "SELECT code FROM employee WHERE id = ?", arguments: [employeeID])
                try audit(
                    db, actor: "kiosk", action: "wrong-pin", entity: "employee", key: code ?? "?",
                    employeeID: employeeID, reason: "\(failures) wrong PIN\(failures == 1 ? "" : "s") in a row")
                if failures == PINLockout.failuresToLock {
                    try audit(
                        db, actor: "kiosk", action: "lock", entity: "employee", key: code ?? "?",
                        employeeID: employeeID,
                        reason: "\(failures) wrong PINs in a row")
                }
                return failures
            }
        }
    }

    /// Moves a last wrong PIN that lies after `now` (the clock was set back since) to `now`, so
    /// the delay counts down from the corrected clock instead of waiting for it to catch up.
    public func pullBackPINFailure(employeeID: Int64, to now: Date) throws(StoreError) {
        try perform {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE employee SET last_failed_pin_ms = ? WHERE id = ? AND last_failed_pin_ms > ?",
                    arguments: [now.milliseconds, employeeID, now.milliseconds])
            }
        }
    }

    /// A right PIN: the count of wrong ones starts again.
    public func resetPINFailures(employeeID: Int64) throws(StoreError) {
        try perform {
            try pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE employee SET failed_pin_attempts = 0, last_failed_pin_ms = NULL
                        WHERE id = ? AND failed_pin_attempts > 0
                        """, arguments: [employeeID])
            }
        }
    }

    /// Lifts a PIN lock-out (the manager's `employee unlock`).
    public func unlock(code: EmployeeCode, actor: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                guard let employee = try Self.employee(code: code.rawValue, in: db) else {
                    throw StoreError.unknownEmployee(code.rawValue)
                }
                let failures =
                    try Int.fetchOne(
                        db, sql: "SELECT failed_pin_attempts FROM employee WHERE id = ?", arguments: [employee.id]) ?? 0
                try db.execute(
                    sql:
                        "UPDATE employee SET failed_pin_attempts = 0, last_failed_pin_ms = NULL, locked = 0 WHERE id = ?",
                    arguments: [employee.id])
                try audit(
                    db, actor: actor, action: "unlock", entity: "employee", key: employee.code.rawValue,
                    employeeID: employee.id, old: "{\"failed_pin_attempts\":\(failures)}",
                    new: "{\"failed_pin_attempts\":0}")
            }
        }
    }

    /// Whether any employee has a PIN: then unknown codes are asked for one too, so a code
    /// cannot be probed.
    public func anyEmployeeHasPIN() throws(StoreError) -> Bool {
        try perform {
            try pool.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM employee WHERE pin_hash IS NOT NULL)") ?? false
            }
        }
    }
}
