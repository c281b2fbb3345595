import AttendanceCore
import Foundation
import GRDB

/// What a manager gives to add an employee.
public struct NewEmployee: Sendable {
    public var code: EmployeeCode
    public var name: PersonName
    public var startDate: AttendanceDate?
    public var shiftStart: WallClockTime?
    public var shiftEnd: WallClockTime?
    /// A kiosk PIN, hashed, set in the same transaction as the employee is added: never an
    /// employee left without the PIN they were handed.
    public var pin: (salt: [UInt8], rounds: Int, hash: [UInt8])?
    /// The language the kiosk speaks to them; nil: the office's.
    public var language: Language?
    /// Their department; nil: none.
    public var department: Department?

    public init(
        code: EmployeeCode, name: PersonName, startDate: AttendanceDate? = nil, shiftStart: WallClockTime? = nil,
        shiftEnd: WallClockTime? = nil, language: Language? = nil, department: Department? = nil
    ) {
        self.language = language
        self.department = department
        self.code = code
        self.name = name
        self.startDate = startDate
        self.shiftStart = shiftStart
        self.shiftEnd = shiftEnd
    }
}

/// Changes to an employee; nil leaves a field as it is, `.some(nil)` clears it.
public struct EmployeeChanges: Sendable {
    public var name: PersonName?
    public var startDate: AttendanceDate??
    public var endDate: AttendanceDate??
    public var shift: (start: WallClockTime, end: WallClockTime)??
    public var language: Language??
    public var department: Department??

    public init(
        name: PersonName? = nil, startDate: AttendanceDate?? = nil, endDate: AttendanceDate?? = nil,
        shift: (start: WallClockTime, end: WallClockTime)?? = nil, language: Language?? = nil,
        department: Department?? = nil
    ) {
        self.language = language
        self.department = department
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.shift = shift
    }

    public var isEmpty: Bool {
        name == nil && startDate == nil && endDate == nil && shift == nil && language == nil && department == nil
    }
}

extension AttendanceStore {
    // MARK: - Reading

