import AttendanceCommands
import AttendanceCore
import Foundation
import Testing

/// `employee add|edit --department` and the register by department.
@Suite("Departments")
struct DepartmentCommandTests {
    /// The seeded month with E001 and a new E003 in Sales; E002 has no department.
    static func fixture() throws -> ReportFixture {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let added = h.run(
            "employee", "add", "E003", "--name", "Chen Li", "--start-date", "2026-11-01", "--department", "Sales")
        #expect(added.status == 0, "\(added.err)")
        #expect(h.run("employee", "edit", "E001", "--department", "Sales").status == 0)
        return fixture
    }

    @Test("the register lists each department's employees together, each department followed by its subtotal")
    func groupedRegister() throws {
        let h = try Self.fixture().harness
        let lines = h.run("register", "--month", "2026-11").out.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "Sales"))
        #expect(lines[start + 1].hasPrefix("E001 ") && lines[start + 2].hasPrefix("E003 "))
        #expect(lines[start + 3].hasPrefix("Subtotal "))
        #expect(lines[start + 4] == "No department" && lines[start + 5].hasPrefix("E002 "))
        // One employee's subtotal is their own figures.
        #expect(
            lines[start + 6].hasPrefix("Subtotal ") && lines[start + 6].hasSuffix(String(lines[start + 5].suffix(27))))
        // Sales: E001's 9½ present days and 76.39 hours, E003 none.
        #expect(lines[start + 3].contains(" 9½ ") && lines[start + 3].hasSuffix(" 76.39"), "\(lines[start + 3])")
        let rows = CSVReader.parse(h.run("register", "--month", "2026-11", "--format", "csv").out)
        let department = try #require(rows[0].firstIndex(of: "department"))
        #expect(rows.dropFirst().map { "\($0[0]):\($0[department])" } == ["E001:Sales", "E003:Sales", "E002:"])
        let shown = h.run("employee", "show", "E003").out
        #expect(shown.contains("  department: Sales\n"), "\(shown)")
        let listed = CSVReader.parse(h.run("employee", "list", "--format", "csv").out)
        let column = try #require(listed[0].firstIndex(of: "department"))
        #expect(listed.dropFirst().map { $0[column] } == ["Sales", "", "Sales"])
    }

    @Test("register --department gives that department alone, whatever its case; an unknown one is refused (65)")
    func oneDepartment() throws {
        let h = try Self.fixture().harness
        let out = h.run("register", "--month", "2026-11", "--department", "sales", "--format", "json").out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let employees = try #require(object["employees"] as? [[String: Any]])
        #expect(employees.compactMap { ($0["employee"] as? [String: Any])?["code"] as? String } == ["E001", "E003"])
        #expect(employees.allSatisfy { $0["department"] as? String == "Sales" })
        let unknown = h.run("register", "--month", "2026-11", "--department", "Finance")
        #expect(unknown.status == 65 && unknown.out.isEmpty)
        #expect(
            unknown.err == "attendance: no employee is in the department \"Finance\"; the departments are Sales\n")
        #expect(h.run("employee", "edit", "E001", "--department", "none").status == 0)
        #expect(h.run("employee", "show", "E001").out.contains("department") == false)
    }
}
