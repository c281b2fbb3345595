import AttendanceCore
import Foundation
import GRDB

/// A leave a manager recorded for one employee on one date.
public struct LeaveEntry: Sendable, Hashable {
    public var employeeID: Int64
    public var employeeCode: EmployeeCode
    public var date: AttendanceDate
    public var kind: LeaveKind
    /// The leave type's name: "annual", "sick".
    public var type: String
    /// Why, as the manager wrote it.
    public var reason: String

    public init(
        employeeID: Int64, employeeCode: EmployeeCode, date: AttendanceDate, kind: LeaveKind,
        type: String = LeaveType.annual.name, reason: String
    ) {
        self.employeeID = employeeID
        self.employeeCode = employeeCode
        self.date = date
        self.kind = kind
        self.type = type
        self.reason = reason
    }
}

extension AttendanceStore {
    // MARK: - Reading

    /// One employee's leave by date, from `first` through `last`: what the status rules take.
    public func leave(
        employeeID: Int64, from first: AttendanceDate, through last: AttendanceDate
    ) throws(StoreError)
        -> [AttendanceDate: Leave]
    {
        try leaveByEmployee(from: first, through: last, employeeID: employeeID)[employeeID] ?? [:]
    }

    /// Everyone's leave from `first` through `last`, by employee id and date, in one query.
    public func leaveByEmployee(
        from first: AttendanceDate, through last: AttendanceDate
    ) throws(StoreError)
        -> [Int64: [AttendanceDate: Leave]]
    {
        try leaveByEmployee(from: first, through: last, employeeID: nil)
    }

    private func leaveByEmployee(
        from first: AttendanceDate, through last: AttendanceDate, employeeID: Int64?
    )
        throws(StoreError) -> [Int64: [AttendanceDate: Leave]]
    {
        try perform {
            try pool.read { db in
                var sql = "SELECT employee_id, date, half_day, type FROM leave WHERE date BETWEEN ? AND ?"
                var arguments: StatementArguments = [first.description, last.description]
                if let employeeID {
                    sql += " AND employee_id = ?"
                    arguments += [employeeID]
                }
                var result: [Int64: [AttendanceDate: Leave]] = [:]
                for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                    guard let date = try row.date("date", of: "leave") else { continue }
                    let kind: LeaveKind = (row["half_day"] as Bool) ? .half : .full
                    result[row["employee_id"], default: [:]][date] = Leave(kind, type: row["type"])
                }
                return result
            }
        }
    }

    /// Leave entries for a listing, by date then code: one employee's (or everyone's) from
    /// `first` (nil: the beginning) through `last` (nil: no end).
    public func leaveEntries(
        employee code: EmployeeCode? = nil, from first: AttendanceDate? = nil,
        through last: AttendanceDate? = nil
    ) throws(StoreError) -> [LeaveEntry] {
        try perform {
            try pool.read { db in
                var sql = Self.leaveSelect + " WHERE l.date >= ? AND l.date <= ?"
                var arguments: StatementArguments = [first?.description ?? "0000", last?.description ?? "9999-99-99"]
                if let code {
                    let employee = try Self.employee(code, in: db)
                    sql += " AND l.employee_id = ?"
                    arguments += [employee.id]
                }
                sql += " ORDER BY l.date, e.code COLLATE NOCASE"
                return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap(Self.leaveEntry(from:))
            }
        }
    }

    // MARK: - Writing

    /// Records leave of `kind` and `type` for the employee with `code` on each of `dates`, in one
    /// transaction: if any date already has leave, nothing is recorded and the date is named.
    @discardableResult
    public func addLeave(
        employee code: EmployeeCode, on dates: [AttendanceDate], kind: LeaveKind,
        type: String = LeaveType.annual.name, reason: String, actor: String
    ) throws -> [LeaveEntry] {
        try performRefusable {
            try pool.write { db in
                let employee = try Self.employee(code, in: db)
                try employee.requireEmployed(on: dates, for: "leave")
                var added: [LeaveEntry] = []
                for date in dates {
                    if let existing = try Self.leaveEntry(employeeID: employee.id, on: date, in: db) {
                        throw StoreError.duplicateLeave(employee.code, date, existing.kind)
                    }
                    try db.execute(
                        sql:
                            "INSERT INTO leave (employee_id, date, half_day, type, reason, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [employee.id, date.description, kind == .half, type, reason, clock().milliseconds])
                    let entry = LeaveEntry(
                        employeeID: employee.id, employeeCode: employee.code, date: date, kind: kind, type: type,
                        reason: reason)
                    try audit(
                        db, actor: actor, action: "add", entity: "leave", key: Self.auditKey(entry),
                        employeeID: employee.id, new: Self.auditValue(entry), reason: reason)
                    added.append(entry)
                }
                return added
            }
        }
    }

    /// Removes the employee's leave from `first` through `last` and returns what was removed;
    /// a range with no leave at all is refused.
    @discardableResult
    public func removeLeave(
        employee code: EmployeeCode, from first: AttendanceDate, through last: AttendanceDate, actor: String
    ) throws(StoreError) -> [LeaveEntry] {
        try perform {
            try pool.write { db in
                let employee = try Self.employee(code, in: db)
                let entries = try Row.fetchAll(
                    db, sql: Self.leaveSelect + " WHERE l.employee_id = ? AND l.date BETWEEN ? AND ? ORDER BY l.date",
                    arguments: [employee.id, first.description, last.description]
                ).compactMap(Self.leaveEntry(from:))
                guard !entries.isEmpty else { throw StoreError.unknownLeave(employee.code, first, last) }
                for entry in entries {
                    try db.execute(
                        sql: "DELETE FROM leave WHERE employee_id = ? AND date = ?",
                        arguments: [employee.id, entry.date.description])
                    try audit(
                        db, actor: actor, action: "remove", entity: "leave", key: Self.auditKey(entry),
                        employeeID: employee.id, old: Self.auditValue(entry))
                }
                return entries
            }
        }
    }

    // MARK: - Rows

    /// The select of every query of leave entries: the columns ``leaveEntry(from:)`` reads.
    private static let leaveSelect = """
        SELECT l.employee_id, e.code, l.date, l.half_day, l.type, l.reason FROM leave l
        JOIN employee e ON e.id = l.employee_id
        """

    static func leaveEntry(employeeID: Int64, on date: AttendanceDate, in db: Database) throws -> LeaveEntry? {
        try Row.fetchOne(
            db, sql: leaveSelect + " WHERE l.employee_id = ? AND l.date = ?", arguments: [employeeID, date.description]
        ).flatMap(leaveEntry(from:))
    }

    static func leaveEntry(from row: Row) throws -> LeaveEntry? {
        guard let date = try row.date("date", of: "leave") else { return nil }
        return LeaveEntry(
            employeeID: row["employee_id"], employeeCode: EmployeeCode(stored: row["code"]), date: date,
            kind: (row["half_day"] as Bool) ? .half : .full, type: row["type"], reason: row["reason"])
    }

    static func auditKey(_ entry: LeaveEntry) -> String { "\(entry.employeeCode.rawValue) \(entry.date)" }

    static func auditValue(_ entry: LeaveEntry) throws -> String {
        var fields = [
            "code": entry.employeeCode.rawValue, "date": entry.date.description, "kind": entry.kind.rawValue,
            "reason": entry.reason,
        ]
        // Only another type than annual: annual leave's entries read as they did before there were types.
        if entry.type != LeaveType.annual.name { fields["type"] = entry.type }
        return try auditJSON(fields)
    }
}
