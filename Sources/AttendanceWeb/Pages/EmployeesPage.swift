import AttendanceApp
import AttendanceCore

extension Console {
    /// `/employees`: everyone, each linking to their calendar.
    func employeesPage(_ session: ConsoleSession) async throws -> Page {
        let employees = try await blocking { try Reports.employees(store: self.store) }
        let rows = employees.map { employee in
            let code = employee.code.rawValue
            let shift = [employee.shiftStart, employee.shiftEnd].compactMap { $0.map { "\($0)" } }.joined(
                separator: "–")
            return
                "<tr><td>\(code.escaped)</td><td><a href=\"/employees/\(code.urlComponent)\">\(employee.name.rawValue.escaped)</a></td>"
                + "<td>\(employee.startDate.map { "\($0)" } ?? "")</td><td>\(shift.isEmpty ? "office hours" : shift)</td>"
                + "<td>\(employee.isActive ? "active" : "no longer employed")\(employee.isPINLocked ? ", PIN locked" : "")</td></tr>"
        }.joined()
        let body =
            rows.isEmpty
            ? "<p>No employees yet: add them with <code>attendance employee add</code>.</p>"
            : "<table><thead><tr><th>Code</th><th>Name</th><th>Started</th><th>Shift</th><th>State</th></tr></thead><tbody>\(rows)</tbody></table>"
        return Page(title: "Employees", section: "employees", body: body)
    }
}
