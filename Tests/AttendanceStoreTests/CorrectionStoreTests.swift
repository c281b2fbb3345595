import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// An office in Asia/Kolkata on Saturday 2026-11-21 at 12:00, with a store and one employee.
final class Office {
    let folder = TemporaryFolder()
    let zone = LocalZone(identifier: "Asia/Kolkata")!
    let policy: Policy
    let now: Date
    let store: AttendanceStore
    let asha: Employee

    init() throws {
        policy = Policy(zone: zone)
        now = zone.instant(on: try AttendanceDate(parsing: "2026-11-21"), at: try WallClockTime(parsing: "12:00"))
        let now = now
        store = try AttendanceStore(path: folder.file("office.sqlite"), clock: { now })
        asha = try store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E001"), name: try PersonName(parsing: "Asha Rao")), actor: "hr"
        )
    }

    var path: String { store.path }

    /// "2026-11-18 09:02", local.
    func at(_ text: String) throws -> Date { try zone.instant(parsingLocal: text) }

    func date(_ text: String) throws -> AttendanceDate { try AttendanceDate(parsing: text) }

    /// A punch taken at the kiosk at local `text`, by the kiosk's rules.
    @discardableResult
    func kiosk(_ kind: PunchKind, _ text: String) throws -> Punch {
        let instant = try at(text)
        let attempt = PunchAttempt(
            employeeID: asha.id, kind: kind, instant: instant, zone: zone.identifier, source: .simulated,
            location: "HQ")
        let outcome = try store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
            policy.decide(kind, at: instant, recent: $0)
        }
        guard case .recorded(let punch, _) = outcome else { throw StoreError.ioError("not recorded: \(outcome)") }
        return punch
    }

    @discardableResult
    func correct(_ request: CorrectionRequest, reason: String = "fix", force: Bool = false) throws -> CorrectionOutcome
    {
        try store.correct(request, reason: reason, actor: "manager", force: force, policy: policy, now: now)
    }

    /// The day's status as the calendars see it: the store's punches and corrected dates, the engine.
    func status(_ text: String) throws -> (code: String, flags: DayFlags) {
        let day = try date(text)
        let month = day.yearMonth
        let punches = try store.punchesByEmployee(from: month.firstDay, through: month.lastDay)[asha.id] ?? []
        let corrected = try store.correctedDates(from: month.firstDay, through: month.lastDay)[asha.id] ?? []
        let evaluation = StatusEngine(employee: asha, policy: policy, now: now).evaluate(
            month: month, punches: punches, correctedDates: corrected)
        guard let result = evaluation[day] else { throw StoreError.ioError("no such date") }
        return (result.code, result.flags)
    }

    func times(_ text: String) throws -> [String] {
        let day = try date(text)
        return try store.punches(employeeID: asha.id, from: day, through: day).map {
            "\($0.kind.label) \(zone.localDateTime(of: $0.instant).time)"
        }
    }
}

