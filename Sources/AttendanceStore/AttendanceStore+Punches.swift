import AttendanceCore
import Foundation
import GRDB

/// A punch someone asked for, with the evidence it was verified against.
public struct PunchAttempt: Sendable {
    public var employeeID: Int64
    public var kind: PunchKind
    public var instant: Date
    /// The IANA zone it was taken in.
    public var zone: String
    public var source: PunchSource
    public var ssid: SSID?
    public var bssid: BSSID?
    public var location: String?
    public var note: String?
    /// Who entered it, for manual and imported punches.
    public var enteredBy: String?

    public init(
        employeeID: Int64, kind: PunchKind, instant: Date, zone: String, source: PunchSource, ssid: SSID? = nil,
        bssid: BSSID? = nil, location: String? = nil, note: String? = nil, enteredBy: String? = nil
    ) {
        self.employeeID = employeeID
        self.kind = kind
        self.instant = instant
        self.zone = zone
        self.source = source
        self.ssid = ssid
        self.bssid = bssid
        self.location = location
        self.note = note
        self.enteredBy = enteredBy
    }
}

/// What became of a punch attempt.
public enum PunchOutcome: Sendable, Hashable {
    /// Committed durably; `clockWentBack` when it is earlier than one already stored.
    case recorded(Punch, clockWentBack: Bool)
    /// The same kind was recorded moments ago; nothing new was stored.
    case duplicate(of: Punch)
    /// The rules refused it; nothing was stored.
    case refused(PunchRefusal)
}

extension AttendanceStore {
    // MARK: - Recording

    /// Records `attempt` if `decide` accepts it, deciding and inserting in one IMMEDIATE
    /// transaction so two kiosks cannot both mark the same person in.
    ///
    /// `decide` receives the employee's punches whose attendance date is on or after
    /// `recentSince` (what `Policy.decide(_:at:recent:)` needs). The method returns only after
    /// the commit reached the disk (`synchronous=FULL`).
    public func recordPunch(
        _ attempt: PunchAttempt, recentSince: AttendanceDate, decide: (_ recent: [Punch]) -> PunchDecision
    ) throws(StoreError) -> PunchOutcome {
        try perform {
            try pool.writeWithoutTransaction { db in
                var outcome = PunchOutcome.refused(.notIn)
                try db.inTransaction(.immediate) {
                    let recent = try Self.punches(
                        in: db, employeeID: attempt.employeeID, from: recentSince, through: nil)
                    switch decide(recent) {
                    case .refused(let refusal):
                        outcome = .refused(refusal)
                    case .duplicate(let previous):
                        outcome = .duplicate(of: previous)
                    case .accept(let date, let clockWentBack):
                        let punch = try insert(attempt, on: date, clockWentBack: clockWentBack, in: db)
                        outcome = .recorded(punch, clockWentBack: clockWentBack)
                    }
                    return .commit
                }
                return outcome
            }
        }
    }

    func insert(_ attempt: PunchAttempt, on date: AttendanceDate, clockWentBack: Bool, in db: Database) throws -> Punch {
        let created = clock()
        try db.execute(
            sql: """
                INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location,
                    note, entered_by, clock_went_back, created_at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                attempt.employeeID, attempt.instant.milliseconds, attempt.zone, date.description, attempt.kind.rawValue,
                attempt.source.rawValue, attempt.ssid.map { Data($0.bytes) }, attempt.bssid?.description,
                attempt.location, attempt.note, attempt.enteredBy, clockWentBack, created.milliseconds,
            ])
        return Punch(
            id: db.lastInsertedRowID, employeeID: attempt.employeeID,
            instant: Date(milliseconds: attempt.instant.milliseconds), zone: attempt.zone, attendanceDate: date,
            kind: attempt.kind, source: attempt.source, ssid: attempt.ssid, bssid: attempt.bssid,
            location: attempt.location, note: attempt.note, createdAt: Date(milliseconds: created.milliseconds))
    }

    // MARK: - Reading

    /// One employee's punches with attendance dates from `from` through `through` (nil: no end),
    /// in time order.
    public func punches(employeeID: Int64, from: AttendanceDate, through: AttendanceDate?) throws(StoreError)
        -> [Punch]
    {
        try perform {
            try pool.read { db in try Self.punches(in: db, employeeID: employeeID, from: from, through: through) }
        }
    }

    /// Everyone's punches from `from` through `through`, by employee id, each in time order:
    /// what a register needs, in one query.
    public func punchesByEmployee(from: AttendanceDate, through: AttendanceDate) throws(StoreError)
        -> [Int64: [Punch]]
    {
        try perform {
            try pool.read { db in
                var result: [Int64: [Punch]] = [:]
                let rows = try Row.fetchCursor(
                    db,
                    sql: "SELECT * FROM punch WHERE attendance_date BETWEEN ? AND ? ORDER BY employee_id, instant_ms, id",
                    arguments: [from.description, through.description])
                while let row = try rows.next() {
                    if let punch = Self.punch(from: row) { result[punch.employeeID, default: []].append(punch) }
                }
                return result
            }
        }
    }

    /// The dates a manager changed, by employee id: those carry the "corrected" flag.
    ///
    /// A date is corrected when a punch on it was entered by a manager (`source = manual`).
    public func correctedDates(from: AttendanceDate, through: AttendanceDate) throws(StoreError)
        -> [Int64: Set<AttendanceDate>]
    {
        try perform {
            try pool.read { db in
                var result: [Int64: Set<AttendanceDate>] = [:]
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT employee_id, attendance_date FROM punch
                        WHERE source = 'manual' AND attendance_date BETWEEN ? AND ?
                        """,
                    arguments: [from.description, through.description])
                for row in rows {
                    if let date = row.date("attendance_date") { result[row["employee_id"], default: []].insert(date) }
                }
                return result
            }
        }
    }

    /// The number of punches stored.
    public func punchCount() throws(StoreError) -> Int {
        try perform { try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM punch") ?? 0 } }
    }

    static func punches(in db: Database, employeeID: Int64, from: AttendanceDate, through: AttendanceDate?) throws
        -> [Punch]
    {
        var sql = "SELECT * FROM punch WHERE employee_id = ? AND attendance_date >= ?"
        var arguments: StatementArguments = [employeeID, from.description]
        if let through {
            sql += " AND attendance_date <= ?"
            arguments += [through.description]
        }
        sql += " ORDER BY instant_ms, id"
        return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap(punch(from:))
    }

    /// A row as a punch; rows that break the schema's promises (impossible through this code)
    /// are skipped rather than crashing a report.
    static func punch(from row: Row) -> Punch? {
        guard let date = row.date("attendance_date"), let kind = PunchKind(rawValue: row["kind"]),
            let source = PunchSource(rawValue: row["source"])
        else { return nil }
        return Punch(
            id: row["id"], employeeID: row["employee_id"], instant: Date(milliseconds: row["instant_ms"]),
            zone: row["zone"], attendanceDate: date, kind: kind, source: source,
            ssid: (row["ssid"] as Data?).flatMap { try? SSID(bytes: [UInt8]($0)) },
            bssid: (row["bssid"] as String?).flatMap { try? BSSID(parsing: $0) },
            location: row["location"], note: row["note"], createdAt: Date(milliseconds: row["created_at_ms"]))
    }
}
