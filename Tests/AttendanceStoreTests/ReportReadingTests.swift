import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// Reading everyone's punches at once (the register's read) must give what reading each
/// employee's own punches gives: the same punches, evidence, corrections and order.
@Suite("Reading everyone's punches for reports")
struct ReportReadingTests {
    /// Records a punch as it is given, without the rules, so that rows can go in out of order.
    @discardableResult
    func record(
        _ o: Office, _ employee: Employee, _ kind: PunchKind, _ text: String, ssid: SSID? = nil, bssid: BSSID? = nil,
        clockWentBack: Bool = false
    ) throws -> Punch {
        let instant = try o.at(text)
        let attempt = PunchAttempt(
            employeeID: employee.id, kind: kind, instant: instant, zone: o.zone.identifier, source: .simulated,
            ssid: ssid, bssid: bssid, location: "HQ lobby", note: kind == .out ? "left by the back door" : nil)
        let date = o.policy.attendanceDate(of: instant)
        guard
            case .recorded(let punch, _) = try o.store.recordPunch(
                attempt, recentSince: date,
                decide: { _ in
                    .accept(date, clockWentBack: clockWentBack)
                })
        else { throw StoreError.ioError("not recorded") }
        return punch
    }

    @Test("everyone's punches of a range are each employee's own, with evidence, corrections and time order")
    func everyoneMatchesEachOne() throws {
        let o = try Office()
        let bo = try o.store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E002"), name: try PersonName(parsing: "Bo Chen")), actor: "hr")
        let office = try SSID(parsing: "OfficeNet")
        let hidden = try SSID(bytes: [])
        let lobby = try BSSID(parsing: "aa:bb:cc:dd:ee:01")
        // Later dates first and the two employees interleaved: rows in no useful order.
        try record(o, bo, .out, "2026-11-19 18:00", ssid: hidden, bssid: lobby)
        try record(o, o.asha, .in, "2026-11-19 09:00", ssid: office, bssid: lobby)
        try record(o, bo, .in, "2026-11-19 09:30", ssid: office, bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:02"))
        let misplaced = try record(o, o.asha, .out, "2026-11-17 17:00")
        let voided = try record(o, o.asha, .in, "2026-11-18 09:00", ssid: office, bssid: lobby)
        try record(o, o.asha, .in, "2026-11-18 08:55", ssid: office, bssid: lobby)
        let leaving = try record(o, bo, .in, "2026-11-18 10:00")
        try o.correct(.void(punchID: voided.id))
        // Into the range from before it, and out of the range to after it.
        try o.correct(.retime(punchID: misplaced.id, to: try o.at("2026-11-18 17:00")))
        try o.correct(.retime(punchID: leaving.id, to: try o.at("2026-11-20 10:00")))

        let (first, last) = (try o.date("2026-11-18"), try o.date("2026-11-19"))
        let everyone = try o.store.punchesByEmployee(from: first, through: last)
        for employee in [o.asha, bo] {
            let own = try o.store.punches(employeeID: employee.id, from: first, through: last)
            #expect(everyone[employee.id] == own, "\(employee.code)")
        }
        let asha = everyone[o.asha.id] ?? []
        #expect(asha.map { o.zone.localDateTime(of: $0.instant).time.description } == ["08:55", "17:00", "09:00"])
        #expect(asha.map(\.attendanceDate) == [first, first, last])
        #expect(asha.map(\.isCorrected) == [false, true, false])
        #expect(!asha.contains { $0.id == voided.id })
        #expect(everyone[bo.id]?.map(\.kind) == [.in, .out])
        // Evidence survives the read, an empty (hidden) SSID included.
        #expect(everyone[bo.id]?.last?.ssid == hidden)
        #expect(everyone[bo.id]?.first?.bssid == (try BSSID(parsing: "aa:bb:cc:dd:ee:02")))
        #expect(asha.last?.ssid == office && asha.last?.bssid == lobby && asha.last?.location == "HQ lobby")
        #expect(asha[1].note == "left by the back door" && asha[1].ssid == nil && asha[1].bssid == nil)

        // Without details: the same punches, the re-timed one moved in included, with only the
        // details a person reads left out.
        let forStatuses = try o.store.punchesByEmployee(from: first, through: last, details: .omitted)
        #expect(forStatuses.keys.sorted() == everyone.keys.sorted())
        for (employeeID, punches) in everyone {
            let stripped = punches.map { punch in
                var punch = punch
                (punch.ssid, punch.bssid, punch.location, punch.note, punch.origin) = (nil, nil, nil, nil, nil)
                return punch
            }
            #expect(forStatuses[employeeID] == stripped)
        }
        #expect(forStatuses.values.joined().allSatisfy { $0.location == nil && $0.note == nil && $0.ssid == nil })
        // Read a group at a time, as a large register does, too.
        let group = try o.store.punchesByEmployee(
            from: first, through: last, employeeIDs: o.asha.id...bo.id, details: .omitted)
        #expect(group == forStatuses)
    }

    @Test("a punch stored with the clock gone back carries the flag in every read, the reduced one included")
    func clockWentBackIsRead() throws {
        let o = try Office()
        let (first, last) = (try o.date("2026-11-18"), try o.date("2026-11-19"))
        try record(o, o.asha, .in, "2026-11-19 09:00")
        // Before any punch has the flag, the reduced read does not ask for it, and every punch reads false.
        #expect(
            try o.store.punchesByEmployee(from: first, through: last, details: .omitted)[o.asha.id]?.map(
                \.clockWentBack) == [false])
        let back = try record(o, o.asha, .in, "2026-11-18 09:00", clockWentBack: true)
        #expect(back.clockWentBack)
        let own = try o.store.punches(employeeID: o.asha.id, from: first, through: last)
        #expect(own.map(\.clockWentBack) == [true, false])
        #expect(try o.store.punchesByEmployee(from: first, through: last)[o.asha.id] == own)
        let reduced = try o.store.punchesByEmployee(from: first, through: last, details: .omitted)[o.asha.id]
        #expect(reduced?.map(\.clockWentBack) == [true, false])
    }