@Suite("Corrections in the store")
struct CorrectionStoreTests {
    @Test("void then restore: the punch stops counting, comes back, and both steps are on record")
    func voidThenRestore() throws {
        let o = try Office()
        try o.kiosk(.in, "2026-11-18 09:02")
        let out = try o.kiosk(.out, "2026-11-18 18:00")
        try o.correct(.void(punchID: out.id), reason: "pressed by a visitor")
        #expect(try o.times("2026-11-18") == ["IN 09:02"])
        #expect(try o.status("2026-11-18").code == "M")
        let restored = try o.correct(.restore(punchID: out.id), reason: "it was her after all")
        #expect(try o.times("2026-11-18") == ["IN 09:02", "OUT 18:00"])
        #expect(try o.status("2026-11-18").code == "P")
        #expect(restored.after.corrections.map(\.action) == [.void, .restore])
        #expect(restored.after.effective.isCorrected && !restored.after.isVoided)
        #expect(try o.store.punchCount() == 2)
        let log = try o.store.auditLog(employee: o.asha.code).filter { $0.entity == "punch" }
        #expect(log.map(\.action) == ["void", "restore"])
        #expect(log.map(\.reason) == ["pressed by a visitor", "it was her after all"])
        #expect(log.map(\.actor) == ["manager", "manager"])
        #expect(
            log[0].oldValue?.contains("\"voided\":false") == true
                && log[0].newValue?.contains("\"voided\":true") == true)
        #expect(log[0].at == o.now)
    }

    @Test("voiding twice, restoring what is not void and re-timing a void punch are refused")
    func voidStateRefusals() throws {
        let o = try Office()
        let punch = try o.kiosk(.in, "2026-11-18 09:02")
        #expect(throws: CorrectionError.notVoid(punch.id)) { try o.correct(.restore(punchID: punch.id)) }
        try o.correct(.void(punchID: punch.id))
        #expect(throws: CorrectionError.alreadyVoid(punch.id)) { try o.correct(.void(punchID: punch.id)) }
        #expect(throws: CorrectionError.retimeOfVoid(punch.id)) {
            try o.correct(.retime(punchID: punch.id, to: try o.at("2026-11-18 09:00")))
        }
        #expect(throws: CorrectionError.unknownPunch(99)) { try o.correct(.void(punchID: 99)) }
    }

    @Test("statuses before and after: a missing mark-out closed by an added OUT becomes P, flagged corrected")
    func missingClosed() throws {
        let o = try Office()
        try o.kiosk(.in, "2026-11-18 09:02")
        let before = try o.status("2026-11-18")
        #expect(before.code == "M" && !before.flags.contains(.corrected))
        let added = try o.correct(
            .add(employee: o.asha.code, kind: .out, at: try o.at("2026-11-18 18:00"), note: "left by the back door"),
            reason: "forgot to mark out")
        #expect(added.after.effective.source == .manual && added.after.effective.note == "left by the back door")
        #expect(added.after.addedBy == "manager")
        let after = try o.status("2026-11-18")
        #expect(after.code == "P" && after.flags == .corrected)
        #expect(
            try o.store.correctedDates(from: o.date("2026-11-01"), through: o.date("2026-11-30")) == [
                o.asha.id: [try o.date("2026-11-18")]
            ])
    }

    @Test("statuses before and after: re-timing a late IN to the shift's start turns L into P")
    func lateRetimed() throws {
        let o = try Office()
        let punch = try o.kiosk(.in, "2026-11-19 10:05")
        try o.kiosk(.out, "2026-11-19 18:30")
        #expect(try o.status("2026-11-19").code == "L")
        try o.correct(.retime(punchID: punch.id, to: try o.at("2026-11-19 09:30")), reason: "kiosk queue")
        #expect(try o.status("2026-11-19").code == "P")
        #expect(try o.times("2026-11-19") == ["IN 09:30", "OUT 18:30"])
        let day = try o.date("2026-11-19")
        let history = try #require(
            try o.store.punchHistories(employeeID: o.asha.id, from: day, through: day).first {
                $0.original.id == punch.id
            })
        #expect(history.original.instant == (try o.at("2026-11-19 10:05")) && history.isRetimed)
    }

    @Test("a re-time across dates moves the punch and marks the old and the new date corrected")
    func retimeAcrossDates() throws {
        let o = try Office()
        try o.kiosk(.in, "2026-11-18 09:00")
        try o.kiosk(.out, "2026-11-18 17:00")
        let wrong = try o.kiosk(.in, "2026-11-19 09:00")  // meant for the 20th
        let moved = try o.correct(.retime(punchID: wrong.id, to: try o.at("2026-11-20 09:00")))
        #expect(moved.dates == [try o.date("2026-11-19"), try o.date("2026-11-20")])
        #expect(try o.times("2026-11-19").isEmpty)
        #expect(try o.times("2026-11-20") == ["IN 09:00"])
        // Read by a range that holds only the new date, the moved punch is found there.
        #expect(
            try o.store.punchesByEmployee(from: o.date("2026-11-20"), through: o.date("2026-11-20"))[o.asha.id]?
                .map(\.id) == [wrong.id])
        #expect(
            try o.store.punchesByEmployee(from: o.date("2026-11-19"), through: o.date("2026-11-19"))[o.asha.id] == nil)
        #expect(
            try o.store.correctedDates(from: o.date("2026-11-19"), through: o.date("2026-11-20"))[o.asha.id] == [
                try o.date("2026-11-19"), try o.date("2026-11-20"),
            ])
        #expect(try o.status("2026-11-19").code == "A")
        #expect(try o.status("2026-11-19").flags.contains(.corrected))
    }

    @Test("the kiosk's rules see the effective punches: after the IN is voided, OUT is 'not marked in today'")
    func kioskSeesCorrections() throws {
        let o = try Office()
        let punch = try o.kiosk(.in, "2026-11-21 09:00")
        try o.correct(.void(punchID: punch.id))
        #expect(throws: StoreError.self) { try o.kiosk(.out, "2026-11-21 11:00") }
        let attempt = PunchAttempt(
            employeeID: o.asha.id, kind: .out, instant: try o.at("2026-11-21 11:00"), zone: o.zone.identifier,
            source: .simulated)
        let outcome = try o.store.recordPunch(attempt, recentSince: try o.date("2026-11-20")) {
            o.policy.decide(.out, at: attempt.instant, recent: $0)
        }
        #expect(outcome == .refused(.notIn))
    }

    @Test("a refused correction stores nothing: no punch, no correction, no audit row")
    func refusedStoresNothing() throws {
        let o = try Office()
        try o.kiosk(.in, "2026-11-18 09:02")
        try o.kiosk(.out, "2026-11-18 18:00")
        let auditRows = try o.store.auditLog().count
        #expect(throws: CorrectionError.self) {
            try o.correct(.add(employee: o.asha.code, kind: .out, at: try o.at("2026-11-18 17:00"), note: nil))
        }
        #expect(throws: CorrectionError.self) {
            try o.correct(.add(employee: o.asha.code, kind: .in, at: try o.at("2026-11-21 12:01"), note: nil))
        }
        #expect(throws: CorrectionError.reasonRequired) {
            try o.correct(
                .add(employee: o.asha.code, kind: .in, at: try o.at("2026-11-19 09:00"), note: nil), reason: " ")
        }
        #expect(try o.store.punchCount() == 2)
        #expect(try o.store.auditLog().count == auditRows)
        #expect(try run("/usr/bin/sqlite3", [o.path, "SELECT count(*) FROM punch_correction"]).output == "0\n")
    }

    @Test("a correction older than edit_window_days needs force and is flagged in the record and the audit log")
    func editWindow() throws {
        let o = try Office()
        let old = try o.kiosk(.in, "2026-10-20 09:00")
        #expect(throws: CorrectionError.outsideEditWindow(try o.date("2026-10-20"), days: 30)) {
            try o.correct(.void(punchID: old.id))
        }
        let forced = try o.correct(.void(punchID: old.id), force: true)
        #expect(forced.correction.isOutsideEditWindow)
        #expect(try o.store.auditLog().last?.newValue?.contains("\"outside_edit_window\":true") == true)
        // Within the window, --force changes nothing and flags nothing.
        let recent = try o.kiosk(.in, "2026-10-22 09:00")
        #expect(try o.correct(.void(punchID: recent.id), force: true).correction.isOutsideEditWindow == false)
    }

    @Test("direct SQL through sqlite3 cannot change or remove punches, corrections or the audit log")
    func triggersRefuseDirectSQL() throws {
        let o = try Office()
        let punch = try o.kiosk(.in, "2026-11-18 09:02")
        try o.correct(.void(punchID: punch.id), reason: "test")
        let refusals = [
            ("UPDATE punch SET instant_ms = instant_ms + 60000", "never change"),
            ("UPDATE punch SET kind = 'out'", "never change"),
            ("UPDATE punch SET attendance_date = '2026-11-17'", "never change"),
            ("UPDATE punch SET employee_id = 2", "never change"),
            ("UPDATE punch SET source = 'nl80211'", "a punch is never edited"),
            ("UPDATE punch SET note = 'rewritten', location = 'elsewhere'", "a punch is never edited"),
            ("UPDATE punch SET id = 100", "a punch is never edited"),
            ("DELETE FROM punch", "punches are never deleted"),
            ("UPDATE punch_correction SET action = 'restore'", "punch corrections are append-only"),
            ("UPDATE punch_correction SET reason = 'nothing to see'", "punch corrections are append-only"),
            ("DELETE FROM punch_correction", "punch corrections are append-only"),
            ("UPDATE audit_log SET actor = 'mallory'", "the audit log is append-only"),
            ("DELETE FROM audit_log WHERE action = 'void'", "the audit log is append-only"),
        ]
        for (sql, message) in refusals {
            let result = try run("/usr/bin/sqlite3", [o.path, sql])
            #expect(result.status != 0, "\(sql)")
            #expect(result.output.contains(message), "\(sql): \(result.output)")
        }
        #expect(
            try run(
                "/usr/bin/sqlite3",
                [o.path, "SELECT id, kind, note IS NULL FROM punch; SELECT action, reason FROM punch_correction"]
            )
            .output == "1|in|1\nvoid|test\n")
        #expect(try o.times("2026-11-18").isEmpty)
    }

    @Test("an old store is upgraded to v2 with its punches intact")
    func upgradesFromV1() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        // A v1 store as the first release left it.
        _ = try run(
            "/usr/bin/sqlite3",
            [
                path,
                """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: employees, allowed WiFi, punches, holidays, leave, audit');
                CREATE TABLE employee (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL UNIQUE COLLATE NOCASE,
                  name TEXT NOT NULL, start_date TEXT, end_date TEXT, shift_start TEXT, shift_end TEXT,
                  active INTEGER NOT NULL DEFAULT 1, pin_hash BLOB, pin_salt BLOB, pin_rounds INTEGER,
                  failed_pin_attempts INTEGER NOT NULL DEFAULT 0, last_failed_pin_ms INTEGER,
                  locked INTEGER NOT NULL DEFAULT 0, created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);
                CREATE TABLE punch (id INTEGER PRIMARY KEY AUTOINCREMENT, employee_id INTEGER NOT NULL, instant_ms INTEGER NOT NULL,
                  zone TEXT NOT NULL, attendance_date TEXT NOT NULL, kind TEXT NOT NULL, source TEXT NOT NULL, ssid BLOB,
                  bssid TEXT, location TEXT, note TEXT, entered_by TEXT, clock_went_back INTEGER NOT NULL DEFAULT 0,
                  created_at_ms INTEGER NOT NULL);
                CREATE TABLE audit_log (id INTEGER PRIMARY KEY AUTOINCREMENT, at_ms INTEGER NOT NULL, actor TEXT NOT NULL,
                  action TEXT NOT NULL, entity TEXT NOT NULL, entity_key TEXT NOT NULL, employee_id INTEGER, old_value TEXT,
                  new_value TEXT, reason TEXT);
                INSERT INTO employee (code, name, created_at_ms, updated_at_ms) VALUES ('E001', 'Asha', 0, 0);
                INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms)
                  VALUES (1, 1795250000000, 'Asia/Kolkata', '2026-11-21', 'in', 'simulated', 0);
                """,
            ])
        let store = try AttendanceStore(path: path)
        let day = try AttendanceDate(parsing: "2026-11-21")
        #expect(try store.punches(employeeID: 1, from: day, through: day).map(\.kind) == [.in])
        #expect(try run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM punch_correction"]).output == "0\n")
        // v5 chains the one punch it found, says so in the audit log (itself chained), once.
        let check = try store.verifyHistory()
        #expect(check.problem == nil && check.records == 2)
        #expect(check.builtOver?.contains("built over the 1 record made before it") == true)
        _ = try AttendanceStore(path: path)
        #expect(
            try run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM audit_log WHERE action = 'chain-history'"]).output
                == "1\n")
    }
}

@Suite("Corrected dates")
struct CorrectedDatesTests {
    @Test("one employee's calendar and the register agree on corrected dates: an added punch, a retime")
    func calendarAndRegisterAgree() throws {
        let office = try Office()
        try office.kiosk(.in, "2026-11-17 09:00")
        let other = try office.kiosk(.in, "2026-11-18 09:10")
        try office.kiosk(.out, "2026-11-18 17:00")
        try office.kiosk(.in, "2026-11-19 09:00")
        try office.kiosk(.out, "2026-11-19 17:00")
        try office.correct(
            .add(employee: office.asha.code, kind: .out, at: try office.at("2026-11-17 18:00"), note: nil))
        try office.correct(.retime(punchID: other.id, to: try office.at("2026-11-18 09:00")))
        let month = try office.date("2026-11-01").yearMonth
        let one = try office.store.correctedDates(
            employeeID: office.asha.id, from: month.firstDay, through: month.lastDay)
        let all = try office.store.correctedDates(from: month.firstDay, through: month.lastDay)[office.asha.id] ?? []
        #expect(one == [try office.date("2026-11-17"), try office.date("2026-11-18")])
        #expect(one == all)
    }
}