    /// All employees by code, those who have left too (``Employee/employment(on:)`` tells them apart).
    public func employees() throws(StoreError) -> [Employee] {
        try perform {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT \(Self.employeeColumns) FROM employee ORDER BY code COLLATE NOCASE"
                ).map(Self.employee(from:))
            }
        }
    }

    /// The employee with `code` (any case), or nil.
    public func employee(code: String) throws(StoreError) -> Employee? {
        try perform {
            try pool.read { db in try Self.employee(code: code, in: db) }
        }
    }

    static func employee(code: String, in db: Database) throws -> Employee? {
        try Row.fetchOne(db, sql: "SELECT \(employeeColumns) FROM employee WHERE code = ?", arguments: [code])
            .map(employee(from:))
    }

    /// The employee with `code`, or the refusal that names the code.
    static func employee(_ code: EmployeeCode, in db: Database) throws -> Employee {
        guard let employee = try employee(code: code.rawValue, in: db) else {
            throw StoreError.unknownEmployee(code.rawValue)
        }
        return employee
    }

    /// The select list of every employee query, in the order ``employee(from:)`` reads it. (By
    /// position: finding a column by name lowercases every column name of the row, which cost a
    /// register of 2,000 employees 60 M instructions.)
    static let employeeColumns =
        "id, code, name, start_date, end_date, shift_start, shift_end, active, pin_hash IS NOT NULL, locked, language, "
        + "department, pin_one_time"

    /// The employee in a row that selects ``employeeColumns``.
    static func employee(from row: Row) throws -> Employee {
        var employee = Employee(
            id: row[0],
            code: EmployeeCode(stored: row[1]),
            name: PersonName(stored: row[2]),
            startDate: try row.date(at: 3, "start_date", of: "employee"),
            endDate: try row.date(at: 4, "end_date", of: "employee"),
            shiftStart: try row.time(at: 5, "shift_start", of: "employee"),
            shiftEnd: try row.time(at: 6, "shift_end", of: "employee"),
            isActive: row[7],
            hasPIN: row[8], isPINLocked: row[9],
            // A language whose catalog a later version dropped: the office's, as for none.
            language: (row[10] as String?).flatMap(Language.init(code:)),
            department: (row[11] as String?).map(Department.init(stored:)))
        employee.hasOneTimePIN = row[12]
        return employee
    }

    // MARK: - Writing

    /// Adds an employee; a code already in use (in any case) is refused by name.
    @discardableResult
    public func addEmployee(_ new: NewEmployee, actor: String) throws(StoreError) -> Employee {
        try perform {
            try pool.write { db in try insertEmployee(new, actor: actor, in: db) }
        }
    }

    /// Adds every employee of `news` in one transaction, each audited as `addEmployee` audits
    /// one, or none of them: a code already in use (in any case) refuses them all.
    @discardableResult
    public func addEmployees(_ news: [NewEmployee], actor: String) throws(StoreError) -> [Employee] {
        try perform {
            try pool.write { db in try news.map { try insertEmployee($0, actor: actor, in: db) } }
        }
    }

    /// Inserts `new` with its audit entry (and its PIN, when given), inside the caller's transaction.
    private func insertEmployee(_ new: NewEmployee, actor: String, in db: Database) throws -> Employee {
        if let existing = try Self.employee(code: new.code.rawValue, in: db) {
            throw StoreError.duplicateEmployee(existing.code)
        }
        let now = clock().milliseconds
        try db.execute(
            sql: """
                INSERT INTO employee (code, name, start_date, shift_start, shift_end, language, department,
                    created_at_ms, updated_at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                new.code.rawValue, new.name.rawValue, new.startDate?.description, new.shiftStart?.description,
                new.shiftEnd?.description, new.language?.code, new.department?.rawValue, now, now,
            ])
        let id = db.lastInsertedRowID
        var employee = Employee(
            id: id, code: new.code, name: new.name, startDate: new.startDate, shiftStart: new.shiftStart,
            shiftEnd: new.shiftEnd, language: new.language, department: new.department)
        try audit(
            db, actor: actor, action: "add", entity: "employee", key: new.code.rawValue, employeeID: id,
            new: Self.auditValue(employee))
        if let pin = new.pin {
            try writePIN(salt: pin.salt, rounds: pin.rounds, hash: pin.hash, of: employee, actor: actor, in: db)
            employee.hasPIN = true
        }
        return employee
    }

    /// Applies `changes` to the employee with `code`.
    ///
    /// New dates of employment are judged by the core against the employee's recorded work
    /// (``EmploymentChange``), inside the same transaction: an end before the start is refused,
    /// and so, unless `force`, is a change that puts recorded work outside employment; a forced
    /// one names those dates in its audit entry. A new last date is applied as
    /// ``Employee/withLastDate(_:today:)`` says: none, or one still to come after `today`, makes a
    /// deactivated employee active again.
    ///
    /// - Throws: ``EmploymentError`` when the rules refuse; `StoreError` otherwise.
    @discardableResult
    public func editEmployee(
        code: EmployeeCode, _ changes: EmployeeChanges, today: AttendanceDate, force: Bool = false, actor: String
    ) throws
        -> Employee
    {
        try update(code: code, action: "edit", force: force, actor: actor) { employee in
            if let name = changes.name { employee.name = name }
            if let startDate = changes.startDate { employee.startDate = startDate }
            if let endDate = changes.endDate { employee = employee.withLastDate(endDate, today: today) }
            if let shift = changes.shift {
                employee.shiftStart = shift?.start
                employee.shiftEnd = shift?.end
            }
            if let language = changes.language { employee.language = language }
            if let department = changes.department { employee.department = department }
        }
    }

    /// Marks the employee as no longer employed after `endDate`, as
    /// ``Employee/deactivated(lastDate:today:)`` says (a date after `today` is a notice). Their
    /// punches stay. The date is judged as ``editEmployee(code:_:today:force:actor:)`` judges one.
    @discardableResult
    public func deactivateEmployee(
        code: EmployeeCode, endDate: AttendanceDate, today: AttendanceDate, force: Bool = false, actor: String
    ) throws
        -> Employee
    {
        try update(code: code, action: "deactivate", force: force, actor: actor) { (employee) throws(EmploymentError) in
            employee = try employee.deactivated(lastDate: endDate, today: today)
        }
    }

    /// Applies `change` to the employee with `code` and saves it with its audit row `action`, in
    /// one transaction: the employee as saved.
    private func update(
        code: EmployeeCode, action: String, force: Bool, actor: String,
        _ change: (inout Employee) throws(EmploymentError) -> Void
    )
        throws -> Employee
    {
        try performRefusable {
            try pool.write { db in
                let old = try Self.employee(code, in: db)
                var new = old
                try change(&new)
                var reason: String?
                if new.startDate != old.startDate || new.endDate != old.endDate {
                    let judged = EmploymentChange(before: old, after: new)
                    let work = try Self.punches(
                        in: db, employeeID: old.id, from: .earliest, through: nil
                    )
                    .map(\.attendanceDate)
                    let hidden = try judged.check(workDates: work, force: force)
                    if !hidden.isEmpty {
                        reason =
                            "forced: puts recorded work outside employment on "
                            + hidden.map(\.description).joined(separator: ", ")
                    }
                }
                try save(new, replacing: old, action: action, actor: actor, reason: reason, in: db)
                return new
            }
        }
    }

    private func save(
        _ new: Employee, replacing old: Employee, action: String, actor: String, reason: String? = nil, in db: Database
    ) throws {
        try db.execute(
            sql: """
                UPDATE employee SET name = ?, start_date = ?, end_date = ?, shift_start = ?, shift_end = ?, active = ?,
                    language = ?, department = ?, updated_at_ms = ? WHERE id = ?
                """,
            arguments: [
                new.name.rawValue, new.startDate?.description, new.endDate?.description, new.shiftStart?.description,
                new.shiftEnd?.description, new.isActive, new.language?.code, new.department?.rawValue,
                clock().milliseconds, new.id,
            ])
        try audit(
            db, actor: actor, action: action, entity: "employee", key: new.code.rawValue, employeeID: new.id,
            old: Self.auditValue(old), new: Self.auditValue(new), reason: reason)
    }

    static func auditValue(_ employee: Employee) throws -> String {
        var fields: [String: Any?] = [
            "code": employee.code.rawValue, "name": employee.name.rawValue,
            "start_date": employee.startDate?.description, "end_date": employee.endDate?.description,
            "shift_start": employee.shiftStart?.description, "shift_end": employee.shiftEnd?.description,
            "active": employee.isActive,
        ]
        // Only when set: an employee's entries read as they did before there were languages.
        if let language = employee.language { fields["language"] = language.code }
        // Likewise only when set: as before there were departments.
        if let department = employee.department { fields["department"] = department.rawValue }
        return try auditJSON(fields)
    }
}
