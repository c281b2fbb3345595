import AttendanceCore
import Foundation
import GRDB

/// A manager's correction, as asked for (docs/rules.md "Punches" 6).
public enum CorrectionRequest: Sendable, Hashable {
    /// A punch the kiosk never recorded, entered with `source = manual`.
    case add(employee: EmployeeCode, kind: PunchKind, at: Date, note: String?)
    case void(punchID: Int64)
    /// Undoes a void.
    case restore(punchID: Int64)
    /// Moves a punch to a new instant (and so perhaps to a new attendance date).
    case retime(punchID: Int64, to: Date)

    /// The punch a correction changes; nil for an added punch.
    public var punchID: Int64? {
        switch self {
        case .add: nil
        case .void(let id), .restore(let id), .retime(let id, _): id
        }
    }
}

/// What a correction did.
public struct CorrectionOutcome: Sendable, Hashable {
    /// The employee whose punch it was.
    public let employee: Employee
    /// The punch as it was before (nil for an added punch).
    public let before: PunchHistory?
    /// The punch as it is now, with the new correction.
    public let after: PunchHistory
    /// The new correction record.
    public let correction: PunchCorrection

    /// The attendance dates the correction touched, in order: one, or two for a re-time across dates.
    public var dates: [AttendanceDate] { Array(Set([correction.fromDate, correction.toDate])).sorted() }
}

extension AttendanceStore {
    // MARK: - Correcting

    /// Applies `request` as a new correction record, checked and audited in one IMMEDIATE
    /// transaction: either the correction, its punch (for an add) and its audit row are all
    /// stored, or nothing is.
    ///
    /// The checks are ``CorrectionCheck``'s under the employee's policy at `now`: no time in the
    /// future, the date's punches still regular afterwards, `edit_window_days` unless `force`.
    ///
    /// - Throws: `CorrectionError` when the correction is refused; `StoreError` when the store
    ///   fails.
    @discardableResult
    public func correct(
        _ request: CorrectionRequest, reason: String, actor: String, force: Bool = false, policy: Policy, now: Date
    ) throws -> CorrectionOutcome {
        let reason = try CorrectionText.reason(reason)
        return try correcting { db in
            try correct(request, reason: reason, actor: actor, force: force, policy: policy, now: now, in: db)
        }
    }

    /// Runs `body`, a correction, in one IMMEDIATE transaction: committed when it returns, rolled
    /// back when it throws; a refusal stays a refusal.
    func correcting(_ body: (Database) throws -> CorrectionOutcome) throws -> CorrectionOutcome {
        try performRefusable {
            try pool.writeWithoutTransaction { db in
                var outcome: CorrectionOutcome?
                try db.inTransaction(.immediate) {
                    outcome = try body(db)
                    return .commit
                }
                guard let outcome else { throw StoreError.ioError("the correction was not committed") }
                return outcome
            }
        }
    }

    /// Applies several corrections as one: all of them are stored, checked and audited under the one
    /// reason in one IMMEDIATE transaction, or none is.
    ///
    /// The punches are checked together, after every change: voiding an IN and its OUT, each of
    /// which alone would leave the other unpaired, passes; a change that leaves a date worse than
    /// it was refuses the whole batch. A punch named twice is refused.
    ///
    /// - Throws: `CorrectionError` when a correction or the whole is refused; `StoreError` when the
    ///   store fails.
    @discardableResult
    public func correct(
        all requests: [CorrectionRequest], reason: String, actor: String, force: Bool = false, policy: Policy,
        now: Date
    ) throws -> [CorrectionOutcome] {
        let reason = try CorrectionText.reason(reason)
        var seen = Set<Int64>()
        for case let id? in requests.map(\.punchID) where !seen.insert(id).inserted {
            throw CorrectionError.namedTwice(id)
        }
        return try performRefusable {
            try pool.writeWithoutTransaction { db in
                var outcomes: [CorrectionOutcome] = []
                try db.inTransaction(.immediate) {
                    for request in requests {
                        outcomes.append(
                            try correct(
                                request, reason: reason, actor: actor, force: force, policy: policy, now: now,
                                checkingPunches: false, in: db))
                    }
                    try checkTogether(outcomes, policy: policy, now: now, in: db)
                    return .commit
                }
                return outcomes
            }
        }
    }

