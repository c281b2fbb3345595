import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// What an employee's edit left behind, for the front-end to word.
public struct EmployeeEdit: Sendable {
    public let before: Employee
    public let after: Employee
    /// Whether the edit let them mark in and out again (a last date cleared or moved on).
    public let mayMarkAgain: Bool
    /// When their shift changed: the past dates with punches, which the new shift now judges too
    /// (statuses are worked out whenever they are shown, never stored); nil when there are none.
    public let rejudged: (count: Int, first: AttendanceDate)?
}

/// A PIN made for one employee, to be handed to them once on a slip and never kept in clear.
public struct PINSlip: Sendable {
    public let employee: Employee
    public let pin: String
}

/// Employees, for the command line and the web console alike: adding, editing, leaving, and
/// their kiosk PIN. The store records each change in one transaction with its audit entry; this
/// decides what is refused before it gets there.
public enum Employees {
    /// Adds an employee, with `pin` as their kiosk PIN in the same transaction when given.
    /// Without a first date they start today: the days of the month before they came would
    /// otherwise be absences.
    public static func add(
        _ new: NewEmployee, pin: String? = nil, pepper: () throws -> [UInt8] = noPepper, exitCodeHash: String?,
        policy: Policy, now: Date, actor: String, store: AttendanceStore
    ) throws -> Employee {
        try requireAddable(new, exitCodeHash: exitCodeHash, policy: policy)
        var new = new
        if new.startDate == nil { new.startDate = policy.attendanceDate(of: now) }
        if let pin {
            let hashed = try hashed(pin, pepper: pepper)
            new.pin = (hashed.salt, hashed.rounds, hashed.hash)
        }
        return try store.addEmployee(new, actor: actor)
    }

