import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import Foundation
import Testing

@testable import AttendanceWeb

/// The console's `/hours`: the week's hours per employee, against a real SQLite store on
/// Wednesday 2026-11-25 at 10:00 UTC (the week of Monday 23).
@Suite("Console hours page")
struct HoursPageTests {
    typealias Office = AdministrationPagesTests.Office

    /// E001 (Sales) worked 09:00–17:30 on Monday 23 and never marked out on Tuesday 24; E002
    /// (Stores) came on Monday only, 09:00–13:00.
    func office() async throws -> Office {
        let office = try Office()
        for (code, name, department) in [("E001", "Asha Rao", "Sales"), ("E002", "Bo <b>Chen</b>", "Stores")] {
            _ = try await office.console.addEmployee(
                office.form(["code": code, "name": name, "start": "2026-11-02", "department": department]),
                office.manager)
        }
        let asha = try #require(try office.employee("E001"))
        let bo = try #require(try office.employee("E002"))
        try EmployeePageTests.punch(.in, "2026-11-23 09:00", employee: asha, office: office)
        try EmployeePageTests.punch(.out, "2026-11-23 17:30", employee: asha, office: office)
        try EmployeePageTests.punch(.in, "2026-11-24 09:00", employee: asha, office: office)
        try EmployeePageTests.punch(.in, "2026-11-23 09:00", employee: bo, office: office)
        try EmployeePageTests.punch(.out, "2026-11-23 13:00", employee: bo, office: office)
        return office
    }

    /// The cells of `code`'s row: each date's shown value and colour class, then the total.
    func row(_ code: String, in body: String) throws -> [String] {
        let start = try #require(body.range(of: "<tr><td>\(code)</td>"))
        let row = body[start.upperBound...].prefix { $0 != "\n" }
        let end = try #require(row.range(of: "</tr>"))
        return row[..<end.lowerBound].components(separatedBy: "</td>").dropFirst().compactMap { cell in
            guard let open = cell.range(of: "<td class=\"") else { return nil }
            let classes = cell[open.upperBound...].prefix { $0 != "\"" }
            let text = cell.split(separator: ">").last.map(String.init)?.replacingOccurrences(of: "</a", with: "")
            return "\(classes): \(text ?? "")"
        }
    }

    @Test("each date shows its hours in its status's colour, or its code when there are none; the total ends the row")
    func week() async throws {
        let office = try await office()
        let page = try await office.console.hoursPage(
            office.manager, WeekChoice(week: try AttendanceDate(parsing: "2026-11-26"), department: nil))
        #expect(page.body.contains("Week of 2026-11-23 to 2026-11-29 · 2 employees"))
        let asha = try row("E001", in: page.body)
        #expect(
            asha == [
                "cell st-p: 8.50", "cell st-m: M", "cell st-none: &nbsp;", "cell st-none: &nbsp;",
                // Today, Wednesday, still to come; the weekend after it too.
                "cell st-none: &nbsp;", "cell st-none: &nbsp;", "cell st-none: &nbsp;", "total: 8.50",
            ], "\(asha)")
        #expect(try row("E002", in: page.body).prefix(2) == ["cell st-p: 4.00", "cell st-a: A"])
        #expect(page.body.contains("Bo &lt;b&gt;Chen&lt;/b&gt;") && !page.body.contains("<b>Chen"))
        #expect(
            page.body.contains("<a href=\"/hours?week=2026-11-16\">")
                && page.body.contains("/hours.xlsx?week=2026-11-23"))

        let sales = try await office.console.hoursPage(
            office.manager,
            WeekChoice(week: try AttendanceDate(parsing: "2026-11-23"), department: try Department(parsing: "sales")))
        #expect(sales.body.contains("<tr><td>E001</td>") && !sales.body.contains("<tr><td>E002</td>"))
        let unknown = await AdministrationPagesTests().refusal {
            try await office.console.hoursPage(
                office.manager, WeekChoice(week: nil, department: try Department(parsing: "Nowhere")))
        }
        #expect(unknown?.status == .badRequest && unknown?.message.contains("Sales") == true)
    }

    @Test("the week's CSV is the same in every language, as `summary --format csv` writes it")
    func csv() async throws {
        let office = try await office()
        let (name, bytes) = try await Console.$words.withValue(
            Speech(.french, catalog: AdministrationPagesTests.builtCatalog)
        ) {
            try await office.console.hoursDocument(
                .csv, WeekChoice(week: try AttendanceDate(parsing: "2026-11-24")))
        }
        #expect(name == "hours-week-of-2026-11-23.csv")
        let body = String(decoding: bytes, as: UTF8.self)
        #expect(
            body.split(separator: "\r\n", omittingEmptySubsequences: false).prefix(3) == [
                "code,name,2026-11-23,2026-11-24,2026-11-25,2026-11-26,2026-11-27,2026-11-28,2026-11-29,total,"
                    + "simulated_wifi_dates,corrected_dates,imported_dates",
                "E001,Asha Rao,8.50,0.00,0.00,0.00,0.00,0.00,0.00,8.50,2026-11-23 2026-11-24,,",
                "E002,Bo <b>Chen</b>,4.00,0.00,0.00,0.00,0.00,0.00,0.00,4.00,2026-11-23,,",
            ], "\(body)")
    }
}

extension HoursPageTests {
    @Test("the register and the hours offer their period and the office's departments, the one shown chosen")
    func periodForms() async throws {
        let office = try await office()
        let hours = try await office.console.hoursPage(
            office.manager,
            WeekChoice(week: try AttendanceDate(parsing: "2026-11-24"), department: try Department(parsing: "stores")))
        #expect(hours.body.contains("<form method=\"get\" action=\"/hours\" class=\"inline noprint\">"))
        #expect(hours.body.contains("<input type=\"date\" name=\"week\" value=\"2026-11-23\" required>"))
        #expect(
            hours.body.contains(
                "<select name=\"department\"><option value=\"\">everyone</option><option>Sales</option>"
                    + "<option selected>Stores</option></select>"))
        let register = try await office.console.registerPage(
            office.manager,
            choice: try RegisterChoice(
                query: ("2026-10", nil, nil, nil, nil),
                configuration: Configuration(hostZone: LocalZone(identifier: "UTC")!),
                today: try AttendanceDate(parsing: "2026-11-25")))
        #expect(register.body.contains("<input type=\"month\" name=\"month\" value=\"2026-10\""))
        #expect(
            register.body.contains("<option value=\"\">everyone</option><option>Sales</option><option>Stores</option>"))
        // An office without departments is offered no choice of one.
        let plain = try Office()
        let none = try await plain.console.hoursPage(plain.manager, WeekChoice())
        #expect(!none.body.contains("<select name=\"department\">"))
    }
}
