import Foundation
import Testing

@Suite("Departments and leave types through the central store (real PostgreSQL)", .serialized)
struct CentralDepartmentLeaveTypeTests {
    @Test("a department and a sick leave set at the desk reach the kiosks through the centre")
    func departmentAndLeaveTypeReachKiosks() throws {
        let org = try Organisation()
        try org.setUp(employees: 2)
        let edited = try org.desk("employee", "edit", "W001", "--department", "Sales")
        #expect(edited.status == 0, "\(edited.err)")
        // A week from tomorrow: whatever the day, it has working dates.
        let leave = try org.desk(
            "leave", "add", "W002", ScenarioClock.day(1), "--to", ScenarioClock.day(7), "--type", "sick", "--reason",
            "flu")
        #expect(leave.status == 0, "\(leave.err)")
        #expect(
            try org.server.psql("SELECT code || ':' || coalesce(department, '-') FROM employee ORDER BY code")
                == "W001:Sales\nW002:-")
        #expect(try org.server.psql("SELECT DISTINCT employee_code || ':' || type FROM leave") == "W002:sick")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(
            try org.sqlite("a", "SELECT code || ':' || coalesce(department, '-') FROM employee ORDER BY code")
                == "W001:Sales\nW002:-")
        #expect(
            try org.sqlite(
                "a", "SELECT DISTINCT e.code || ':' || l.type FROM leave l JOIN employee e ON e.id = l.employee_id")
                == "W002:sick")

        #expect(try org.desk("employee", "edit", "W001", "--department", "none").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.sqlite("a", "SELECT coalesce(department, '-') FROM employee WHERE code = 'W001'") == "-")
        // The centre refuses a leave type that is not a name, whoever writes it.
        let refused = org.server.psqlError("UPDATE leave SET type = 'Sick Leave!'")
        #expect(refused.contains("leave_type"), "\(refused)")
    }
}