    /// Adds every employee of `file` in one transaction, or none: each row is judged as ``add``
    /// judges one employee, and a code already in the store is refused on its line too. Those
    /// without a first date start today.
    ///
    /// - Throws: ``EmployeeFile/Refusal`` naming every bad row; otherwise what the store throws.
    public static func add(
        _ file: EmployeeFile, exitCodeHash: String?, policy: Policy, now: Date, actor: String, store: AttendanceStore
    ) throws -> [Employee] {
        var issues = file.issues
        let taken = Dictionary(
            try store.employees().map { ($0.code.rawValue.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var news: [NewEmployee] = []
        for row in file.rows {
            let new = NewEmployee(
                code: row.code, name: row.name, startDate: row.startDate ?? policy.attendanceDate(of: now),
                shiftStart: row.shiftStart, shiftEnd: row.shiftEnd, language: row.language,
                department: row.department)
            do throws(AppFailure) {
                _ = try shift(start: row.shiftStart, end: row.shiftEnd)
                try requireAddable(new, exitCodeHash: exitCodeHash, policy: policy)
            } catch {
                issues.append(FileIssue(line: row.line, problem: .refused(error)))
            }
            if let existing = taken[row.code.rawValue.lowercased()] {
                issues.append(
                    FileIssue(
                        line: row.line,
                        problem: .codeTaken(
                            code: row.code.rawValue, holder: existing.code.rawValue, name: existing.name.rawValue)))
            }
            news.append(new)
        }
        guard issues.isEmpty else { throw EmployeeFile.Refusal(issues: issues) }
        return try store.addEmployees(news, actor: actor)
    }

    /// Refuses a new employee whose own shift does not fit the policy, or whose code is the
    /// kiosk's exit code.
    private static func requireAddable(_ new: NewEmployee, exitCodeHash: String?, policy: Policy) throws(AppFailure) {
        try requireShiftFits(
            new.shiftStart.flatMap { start in new.shiftEnd.map { (start, $0) } }, code: new.code, policy: policy)
        if let exitCodeHash, PINHasher.hasExitCodeForm(new.code.rawValue),
            PINHasher.verifyExitCode(new.code.rawValue, against: exitCodeHash)
        {
            let code = new.code.rawValue
            throw AppFailure { words in
                words.tr(
                    "{code} is the kiosk's exit code ([kiosk] exit_code_hash): at the kiosk the employee would always win and the exit code would stop working; give the employee another code, or the kiosk another exit code",
                    ["code": code])
            }
        }
    }

    /// Changes an employee's name, dates or shift; `force` lets recorded work fall outside
    /// their employment (audited).
    public static func edit(
        _ code: EmployeeCode, _ changes: EmployeeChanges, force: Bool, policy: Policy, now: Date, actor: String,
        store: AttendanceStore
    ) throws -> EmployeeEdit {
        if case .some(let shift) = changes.shift { try requireShiftFits(shift, code: code, policy: policy) }
        let today = policy.attendanceDate(of: now)
        let before = try Reports.employee(code, store: store)
        let after = try store.editEmployee(code: code, changes, today: today, force: force, actor: actor)
        let back = !before.employment(on: today).mayMark && after.employment(on: today).mayMark
        var rejudged: (Int, AttendanceDate)?
        if after.shiftStart != before.shiftStart || after.shiftEnd != before.shiftEnd {
            let worked = Set(
                try store.punches(employeeID: after.id, from: .earliest, through: today)
                    .map(\.attendanceDate).filter { $0 < today })
            rejudged = worked.min().map { (worked.count, $0) }
        }
        return EmployeeEdit(before: before, after: after, mayMarkAgain: back, rejudged: rejudged)
    }

    /// Marks an employee as having left on `endDate` (default: today). Nothing is deleted.
    public static func deactivate(
        _ code: EmployeeCode, endDate: AttendanceDate?, force: Bool, policy: Policy, now: Date, actor: String,
        store: AttendanceStore
    ) throws -> Employee {
        let today = policy.attendanceDate(of: now)
        return try store.deactivateEmployee(
            code: code, endDate: endDate ?? today, today: today, force: force, actor: actor)
    }

    /// Sets (or resets) an employee's kiosk PIN; it also lifts a lock-out. The pepper is asked
    /// for only once the employee and the PIN are known to be good.
    public static func setPIN(
        _ code: EmployeeCode, pin: String, pepper: () throws -> [UInt8], actor: String, store: AttendanceStore
    ) throws {
        _ = try Reports.employee(code, store: store)
        let hashed = try hashed(pin, pepper: pepper)
        try store.setPIN(code: code, salt: hashed.salt, rounds: hashed.rounds, hash: hashed.hash, actor: actor)
    }

    /// Why the PIN an employee chose in place of their one-time PIN was not taken.
    public enum OwnPINRefusal: Error, Equatable {
        /// Not 4 to 8 digits, as every PIN must be.
        case notAPIN
        /// The one-time PIN itself: one that someone else has held is no PIN of one's own.
        case sameAsOneTime
    }

    /// Replaces `employee`'s one-time PIN by `pin`, the one they chose, and clears the flag, in one
    /// transaction audited by `actor` (the employee where they chose it). Returns false when their
    /// PIN was no longer one-time: a manager set another meanwhile, which is kept.
    ///
    /// - Throws: ``OwnPINRefusal`` for a PIN that is not 4–8 digits or is the one-time PIN itself;
    ///   otherwise what the store or the pepper throw.
    public static func replaceOneTimePIN(
        of employee: Employee, with pin: String, pepper: () throws -> [UInt8], actor: String, store: AttendanceStore
    ) throws -> Bool {
        guard (try? PINHasher.validate(pin)) != nil else { throw OwnPINRefusal.notAPIN }
        guard let record = try store.pinRecord(employeeID: employee.id) else { return false }
        let peppered = try pepper()
        let old = PINHash(salt: record.salt, rounds: record.rounds, hash: record.hash)
        guard !PINHasher.verify(pin, against: old, pepper: peppered) else { throw OwnPINRefusal.sameAsOneTime }
        let new = try PINHasher.hash(pin, pepper: peppered)
        return try store.replaceOneTimePIN(
            employeeID: employee.id, replacing: record.hash, salt: new.salt, rounds: new.rounds, hash: new.hash,
            actor: actor)
    }

    /// Gives each employee of `codes` a new random PIN, one-time (the employee is to replace it),
    /// in one transaction: all of them or none. Without codes: everyone employed today or later
    /// who has no PIN. The PINs are returned only for their slips; the store keeps their hashes.
    ///
    /// The pepper is asked for only once the employees are known to be good. `handOut` writes the
    /// slips before the store keeps the PINs: a slip that cannot be written changes nobody's PIN.
    public static func oneTimePINs(
        for codes: [EmployeeCode]?, policy: Policy, now: Date, pepper: () throws -> [UInt8], actor: String,
        store: AttendanceStore, handOut: ([PINSlip]) throws -> Void
    ) throws -> [PINSlip] {
        let everyone = try store.employees()
        let chosen: [Employee]
        if let codes {
            let byCode = Dictionary(
                everyone.map { ($0.code.rawValue.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            let unknown = codes.filter { byCode[$0.rawValue.lowercased()] == nil }
            guard unknown.isEmpty else {
                let codes = unknown.map(\.rawValue).joined(separator: ", ")
                throw AppFailure { words in
                    words.tr("no employee has code {codes}; no PIN was changed", ["codes": codes])
                }
            }
            var seen = Set<String>()
            chosen = codes.compactMap {
                seen.insert($0.rawValue.lowercased()).inserted ? byCode[$0.rawValue.lowercased()] : nil
            }
        } else {
            let today = policy.attendanceDate(of: now)
            chosen = everyone.filter { employee in
                if employee.hasPIN { return false }
                if case .left = employee.employment(on: today) { return false }
                return true
            }
        }
        guard !chosen.isEmpty else { return [] }
        let peppered = try pepper()
        var slips: [PINSlip] = []
        var hashes: [(code: EmployeeCode, salt: [UInt8], rounds: Int, hash: [UInt8])] = []
        for employee in chosen {
            let pin = generatedPIN()
            let hashed = try hashed(pin, pepper: { peppered })
            slips.append(PINSlip(employee: employee, pin: pin))
            hashes.append((employee.code, hashed.salt, hashed.rounds, hashed.hash))
        }
        try handOut(slips)
        try store.setOneTimePINs(hashes, actor: actor)
        return slips
    }

    /// The refusal of a caller that sets no PIN.
    public static func noPepper() throws -> [UInt8] {
        throw AppFailure(kind: .files) { words in words.tr("no PIN pepper was given for setting a PIN", [:]) }
    }

    /// `pin` checked (4–8 digits) and hashed with the pepper, which is asked for only then.
    static func hashed(_ pin: String, pepper: () throws -> [UInt8]) throws -> PINHash {
        try PINHasher.hash(try PINHasher.validate(pin), pepper: try pepper())
    }

    /// A new PIN of six random digits, to be shown once to the person who hands it over.
    public static func generatedPIN() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// Lifts the lock after too many wrong PINs: whether it was locked, and how many wrong PINs
    /// in a row were forgotten.
    public static func unlock(
        _ code: EmployeeCode, actor: String, store: AttendanceStore
    ) throws(StoreError) -> (wasLocked: Bool, failures: Int) {
        try store.unlock(code: code, actor: actor)
    }

    /// An employee's own shift from its two ends: both or neither, and not the same time.
    package static func shift(
        start: WallClockTime?, end: WallClockTime?
    ) throws(AppFailure) -> (start: WallClockTime, end: WallClockTime)? {
        switch (start, end) {
        case (nil, nil): return nil
        case (let start?, let end?):
            guard start != end else {
                throw AppFailure { words in
                    words.tr("a shift cannot start and end at the same time ({time})", ["time": start.description])
                }
            }
            return (start, end)
        default: throw AppFailure { words in words.tr("give both the shift's start and its end, or neither", [:]) }
        }
    }

    /// Refuses an employee's own shift that does not fit in one attendance date under `policy`
    /// (``Policy/shiftMisfit``).
    package static func requireShiftFits(
        _ shift: (start: WallClockTime, end: WallClockTime)?, code: EmployeeCode, policy: Policy
    ) throws(AppFailure) {
        guard let shift,
            let misfit = policy.applying(shiftStart: shift.start, shiftEnd: shift.end).shiftMisfit(alongside: [policy])
        else { return }
        throw AppFailure { words in
            words.tr(
                "{code}: {problem}; nothing was changed", ["code": code.rawValue, "problem": misfit.worded(words)])
        }
    }
}
