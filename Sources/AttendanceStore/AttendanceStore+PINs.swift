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

/// What the store says about a PIN attempt before the PIN is checked.
public enum PINAttemptStart: Sendable, Equatable {
    /// Check the PIN now: the attempt is taken, and counts as a wrong PIN for anyone else until
    /// it is answered.
    case check
    /// Too many wrong PINs: wait this many seconds.
    case wait(seconds: Int)
    /// Locked after too many wrong PINs.
    case locked
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
                let employee = try Self.employee(code, in: db)
                try writePIN(salt: salt, rounds: rounds, hash: hash, of: employee, actor: actor, in: db)
            }
        }
    }

    /// Gives each employee of `pins` their new PIN, one-time (to be replaced by the employee), in
    /// one transaction: all of them or none. Audited as ``setPIN(code:salt:rounds:hash:actor:)``
    /// audits one, never the PIN or its hash.
    public func setOneTimePINs(
        _ pins: [(code: EmployeeCode, salt: [UInt8], rounds: Int, hash: [UInt8])], actor: String
    ) throws(StoreError) {
        try perform {
            try pool.write { db in
                for pin in pins {
                    let employee = try Self.employee(pin.code, in: db)
                    try writePIN(
                        salt: pin.salt, rounds: pin.rounds, hash: pin.hash, of: employee, oneTime: true, actor: actor,
                        in: db)
                }
            }
        }
    }

    /// Replaces employee `employeeID`'s one-time PIN by the one they chose, and clears the flag,
    /// in one transaction audited as a reset by `actor`; only while the stored PIN is still the
    /// one-time PIN whose hash is `replacing`: a PIN a manager set meanwhile is kept. Returns
    /// whether it was replaced.
    public func replaceOneTimePIN(
        employeeID: Int64, replacing: [UInt8], salt: [UInt8], rounds: Int, hash: [UInt8], actor: String
    ) throws(StoreError) -> Bool {
        try perform {
            try pool.write { db in
                guard
                    let code = try String.fetchOne(
                        db, sql: "SELECT code FROM employee WHERE id = ? AND pin_one_time = 1 AND pin_hash = ?",
                        arguments: [employeeID, Data(replacing)]),
                    let employee = try Self.employee(code: code, in: db)
                else { return false }
                try writePIN(salt: salt, rounds: rounds, hash: hash, of: employee, actor: actor, in: db)
                return true
            }
        }
    }

    /// Stores `employee`'s PIN hash and clears their wrong PINs and lock, audited as set or reset
    /// (never the PIN or its hash), inside the caller's transaction. `oneTime` marks a PIN handed
    /// out for the employee to replace.
    func writePIN(
        salt: [UInt8], rounds: Int, hash: [UInt8], of employee: Employee, oneTime: Bool = false, actor: String,
        in db: Database
    ) throws {
        try db.execute(
            sql: """
                UPDATE employee SET pin_hash = ?, pin_salt = ?, pin_rounds = ?, failed_pin_attempts = 0,
                    last_failed_pin_ms = NULL, locked = 0, pin_one_time = ?, updated_at_ms = ? WHERE id = ?
                """,
            arguments: [Data(hash), Data(salt), rounds, oneTime, clock().milliseconds, employee.id])
        try audit(
            db, actor: actor, action: employee.hasPIN ? "reset-pin" : "set-pin", entity: "employee",
            key: employee.code.rawValue, employeeID: employee.id, new: oneTime ? auditJSON(["one_time": true]) : nil)
    }

    /// Whether a PIN attempt may be checked now. Checking the delay and taking the attempt are
    /// one IMMEDIATE transaction, so of many attempts made at once only as many are checked as
    /// the delay allows: an attempt under way counts as a wrong PIN until it is answered
    /// (``finishPINAttempt(code:employeeID:right:at:)``), and the next waits accordingly.
    ///
    /// `employeeID` is the employee whose PIN will be checked; nil for a code with no PIN to
    /// check (unknown, or no PIN set), whose wrong PINs are counted under the typed `code` in the
    /// same way, without audit entries, and forgotten a day after the last one.
    public func beginPINAttempt(
        code: String, employeeID: Int64?, at now: Date, keep: Int = AttendanceStore.unknownCodesKept
    ) throws(StoreError) -> PINAttemptStart {
        let key = Self.pinAttemptKey(code)
        let nowMS = now.milliseconds
        return try perform {
            try pool.writeWithoutTransaction { db in
                var start = PINAttemptStart.check
                try db.inTransaction(.immediate) {
                    try db.execute(
                        sql: "DELETE FROM pin_attempt WHERE touched_ms < ?",
                        arguments: [nowMS - Int64(Self.unknownCodeMemory * 1000)])
                    let row = try Row.fetchOne(
                        db,
                        sql:
                            "SELECT failures, last_failure_ms, in_progress, started_ms FROM pin_attempt WHERE code = ?",
                        arguments: [key])
                    // An attempt whose process died unanswered holds its place for a minute at most.
                    let started = (row?["started_ms"] as Int64?).map { min($0, nowMS) }
                    let underWay =
                        started.map { nowMS - $0 < Int64(Self.pinAttemptLease * 1000) } == true
                        ? (row?["in_progress"] as Int? ?? 0) : 0
                    var counter: (failures: Int, last: Int64?, locked: Bool)
                    if let employeeID {
                        let stored = try Row.fetchOne(
                            db,
                            sql: "SELECT failed_pin_attempts, last_failed_pin_ms, locked FROM employee WHERE id = ?",
                            arguments: [employeeID])
                        counter = (
                            stored?["failed_pin_attempts"] ?? 0, stored?["last_failed_pin_ms"],
                            stored?["locked"] ?? false
                        )
                    } else {
                        let failures: Int = row?["failures"] ?? 0
                        counter = (failures, row?["last_failure_ms"], PINLockout.isLocked(afterFailures: failures))
                    }
                    if counter.locked {
                        start = .locked
                        return .commit
                    }
                    if let last = counter.last, last > nowMS {
                        // The clock was set back since the last wrong PIN: count the delay from now.
                        counter.last = nowMS
                        try db.execute(
                            sql: employeeID == nil
                                ? "UPDATE pin_attempt SET last_failure_ms = ? WHERE code = ?"
                                : "UPDATE employee SET last_failed_pin_ms = ? WHERE id = ?",
                            arguments: [nowMS, employeeID.map(DatabaseValue.init) ?? key.databaseValue])
                    }
                    let since = underWay > 0 ? max(counter.last ?? 0, started ?? 0) : counter.last
                    let wait = PINLockout.remainingWait(
                        failures: counter.failures + underWay, lastFailure: since.map(Date.init(milliseconds:)),
                        now: now)
                    if wait > 0 {
                        start = .wait(seconds: wait)
                        return .commit
                    }
                    try db.execute(
                        sql: """
                            INSERT INTO pin_attempt (code, in_progress, started_ms, touched_ms) VALUES (?, 1, ?, ?)
                            ON CONFLICT (code) DO UPDATE SET in_progress = ?, started_ms = excluded.started_ms,
                                touched_ms = excluded.touched_ms
                            """, arguments: [key, nowMS, nowMS, underWay + 1])
                    try db.execute(
                        sql: """
                            DELETE FROM pin_attempt WHERE code NOT IN (
                                SELECT code FROM pin_attempt ORDER BY touched_ms DESC, code LIMIT ?)
                            """, arguments: [max(1, keep)])
                    return .commit
                }
                return start
            }
        }
    }

    /// Answers an attempt that ``beginPINAttempt(code:employeeID:at:keep:)`` let through: a right
    /// PIN starts the count again; a wrong one is counted (for an employee with an audit entry,
    /// and the lock at the limit) and committed before anyone is told, so killing the kiosk
    /// cannot undo it. Returns the number of wrong PINs in a row.
    @discardableResult
    public func finishPINAttempt(code: String, employeeID: Int64?, right: Bool, at now: Date) throws(StoreError) -> Int
    {
        let key = Self.pinAttemptKey(code)
        let nowMS = now.milliseconds
        return try perform {
            try pool.write { db in
                try db.execute(
                    sql: "UPDATE pin_attempt SET in_progress = max(0, in_progress - 1) WHERE code = ?", arguments: [key]
                )
                guard let employeeID else {
                    try db.execute(
                        sql: """
                            INSERT INTO pin_attempt (code, failures, last_failure_ms, touched_ms) VALUES (?, 1, ?, ?)
                            ON CONFLICT (code) DO UPDATE SET failures = failures + 1,
                                last_failure_ms = excluded.last_failure_ms, touched_ms = excluded.touched_ms
                            """, arguments: [key, nowMS, nowMS])
                    return try Int.fetchOne(
                        db, sql: "SELECT failures FROM pin_attempt WHERE code = ?", arguments: [key])
                        ?? 1
                }
                if right {
                    try db.execute(
                        sql: """
                            UPDATE employee SET failed_pin_attempts = 0, last_failed_pin_ms = NULL
                            WHERE id = ? AND failed_pin_attempts > 0
                            """, arguments: [employeeID])
                    return 0
                }
                return try countWrongPIN(employeeID: employeeID, at: nowMS, in: db)
            }
        }
    }

    /// Counts an employee's wrong PIN, with its audit entry, and locks them at the limit.
    private func countWrongPIN(employeeID: Int64, at nowMS: Int64, in db: Database) throws -> Int {
        try db.execute(
            sql: """
                UPDATE employee SET failed_pin_attempts = failed_pin_attempts + 1, last_failed_pin_ms = ?,
                    locked = CASE WHEN failed_pin_attempts + 1 >= ? THEN 1 ELSE locked END
                WHERE id = ?
                """,
            arguments: [nowMS, PINLockout.failuresToLock, employeeID])
        let failures =
            try Int.fetchOne(db, sql: "SELECT failed_pin_attempts FROM employee WHERE id = ?", arguments: [employeeID])
            ?? 0
        // Every wrong PIN is on the record (and goes to the central store with the rest of
        // the audit log), so a manager can see a code being tried.
        let code = try String.fetchOne(db, sql: "SELECT code FROM employee WHERE id = ?", arguments: [employeeID])
        try audit(
            db, actor: "kiosk", action: "wrong-pin", entity: "employee", key: code ?? "?",
            employeeID: employeeID, reason: "\(failures) wrong PIN\(failures == 1 ? "" : "s") in a row")
        if failures == PINLockout.failuresToLock {
            try audit(
                db, actor: "kiosk", action: "lock", entity: "employee", key: code ?? "?", employeeID: employeeID,
                reason: "\(failures) wrong PINs in a row")
        }
        return failures
    }

    /// How many codes without a PIN to check have their wrong PINs kept; past that the longest
    /// unchanged are forgotten first.
    public static let unknownCodesKept = 1000
    /// How long such a code's wrong PINs (and lock) are kept after the last one.
    public static let unknownCodeMemory: TimeInterval = 24 * 3600
    /// How long an attempt under way holds its place when its process never answers it.
    static let pinAttemptLease: TimeInterval = 60

    /// The key of a typed code: codes are compared without regard to case, as employees' are.
    static func pinAttemptKey(_ code: String) -> String { String(code.lowercased().prefix(64)) }

    /// Lifts a PIN lock-out (the manager's `employee unlock`) and clears the count of wrong PINs;
    /// returns what there was to lift: whether the code was locked, and the wrong PINs counted.
    @discardableResult
    public func unlock(code: EmployeeCode, actor: String) throws(StoreError) -> (wasLocked: Bool, failures: Int) {
        try perform {
            try pool.write { db in
                let employee = try Self.employee(code, in: db)
                let failures =
                    try Int.fetchOne(
                        db, sql: "SELECT failed_pin_attempts FROM employee WHERE id = ?", arguments: [employee.id]) ?? 0
                guard employee.isPINLocked || failures > 0 else { return (false, 0) }
                try db.execute(
                    sql:
                        "UPDATE employee SET failed_pin_attempts = 0, last_failed_pin_ms = NULL, locked = 0 WHERE id = ?",
                    arguments: [employee.id])
                try audit(
                    db, actor: actor, action: "unlock", entity: "employee", key: employee.code.rawValue,
                    employeeID: employee.id, old: "{\"failed_pin_attempts\":\(failures)}",
                    new: "{\"failed_pin_attempts\":0}")
                return (employee.isPINLocked, failures)
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