    /// Checks the punches of every date `outcomes` touched, as they are now against how they were
    /// before any of them: each employee's window is read after the changes and the changed
    /// punches are put back as they were.
    private func checkTogether(
        _ outcomes: [CorrectionOutcome], policy global: Policy, now: Date, in db: Database
    )
        throws
    {
        for (_, mine) in Dictionary(grouping: outcomes, by: \.employee.id) {
            let employee = mine[0].employee
            let dates = Set(mine.flatMap(\.dates))
            guard let first = dates.min(), let last = dates.max() else { continue }
            let after = try Self.punches(
                in: db, employeeID: employee.id, from: first.adding(days: -1), through: last.adding(days: 1))
            let changed = Set(mine.map(\.after.id))
            let before =
                after.filter { !changed.contains($0.id) }
                + mine.compactMap { outcome in outcome.before.flatMap { $0.isVoided ? nil : $0.effective } }
            try CorrectionCheck(policy: employee.policy(from: global), now: now).check(
                before: before.sorted { $0.instant < $1.instant }, after: after, dates: dates)
        }
    }

    func correct(
        _ request: CorrectionRequest, reason: String, actor: String, force: Bool, policy global: Policy, now: Date,
        checkingPunches: Bool = true, in db: Database
    ) throws -> CorrectionOutcome {
        // What the request is about: the employee, the punch as it stands, the change to it.
        let employee: Employee
        let before: PunchHistory?
        let changed: Punch?  // the punch as it will count afterwards; nil when voided
        let action: CorrectionAction
        var note: String?
        switch request {
        case .add(let code, let kind, let instant, let text):
            employee = try Self.employee(code, in: db)
            note = try CorrectionText.note(text)
            before = nil
            action = .add
            let policy = employee.policy(from: global)
            changed = Punch(
                id: CorrectionCheck.newPunchID, employeeID: employee.id, instant: instant,
                zone: policy.zone.identifier, attendanceDate: policy.attendanceDate(of: instant), kind: kind,
                source: .manual, note: note, createdAt: now, isCorrected: true)
        case .void(let id):
            let (owner, history) = try Self.correctable(punchID: id, in: db)
            guard !history.isVoided else { throw CorrectionError.alreadyVoid(id) }
            (employee, before, action, changed) = (owner, history, .void, nil)
        case .restore(let id):
            let (owner, history) = try Self.correctable(punchID: id, in: db)
            guard history.isVoided else { throw CorrectionError.notVoid(id) }
            var punch = history.effective
            punch.isCorrected = true
            (employee, before, action, changed) = (owner, history, .restore, punch)
        case .retime(let id, let instant):
            let (owner, history) = try Self.correctable(punchID: id, in: db)
            guard !history.isVoided else { throw CorrectionError.retimeOfVoid(id) }
            var punch = history.effective
            let policy = owner.policy(from: global)
            guard instant.milliseconds != punch.instant.milliseconds else {
                throw CorrectionError.unchanged(id, time: policy.zone.minuteText(of: punch.instant))
            }
            punch.instant = Date(milliseconds: instant.milliseconds)
            punch.attendanceDate = policy.attendanceDate(of: punch.instant)
            punch.isCorrected = true
            (employee, before, action, changed) = (owner, history, .retime, punch)
        }

        // The checks, on the dates the change touches and their neighbours.
        let policy = employee.policy(from: global)
        let check = CorrectionCheck(policy: policy, now: now)
        if action == .add || action == .retime, let changed { try check.checkNotInFuture(changed.instant) }
        // A punch that will count must fall within employment (a void takes one away: always fine).
        if let changed { try employee.requireEmployed(on: [changed.attendanceDate], for: "a punch") }
        // An add has no date before, a void none after: each then has the one date it touches.
        guard let fromDate = before?.effective.attendanceDate ?? changed?.attendanceDate else {
            throw StoreError.ioError("a correction without a date")
        }
        let toDate = changed?.attendanceDate ?? fromDate
        let outside = try check.isOutsideEditWindow([fromDate, toDate], force: force)
        if checkingPunches {
            let window = try Self.punches(
                in: db, employeeID: employee.id, from: min(fromDate, toDate).adding(days: -1),
                through: max(fromDate, toDate).adding(days: 1))
            var after = window.filter { $0.id != before?.id }
            if let changed { after.append(changed) }
            try check.check(before: window, after: after, dates: [fromDate, toDate])
        }

        // The records: the punch (for an add), the correction, the audit row.
        let at = clock()
        let id: Int64
        if let before {
            id = before.id
        } else if let changed {
            let attempt = PunchAttempt(
                employeeID: employee.id, kind: changed.kind, instant: changed.instant, zone: changed.zone,
                source: .manual, note: note, enteredBy: actor)
            id = try insert(attempt, on: toDate, clockWentBack: false, in: db).id
        } else {
            throw StoreError.ioError("a correction without a punch")
        }
        let newInstant = action == .retime ? changed?.instant : nil
        try db.execute(
            sql: """
                INSERT INTO punch_correction (punch_id, employee_id, action, punch_date, from_date, to_date,
                    new_instant_ms, outside_edit_window, actor, at_ms, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, employee.id, action.rawValue, (before?.original.attendanceDate ?? toDate).description,
                fromDate.description, toDate.description, newInstant?.milliseconds, outside, actor, at.milliseconds,
                reason,
            ])
        let correctionID = db.lastInsertedRowID
        let result = try Self.history(punchID: id, in: db)
        try audit(
            db, actor: actor, action: action.rawValue, entity: "punch", key: String(id), employeeID: employee.id,
            old: try before.map { try Self.auditValue($0, employee: employee, zone: policy.zone) },
            new: try Self.auditValue(result, employee: employee, zone: policy.zone, outsideEditWindow: outside),
            reason: reason)
        guard let correction = result.corrections.first(where: { $0.id == correctionID }) else {
            throw StoreError.ioError("the correction of punch \(id) was not stored")
        }
        return CorrectionOutcome(employee: employee, before: before, after: result, correction: correction)
    }

    // MARK: - Reading

    /// One employee's punches whose effective attendance date is in the range, voided ones too,
    /// each with its corrections, in effective time order: what `attendance punch list` shows.
    public func punchHistories(
        employeeID: Int64, from: AttendanceDate, through: AttendanceDate
    ) throws(StoreError)
        -> [PunchHistory]
    {
        try perform {
            try pool.read { db in try Self.histories(in: db, employeeID: employeeID, from: from, through: through) }
        }
    }

    static func history(punchID: Int64, in db: Database) throws -> PunchHistory {
        guard
            let punch = try PunchRowDecoder.fetchAll(in: db, "FROM punch WHERE id = ?", arguments: [punchID]).first
        else { throw CorrectionError.unknownPunch(punchID) }
        let corrections = try Row.fetchAll(
            db, sql: "SELECT \(correctionColumns) FROM punch_correction WHERE punch_id = ? ORDER BY at_ms, id",
            arguments: [punchID]
        ).map(correction(from:))
        return PunchHistory(original: punch, corrections: corrections)
    }

    /// The punch with `id`, as it stands, and whose it is.
    private static func correctable(punchID: Int64, in db: Database) throws -> (Employee, PunchHistory) {
        let history = try history(punchID: punchID, in: db)
        guard let employee = try employee(id: history.original.employeeID, in: db) else {
            throw CorrectionError.unknownPunch(punchID)
        }
        return (employee, history)
    }

    static func employee(id: Int64, in db: Database) throws -> Employee? {
        try Row.fetchOne(db, sql: "SELECT \(employeeColumns) FROM employee WHERE id = ?", arguments: [id])
            .map(employee(from:))
    }

    /// A row as a correction; a row that breaks the schema's promises is an error, never skipped.
    /// The select list of every correction query, in the order ``correction(from:)`` reads it
    /// (by position, as ``employeeColumns``).
    static let correctionColumns =
        "id, punch_id, employee_id, action, from_date, to_date, new_instant_ms, outside_edit_window, actor, at_ms, reason"

    /// A row that selects ``correctionColumns`` as a correction; a row that breaks the schema's
    /// promises is an error, never skipped.
    static func correction(from row: Row) throws -> PunchCorrection {
        let actionText: String = row[3]
        guard let action = CorrectionAction(rawValue: actionText) else {
            throw StoreError.unreadableRecord(table: "punch_correction", column: "action", value: actionText)
        }
        guard let from = try row.date(at: 4, "from_date", of: "punch_correction"),
            let to = try row.date(at: 5, "to_date", of: "punch_correction")
        else {
            throw StoreError.unreadableRecord(table: "punch_correction", column: "from_date/to_date", value: "NULL")
        }
        return PunchCorrection(
            id: row[0], punchID: row[1], employeeID: row[2], action: action, fromDate: from,
            toDate: to, newInstant: (row[6] as Int64?).map(Date.init(milliseconds:)),
            isOutsideEditWindow: row[7], actor: row[8], at: Date(milliseconds: row[9]), reason: row[10])
    }

    /// A punch's state for the audit log's old and new values.
    static func auditValue(
        _ history: PunchHistory, employee: Employee, zone: LocalZone, outsideEditWindow: Bool = false
    ) throws -> String {
        var fields: [String: Any?] = [
            "id": history.id, "employee": employee.code.rawValue, "kind": history.effective.kind.rawValue,
            "time": PunchTimestamp.text(of: history.effective.instant, zone: zone),
            "attendance_date": history.effective.attendanceDate.description, "voided": history.isVoided,
            "source": history.effective.source.rawValue, "note": history.effective.note,
        ]
        if outsideEditWindow { fields["outside_edit_window"] = true }
        return try auditJSON(fields)
    }

    // MARK: - Errors

    /// Runs `body` like `perform`, letting the refusals of the rules through unchanged.
    func performRefusable<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let refusal as CorrectionError {
            throw refusal
        } catch let refusal as PunchFile.Refusal {
            throw refusal
        } catch let refusal as EmploymentError {
            throw refusal
        } catch {
            return try perform { throw error }
        }
    }
}
