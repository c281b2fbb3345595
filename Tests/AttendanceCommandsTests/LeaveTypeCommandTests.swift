import AttendanceCommands
import AttendanceCore
import Foundation
import Testing

/// `leave add --type` and what every report shows of a leave's type.
@Suite("Leave types")
struct LeaveTypeCommandTests {
    @Test("a sick leave shows SL in the register, the calendar, CSV and JSON, and is counted per type")
    func sickLeaveEverywhere() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let added = h.run("leave", "add", "E001", "2026-11-19", "--type", "sick", "--reason", "Flu")
        #expect(added.status == 0 && added.out == "recorded leave for E001 on 2026-11-19 (full day, sick)\n")
        let text = h.run("register", "--month", "2026-11").out
        let asha = try #require(text.split(separator: "\n").first { $0.hasPrefix("E001 ") })
        #expect(asha.contains("WO LV LV  P SL  P IN"), "\(asha)")
        #expect(text.contains("\nLeave types: SL sick\n"), "\(text)")
        // A default type's name is the reader's word; CSV and JSON keep the configuration's.
        h.readBuiltCatalogs()
        let french = h.run("register", "--month", "2026-11", "--language", "fr").out
        #expect(french.contains("\nTypes de congé : SL maladie\n"), "\(french)")
        let spanish = h.run("register", "--month", "2026-11", "--language", "es").out
        #expect(spanish.contains("\nTipos de permiso: SL por enfermedad\n"), "\(spanish)")
        let rows = CSVReader.parse(h.run("register", "--month", "2026-11", "--format", "csv").out)
        let column = { (key: String) in rows[0].firstIndex(of: key) ?? 0 }
        #expect(rows[1][column("2026-11-19")] == "SL")
        #expect(
            [rows[1][column("leave_annual")], rows[1][column("leave_sick")], rows[1][column("LV")]] == ["2", "1", "3"])
        #expect(rows[1][column("leave_unpaid")] == "0")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(h.run("register", "--month", "2026-11", "--format", "json").out.utf8))
                as? [String: Any])
        let asha0 = try #require((json["employees"] as? [[String: Any]])?.first)
        #expect((asha0["codes"] as? [String])?[18] == "SL")
        let byType = (asha0["summary"] as? [String: Any])?["leave_by_type"] as? [String: Double]
        #expect(byType == ["annual": 2, "sick": 1])
        let calendar = try #require(
            try JSONSerialization.jsonObject(
                with: Data(h.run("calendar", "E001", "--month", "2026-11", "--format", "json").out.utf8))
                as? [String: Any])
        let day = try #require((calendar["days"] as? [[String: Any]])?[18])
        #expect(
            day["code"] as? String == "SL" && day["leave_type"] as? String == "sick"
                && day["status"] as? String == "leave")
        #expect(h.run("calendar", "E001", "--month", "2026-11").out.contains("SL"))
        let detail = h.run("calendar", "E001", "--day", "2026-11-19").out
        #expect(
            detail.contains("\nStatus:   SL  leave\n") && detail.contains("\nLeave:    sick, full day\n"), "\(detail)")
        let summary = CSVReader.parse(h.run("summary", "--month", "2026-11", "--format", "csv").out)
        let sick = try #require(summary[0].firstIndex(of: "leave_sick"))
        #expect(summary[1][sick] == "1")
        let listed = CSVReader.parse(h.run("leave", "list", "E001", "--format", "csv").out)
        #expect(listed.dropFirst().map { $0[listed[0].firstIndex(of: "type")!] } == ["annual", "annual", "sick"])
    }

    @Test("an unknown leave type is refused (65) with the known ones, and nothing is recorded")
    func unknownType() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let before = h.run("leave", "list").out
        let refused = h.run(
            "leave", "add", "E001", "2026-11-23", "--to", "2026-11-24", "--type", "vacation", "--reason", "x")
        #expect(refused.status == 65)
        #expect(refused.err == "attendance: unknown leave type \"vacation\"; the types are annual, sick, unpaid\n")
        #expect(h.run("leave", "list").out == before)
    }

    @Test("[leave_types] adds a type and changes a default's code; the register shows them")
    func configuredTypes() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        h.writeConfig("[leave_types]\nmaternity = { code = \"ML\", colour = \"#FFAB91\" }\nsick = { code = \"SK\" }\n")
        #expect(h.run("leave", "add", "E001", "2026-11-19", "--type", "maternity", "--reason", "x").status == 0)
        #expect(h.run("leave", "add", "E001", "2026-11-20", "--type", "sick", "--reason", "x").status == 0)
        let text = h.run("register", "--month", "2026-11").out
        #expect(text.contains("LV LV  P ML SK IN"), "\(text)")
        #expect(text.contains("\nLeave types: SK sick, ML maternity\n"), "\(text)")
        let unknown = h.run("leave", "add", "E001", "2026-11-23", "--type", "study", "--reason", "x")
        #expect(
            unknown.err == "attendance: unknown leave type \"study\"; the types are annual, sick, unpaid, maternity\n")
    }
}
