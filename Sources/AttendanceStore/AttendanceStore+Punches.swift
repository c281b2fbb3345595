import AttendanceCore
import Foundation
import GRDB
import GRDBSQLite

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
        do {
            return try recordPunchIfInPlace(attempt, recentSince: recentSince, decide: decide)
        } catch .moved(let path) {
            abandon()
            throw .moved(path: path)
        }
    }

    private func recordPunchIfInPlace(
        _ attempt: PunchAttempt, recentSince: AttendanceDate, decide: (_ recent: [Punch]) -> PunchDecision
    ) throws(StoreError) -> PunchOutcome {
        try perform {
            try pool.writeWithoutTransaction { db in
                var outcome = PunchOutcome.refused(.notIn)
                try db.inTransaction(.immediate) {
                    // A store file deleted (or replaced) under a running kiosk would take this punch
                    // with it when the kiosk ends: nothing may be acknowledged into it. A resident
                    // process also watches the -wal and -shm, which a "clean-up" may remove.
                    try Self.requireNotMoved(db, path: path)
                    if watchesJournals, journalsMoved() { throw StoreError.moved(path: path) }
                    let recent = try Self.punches(
                        in: db, employeeID: attempt.employeeID, from: recentSince, through: nil)
                    switch decide(recent) {
                    case .refused(let refusal):
                        outcome = .refused(refusal)
                        if case .clockBehindMarkIn = refusal {
                            try logClockRefusal(attempt, refusal, in: db)
                        }
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

    /// Throws `.moved` when the file this connection has open is no longer the one at `path`
    /// (SQLite's `SQLITE_FCNTL_HAS_MOVED`: unlinked, or another file renamed over it).
    static func requireNotMoved(_ db: Database, path: String) throws(StoreError) {
        var moved: Int32 = 0
        let status = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        if status == SQLITE_OK, moved != 0 { throw .moved(path: path) }
    }

    /// Whether the -wal or -shm file this process has open for the store was removed or replaced:
    /// Linux names such an open file "… (deleted)" in /proc/self/fd. (SQLite's own check looks at
    /// the database file only.) The descriptors found on them are kept, and only they are read
    /// next time: the whole table is read again when one of them names something else (closed,
    /// or taken by another file), so a punch costs a few links, not one per file the process
    /// has open (a console's connections, or many stores in one process). A file removed shows
    /// "(deleted)" on every descriptor open on it, the kept ones among them.
    func journalsMoved() -> Bool {
        guard let canonical = realpath(path, nil) else { return false }
        defer { free(canonical) }
        let store = String(cString: canonical)
        let names = [store + "-wal", store + "-shm"]
        let removed = names.map { $0 + " (deleted)" }
        let kept = journalDescriptors.withLock { $0 }
        if !kept.isEmpty {
            let links = kept.map(Self.link(of:))
            if links.contains(where: removed.contains) { return true }
            if links.allSatisfy(names.contains) { return false }
        }
        guard let folder = opendir("/proc/self/fd") else { return false }
        defer { closedir(folder) }
        var found: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name) else { continue }
            let link = Self.link(of: descriptor)
            if removed.contains(link) { return true }
            if names.contains(link) { found.append(descriptor) }
        }
        journalDescriptors.withLock { $0 = found }
        return false
    }

    /// What /proc/self/fd says descriptor `descriptor` is open on; "" when it cannot be read.
    private static func link(of descriptor: Int32) -> String {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
        guard length > 0 else { return "" }
        return String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Files removed under a running process

    /// Keeps this store's connections open until the process ends, once its files were found
    /// removed or replaced under it: closing the last one would copy a removed -wal into the
    /// database file that is there now and delete the -wal that the programs using that file
    /// write to. The kernel closes the files at exit, where SQLite does nothing.
    func abandon() {
        isAbandoned.withLock { $0 = true }
        Self.keptUntilExit.withLock { $0.append(pool) }
    }

    /// The punches this process recorded through this store since it opened it that the store
    /// at `path` does not hold now (they went with a removed -wal or store file), with their
    /// employees' codes, in time order: for the caller to keep in a file to import. Empty when
    /// they cannot be read.
    public func punchesNotOnDisk() -> [(code: String, punch: Punch)] {
        let since = openedAt.milliseconds
        let clause = "FROM punch WHERE created_at_ms >= ? AND origin_node IS NULL ORDER BY instant_ms, id"
        guard
            let here = try? pool.read({ db in
                (
                    try PunchRowDecoder.fetchAll(in: db, clause, arguments: [since]),
                    try Dictionary(
                        Row.fetchAll(db, sql: "SELECT id, code FROM employee").map {
                            ($0["id"] as Int64, $0["code"] as String)
                        },
                        uniquingKeysWith: { first, _ in first })
                )
            })
        else { return [] }
        struct Key: Hashable {
            let employee: Int64
            let instant: Int64
            let kind: PunchKind
        }
        var there = Set<Key>()
        if let fresh = try? Self.openForReading(at: path, connections: .single, requiringCurrentSchema: false) {
            let punches =
                (try? fresh.read { db in try PunchRowDecoder.fetchAll(in: db, clause, arguments: [since]) }) ?? []
            there = Set(punches.map { Key(employee: $0.employeeID, instant: $0.instant.milliseconds, kind: $0.kind) })
            try? fresh.close()
        }
        return here.0.compactMap { punch in
            let key = Key(employee: punch.employeeID, instant: punch.instant.milliseconds, kind: punch.kind)
            guard !there.contains(key), let code = here.1[punch.employeeID] else { return nil }
            return (code, punch)
        }
    }

    /// Keeps an OUT refused because the clock is behind its mark-in in the audit log, so the
    /// manager sees why the date stayed open (docs/rules.md "Punches" 7). Nothing else is stored.
    private func logClockRefusal(_ attempt: PunchAttempt, _ refusal: PunchRefusal, in db: Database) throws {
        let attempted = try auditJSON([
            "kind": attempt.kind.rawValue, "instant_ms": attempt.instant.milliseconds,
            "source": attempt.source.rawValue,
        ])
        try audit(
            db, actor: attempt.enteredBy ?? "kiosk", action: "refuse", entity: "punch", key: attempt.kind.rawValue,
            employeeID: attempt.employeeID, new: attempted, reason: String(describing: refusal))
    }

    func insert(_ attempt: PunchAttempt, on date: AttendanceDate, clockWentBack: Bool, in db: Database) throws -> Punch
    {
        let created = clock()
        // A punch taken at the kiosk while its last sync round found its clock off carries by how much.
        let clockOff = attempt.source.isTakenAtKiosk ? try Self.clockOffMinutes(in: db) : 0
        // Cached: the statement carries the compiled history-chain trigger, which a resident
        // kiosk then compiles once, not at every punch.
        try db.cachedStatement(
            sql: """
                INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location,
                    note, entered_by, clock_went_back, created_at_ms, clock_off_minutes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                attempt.employeeID, attempt.instant.milliseconds, attempt.zone, date.description, attempt.kind.rawValue,
                attempt.source.rawValue, attempt.ssid.map { Data($0.bytes) }, attempt.bssid?.description,
                attempt.location, attempt.note, attempt.enteredBy, clockWentBack, created.milliseconds, clockOff,
            ])
        return Punch(
            id: db.lastInsertedRowID, employeeID: attempt.employeeID,
            instant: Date(milliseconds: attempt.instant.milliseconds), zone: attempt.zone, attendanceDate: date,
            kind: attempt.kind, source: attempt.source, ssid: attempt.ssid, bssid: attempt.bssid,
            location: attempt.location, note: attempt.note, createdAt: Date(milliseconds: created.milliseconds),
            clockWentBack: clockWentBack, clockOffMinutes: clockOff)
    }

    // MARK: - Reading

    /// Whether a read of punches brings the details a person reads (SSID, BSSID, location, note)
    /// or only what the status rules read (which includes the kiosk a punch came from).
    public enum PunchDetails: Sendable {
        case included
        /// The details are nil: for statuses and hours, which never read them.
        case omitted
    }

    /// One employee's effective punches with attendance dates from `from` through `through` (nil:
    /// no end), in time order: voided punches left out, re-timed ones at their new time and date,
    /// corrected ones marked ``Punch/isCorrected``.
    public func punches(
        employeeID: Int64, from: AttendanceDate, through: AttendanceDate?
    ) throws(StoreError)
        -> [Punch]
    {
        try perform {
            try pool.read { db in try Self.punches(in: db, employeeID: employeeID, from: from, through: through) }
        }
    }

    /// The kiosk each punch of `date` came from, by punch id: only punches another store made
    /// and the centre brought here (a desk's copy), not this store's own.
    public func punchOrigins(on date: AttendanceDate) throws(StoreError) -> [Int64: String] {
        try perform {
            try pool.read { db in
                var origins: [Int64: String] = [:]
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT id, origin_node FROM punch WHERE attendance_date = ? AND origin_node IS NOT NULL",
                    arguments: [date.description])
                while let row = try rows.next() { origins[row[0]] = row[1] }
                return origins
            }
        }
    }

    /// Everyone's effective punches from `from` through `through`, by employee id, each in time
    /// order: what a register needs, in one query (two more when punches of the range were corrected).
    ///
    /// With `employeeIDs`, only those employees': a register reads a large office a group at a
    /// time, so that it never holds every punch of the month at once. The query then seeks each
    /// date's slice of the covering index, from the group's first id to its last.
    ///
    /// With `details: .omitted`, the punches come without their SSID, BSSID, location and note
    /// (all nil), which the status rules never read: for statuses and hours only.
    public func punchesByEmployee(
        from: AttendanceDate, through: AttendanceDate, employeeIDs: ClosedRange<Int64>? = nil,
        details: PunchDetails = .included
    ) throws(StoreError)
        -> [Int64: [Punch]]
    {
        try perform {
            try pool.read { db in
                // The covering index hands over the range's rows by date, then employee, then
                // instant, without a sort: SQLite sorting every row with all its columns in a
                // temporary B-tree cost more than the rest of a register together. Each row goes
                // straight to its employee's list, made big enough for an IN and an OUT a date
                // (and a lunch break on some) so that the lists seldom grow: growing 2,000 lists a
                // punch at a time cost as much as reading the rows.
                let expected = min(256, 2 * (from.distance(to: through) + 1) + 8)
                var lists: [[Punch]] = []
                var slots: [Int64: Int] = [:]
                var last: (employeeID: Int64, slot: Int)?
                let clause: String
                let arguments: StatementArguments
                if let employeeIDs {
                    let dates = from.dates(through: through).map(\.description)
                    clause =
                        "FROM punch WHERE attendance_date IN "
                        + "(\(dates.map { _ in "?" }.joined(separator: ", "))) AND employee_id BETWEEN ? AND ?"
                    arguments = StatementArguments(dates) + [employeeIDs.lowerBound, employeeIDs.upperBound]
                } else {
                    clause = "FROM punch WHERE attendance_date BETWEEN ? AND ?"
                    arguments = [from.description, through.description]
                }
                try PunchRowDecoder.forEach(in: db, clause, arguments: arguments, details: details) { punch in
                    // An employee's punches of a date come one after another: look the list up once.
                    let slot: Int
                    if let last, last.employeeID == punch.employeeID {
                        slot = last.slot
                    } else if let known = slots[punch.employeeID] {
                        slot = known
                    } else {
                        slot = lists.count
                        slots[punch.employeeID] = slot
                        var list: [Punch] = []
                        list.reserveCapacity(expected)
                        lists.append(list)
                    }
                    last = (punch.employeeID, slot)
                    lists[slot].append(punch)
                }
                var result: [Int64: [Punch]] = Dictionary(minimumCapacity: slots.count)
                for (employeeID, slot) in slots {
                    // In date order, and nearly always in time order already.
                    if !lists[slot].isSorted(by: Self.recordedOrder) { lists[slot].sort(by: Self.recordedOrder) }
                    result[employeeID] = lists[slot]
                }
                let corrections = try Self.corrections(
                    in: db, employeeID: nil, from: from, through: through, employeeIDs: employeeIDs)
                guard !corrections.isEmpty else { return result }
                // Only the employees with corrections need their punches worked out again.
                let byEmployee = Dictionary(grouping: corrections, by: \.employeeID)
                let moved = try Self.punchesMovedIn(in: db, by: corrections, besides: result, details: details)
                let isInRange = { (punch: Punch) in punch.attendanceDate >= from && punch.attendanceDate <= through }
                for (employeeID, own) in byEmployee {
                    var recorded = result.removeValue(forKey: employeeID) ?? []
                    if let extra = moved[employeeID] { recorded += extra }
                    var effective = PunchHistory.effectivePunches(recorded, corrections: own)
                    // A re-time may have moved a punch out of the range; most corrections do not.
                    if !effective.allSatisfy(isInRange) { effective.removeAll { !isInRange($0) } }
                    if !effective.isEmpty { result[employeeID] = effective }
                }
                return result
            }
        }
    }

    /// The dates a manager changed, by employee id: those carry the "corrected" flag.
    ///
    /// Every date a correction touched: the date of a punch added, voided or restored, and both
    /// the old and the new date of a re-time.
    public func correctedDates(
        from: AttendanceDate, through: AttendanceDate
    ) throws(StoreError)
        -> [Int64: Set<AttendanceDate>]
    {
        try perform {
            try pool.read { db in try Self.correctedDates(in: db, employeeID: nil, from: from, through: through) }
        }
    }

    /// Every date touched by a correction (the old and the new date of a re-timed punch), by
    /// employee: the one definition of "corrected" that calendars and registers share.
    static func correctedDates(
        in db: Database, employeeID: Int64?, from: AttendanceDate, through: AttendanceDate
    )
        throws -> [Int64: Set<AttendanceDate>]
    {
        let onlyOne = employeeID == nil ? "" : " AND employee_id = ?3"
        var result: [Int64: Set<AttendanceDate>] = [:]
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT employee_id, from_date AS date FROM punch_correction WHERE from_date BETWEEN ?1 AND ?2\(onlyOne)
                UNION
                SELECT employee_id, to_date FROM punch_correction WHERE to_date BETWEEN ?1 AND ?2\(onlyOne)
                """,
            arguments: employeeID.map { [from.description, through.description, $0] }
                ?? [from.description, through.description])
        for row in rows {
            if let date = try row.date("date", of: "punch_correction") {
                result[row["employee_id"], default: []].insert(date)
            }
        }
        return result
    }

    /// The number of punch records stored (voided ones included).
    public func punchCount() throws(StoreError) -> Int {
        try perform { try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM punch") ?? 0 } }
    }

    static func punches(
        in db: Database, employeeID: Int64, from: AttendanceDate, through: AttendanceDate?
    ) throws
        -> [Punch]
    {
        try histories(in: db, employeeID: employeeID, from: from, through: through).filter { !$0.isVoided }
            .map(\.effective)
    }

    /// One employee's punches whose effective attendance date is in the range, voided ones too,
    /// each with its corrections, in effective time order.
    static func histories(
        in db: Database, employeeID: Int64, from: AttendanceDate, through: AttendanceDate?
    ) throws
        -> [PunchHistory]
    {
        var clause = "FROM punch WHERE employee_id = ? AND attendance_date >= ?"
        var arguments: StatementArguments = [employeeID, from.description]
        if let through {
            clause += " AND attendance_date <= ?"
            arguments += [through.description]
        }
        clause += " ORDER BY instant_ms, id"
        let recorded = try PunchRowDecoder.fetchAll(in: db, clause, arguments: arguments)
        let corrections = try Self.corrections(in: db, employeeID: employeeID, from: from, through: through)
        guard !corrections.isEmpty else { return recorded.map { PunchHistory(original: $0, corrections: []) } }
        let moved = try punchesMovedIn(in: db, by: corrections, besides: [employeeID: recorded])
        return PunchHistory.histories(recorded + (moved[employeeID] ?? []), corrections: corrections).filter {
            let date = $0.effective.attendanceDate
            return date >= from && (through.map { date <= $0 } ?? true)
        }
    }

    /// Every correction of every punch that was recorded on a date of the range or was re-timed
    /// onto one, oldest first: only those of `employeeID`, or of the employees whose ids are in
    /// `employeeIDs`, when given.
    static func corrections(
        in db: Database, employeeID: Int64?, from: AttendanceDate, through: AttendanceDate?,
        employeeIDs: ClosedRange<Int64>? = nil
    )
        throws -> [PunchCorrection]
    {
        var inRange = "(punch_date >= :from AND punch_date <= :through) OR (to_date >= :from AND to_date <= :through)"
        var arguments: [String: (any DatabaseValueConvertible)?] = [
            "from": from.description, "through": through?.description ?? "9999-12-31",
        ]
        if let employeeID {
            inRange = "employee_id = :employee AND (\(inRange))"
            arguments["employee"] = employeeID
        }
        // A register reads a chunk of employees at a time: only theirs (a punch's corrections
        // all carry its employee).
        if let employeeIDs {
            inRange = "employee_id BETWEEN :lowest AND :highest AND (\(inRange))"
            arguments["lowest"] = employeeIDs.lowerBound
            arguments["highest"] = employeeIDs.upperBound
        }
        // The punches first, then their corrections, if any: most reads find none, and the query
        // that names four columns costs a one-shot mark less than half of what the one naming all
        // eleven did (GRDB's authorizer is called for each column): 316,000 instructions, not 700,000.
        let punchIDs = try Int64.fetchAll(
            db, sql: "SELECT DISTINCT punch_id FROM punch_correction WHERE \(inRange) ORDER BY punch_id",
            arguments: StatementArguments(arguments))
        guard !punchIDs.isEmpty else { return [] }
        let ids = punchIDs.map(String.init).joined(separator: ",")
        return try Row.fetchAll(
            db, sql: "SELECT \(correctionColumns) FROM punch_correction WHERE punch_id IN (\(ids)) ORDER BY at_ms, id"
        ).map(correction(from:))
    }

    /// The recorded punches that `corrections` name and `recorded` lacks: those re-timed into the
    /// range from a date outside it, by employee id.
    static func punchesMovedIn(
        in db: Database, by corrections: [PunchCorrection], besides recorded: [Int64: [Punch]],
        details: PunchDetails = .included
    )
        throws -> [Int64: [Punch]]
    {
        // Only the punches of employees with corrections can be the ones named: a register's
        // month holds 100,000+ others, too many to put in a set for nothing.
        var missing = Set(corrections.map(\.punchID))
        for employeeID in Set(corrections.map(\.employeeID)) {
            for punch in recorded[employeeID] ?? [] { missing.remove(punch.id) }
        }
        guard !missing.isEmpty else { return [:] }
        let ids = missing.sorted().map(String.init).joined(separator: ",")
        let punches = try PunchRowDecoder.fetchAll(in: db, "FROM punch WHERE id IN (\(ids))", details: details)
        return Dictionary(grouping: punches, by: \.employeeID)
    }

    /// The order of recorded punches in every list the store returns: by instant, then by id,
    /// as the queries used to ask SQLite for (`ORDER BY instant_ms, id`).
    static func recordedOrder(_ a: Punch, _ b: Punch) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.id < b.id
    }
}

extension Array {
    /// Whether every element is in order after the one before it.
    fileprivate func isSorted(by inOrder: (Element, Element) -> Bool) -> Bool {
        indices.dropFirst().allSatisfy { !inOrder(self[$0], self[$0 - 1]) }
    }
}
