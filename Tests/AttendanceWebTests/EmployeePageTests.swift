import AttendanceApp
import AttendanceCore
import AttendanceStore
import Foundation
import Testing

@testable import AttendanceWeb

/// The console's `/employees/CODE` page against a real SQLite store, on Wednesday 2026-11-25 at
/// 10:00 UTC.
@Suite("Console employee page")
struct EmployeePageTests {
    typealias Office = AdministrationPagesTests.Office

    /// Records `kind` for `employee` at `local` (UTC), as the kiosk would.
    static func punch(_ kind: PunchKind, _ local: String, employee: Employee, office: Office) throws {
        let zone = LocalZone(identifier: "UTC")!
        let instant = try zone.instant(parsingLocal: local)
        let policy = Policy(zone: zone)
        let attempt = PunchAttempt(
            employeeID: employee.id, kind: kind, instant: instant, zone: "UTC", source: .simulated,
            ssid: try SSID(parsing: "OfficeNet"), bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"), location: "HQ")
        _ = try office.store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
            policy.decide(kind, at: instant, recent: $0)
        }
    }

    @Test("a flagged day shows its code and its flags in words, the status never named twice")
    func flaggedDays() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(
            office.form(["code": "E001", "name": "Asha Rao", "start": "2026-11-02"]), office.manager)
        let employee = try #require(try office.employee("E001"))
        try Self.punch(.in, "2026-11-23 10:10", employee: employee, office: office)
        try Self.punch(.out, "2026-11-23 18:00", employee: employee, office: office)
        try Self.punch(.in, "2026-11-24 09:00", employee: employee, office: office)
        let page = try await office.console.employeePage(
            office.manager, code: employee.code, month: try YearMonth(parsing: "2026-11"))
        let list = try #require(page.body.firstRange(of: "<ul class=\"flagged\">").map { page.body[$0.lowerBound...] })
        let items = list.prefix { $0 != "\n" }.components(separatedBy: "</li>").dropLast()
        #expect(
            Array(items) == [
                "<ul class=\"flagged\"><li><a href=\"/employees/E001/days/2026-11-23\">2026-11-23</a> "
                    + "<span class=\"code st-l\">L</span> late by 40 min",
                "<li><a href=\"/employees/E001/days/2026-11-24\">2026-11-24</a> "
                    + "<span class=\"code st-m\">M</span> missing mark-out",
            ], "\(list)")
    }
}

extension EmployeePageTests {
    @Test("the employees list names each one's department, escaped")
    func departments() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(
            office.form(["code": "E001", "name": "Asha Rao", "department": "R&D <lab>"]), office.manager)
        _ = try await office.console.addEmployee(office.form(["code": "E002", "name": "Bo Chen"]), office.manager)
        let page = try await office.console.employeesPage(office.manager)
        #expect(page.body.contains("<th>Department</th>"))
        #expect(page.body.contains("Asha Rao</a></td><td>R&amp;D &lt;lab&gt;</td>"), "\(page.body)")
        #expect(page.body.contains("Bo Chen</a></td><td></td>"))
    }
}