    @Test(
        "after a sync round found the clock 31 min ahead, kiosk punches carry it in every read; back within two minutes, none"
    )
    func clockOffIsRead() throws {
        let o = try Office()
        let (first, last) = (try o.date("2026-11-19"), try o.date("2026-11-19"))
        try record(o, o.asha, .in, "2026-11-19 09:00")
        try o.store.noteSyncRound(at: try o.at("2026-11-19 09:30"), error: nil, clockOffset: 31 * 60 + 5)
        #expect(try o.store.syncStatus().clockOffset == 31 * 60 + 5)
        let off = try record(o, o.asha, .out, "2026-11-19 12:00")
        #expect(off.clockOffMinutes == 31)
        try o.store.noteSyncRound(at: try o.at("2026-11-19 12:30"), error: nil, clockOffset: -90)
        try record(o, o.asha, .in, "2026-11-19 13:00")
        let expected: [Int16] = [0, 31, 0]
        #expect(
            try o.store.punches(employeeID: o.asha.id, from: first, through: last).map(\.clockOffMinutes) == expected)
        let reduced = try o.store.punchesByEmployee(from: first, through: last, details: .omitted)[o.asha.id]
        #expect(reduced?.map(\.clockOffMinutes) == expected)
        // The flag is evidence: fixed like the punch's other fields.
        let edit = try run("/usr/bin/sqlite3", [o.path, "UPDATE punch SET clock_off_minutes = 0 WHERE id = \(off.id)"])
        #expect(edit.output.contains("a punch is never edited"), "\(edit.output)")
    }

    @Test("a date range is read through the covering index alone; punch_by_date is gone")
    func coveringIndex() throws {
        let o = try Office()
        let plan = try run(
            "/usr/bin/sqlite3",
            [
                o.path,
                """
                EXPLAIN QUERY PLAN SELECT id, employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid,
                    location, note, created_at_ms FROM punch WHERE attendance_date BETWEEN '2026-11-01' AND '2026-11-30'
                """,
            ])
        #expect(plan.output.contains("COVERING INDEX punch_by_date_covering"), "\(plan.output)")
        #expect(
            try run("/usr/bin/sqlite3", [o.path, "SELECT count(*) FROM sqlite_master WHERE name = 'punch_by_date'"])
                .output == "0\n")
    }
}
