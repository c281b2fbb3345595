import AttendanceCommands
import AttendanceCore
import AttendanceStore
import Foundation

/// A store seeded with a month of attendance for the report tests (November 2026, Asia/Kolkata,
/// the harness's clock at Saturday 2026-11-21 11:23, so today is the 21st).
///
/// E001 Asha Rao, employed all month:
/// - 2 P; 3 L (09:52); 4 A (no punches); 5 HD (09:30–12:00, early exit); 6 P with a lunch gap;
/// - 9 Diwali, worked 10:00–14:00: P, worked on holiday (nobody was expected: not late, not early);
/// - 10 M (IN 09:00, never out); 11 A (30 minutes); 12, 13 P; 16–17 leave; 18 P entered by a
///   manager (corrected); 19, 20 P; 21 (Saturday, today) IN since 09:00, worked on holiday (weekly off).
/// E002 Bilal Chaudhry-Fernandes, from the 10th: P on 10–13 and 16–17, half-day leave on the 18th
/// (worked 09:30–13:30), P on 19–20.
final class ReportFixture {
    let harness: CommandHarness
    let store: AttendanceStore
    let zone = LocalZone(identifier: "Asia/Kolkata")!
    private(set) var employees: [String: Employee] = [:]

    init(harness: CommandHarness = CommandHarness()) throws {
        self.harness = harness
        let now = harness.now
        store = try AttendanceStore(path: harness.storePath, clock: { now })
    }

    /// The month described above.
    static func seeded() throws -> ReportFixture {
        let fixture = try ReportFixture()
        try fixture.seed()
        return fixture
    }

    func seed() throws {
        let asha = try addEmployee("E001", "Asha Rao")
        let bilal = try addEmployee("E002", "Bilal Chaudhry-Fernandes", start: "2026-11-10")
        harness.run("holiday", "add", "2026-11-09", "--name", "Diwali")
        harness.run("leave", "add", "E001", "2026-11-16", "--to", "2026-11-17", "--reason", "Family")
        harness.run("leave", "add", "E002", "2026-11-18", "--half", "--reason", "Doctor")
        let day = { (d: Int) in "2026-11-" + (d < 10 ? "0" : "") + String(d) }
        for d in [2, 12, 13, 19, 20] { try work(asha, day(d), "09:20", "18:05") }
        try work(asha, day(3), "09:52", "18:05")
        try work(asha, day(5), "09:30", "12:00")
        try work(asha, day(6), "09:25", "13:00")
        try work(asha, day(6), "13:40", "18:30")
        try work(asha, day(9), "10:00", "14:00")
        try punch(asha, .in, "\(day(10)) 09:00")
        try work(asha, day(11), "09:00", "09:30")
        try correctionAdds(asha, .in, "\(day(18)) 09:00")
        try correctionAdds(asha, .out, "\(day(18)) 18:00")
        try punch(asha, .in, "\(day(21)) 09:00")
        for d in [10, 11, 12, 13, 16, 17, 19, 20] { try work(bilal, day(d), "09:28", "18:02") }
        try work(bilal, day(18), "09:30", "13:30")
    }

    @discardableResult
    func addEmployee(_ code: String, _ name: String, start: String? = nil) throws -> Employee {
        let employee = try store.addEmployee(
            NewEmployee(
                code: try EmployeeCode(parsing: code), name: PersonName(stored: name),
                startDate: try start.map { try AttendanceDate(parsing: $0) }),
            actor: "tester")
        employees[code] = employee
        return employee
    }

    /// An IN and an OUT on `day` at the local times given.
    func work(
        _ employee: Employee, _ day: String, _ start: String, _ end: String, source: PunchSource = .simulated
    ) throws {
        try punch(employee, .in, "\(day) \(start)", source: source)
        try punch(employee, .out, "\(day) \(end)", source: source)
    }

    /// A punch a manager adds with `attendance punch add`: a correction, on record with its reason.
    func correctionAdds(_ employee: Employee, _ kind: PunchKind, _ text: String) throws {
        let parts = text.split(separator: " ").map(String.init)
        let instant = zone.instant(on: try AttendanceDate(parsing: parts[0]), at: try WallClockTime(parsing: parts[1]))
        _ = try store.correct(
            .add(employee: employee.code, kind: kind, at: instant, note: "forgot to punch; seen at desk"),
            reason: "forgot to punch", actor: "manager", policy: Policy(zone: zone), now: harness.now)
    }

    /// One punch at local time `text` ("2026-11-02 09:20"), recorded as the kiosk records it.
    func punch(_ employee: Employee, _ kind: PunchKind, _ text: String, source: PunchSource = .simulated) throws {
        let parts = text.split(separator: " ").map(String.init)
        let instant = zone.instant(on: try AttendanceDate(parsing: parts[0]), at: try WallClockTime(parsing: parts[1]))
        let date = zone.attendanceDate(of: instant, dayChange: try WallClockTime(parsing: "04:00"))
        let kiosk = source == .simulated
        let attempt = PunchAttempt(
            employeeID: employee.id, kind: kind, instant: instant, zone: zone.identifier, source: source,
            ssid: kiosk ? try SSID(parsing: "OfficeNet") : nil,
            bssid: kiosk ? try BSSID(parsing: "aa:bb:cc:dd:ee:01") : nil,
            location: kiosk ? "HQ ground floor" : nil, note: kiosk ? nil : "forgot to punch; seen at desk",
            enteredBy: kiosk ? nil : "manager")
        _ = try store.recordPunch(attempt, recentSince: date) { _ in .accept(date, clockWentBack: false) }
    }
}
