import Foundation
import Testing

/// `attendance summary --week` for the seeded month of ``ReportFixture``.
@Suite("Summary command")
struct SummaryCommandTests {
    @Test("hours per employee per day for the week, and a payroll note each that adds up")
    func week() throws {
        let fixture = try ReportFixture.seeded()
        let result = fixture.harness.run("summary", "--week", "2026-11-18")
        #expect(result.status == 0)
        #expect(
            result.out == """
                Week of 2026-11-16 to 2026-11-22

                CODE  NAME                      Mon 16  Tue 17  Wed 18  Thu 19  Fri 20  Sat 21  Sun 22  TOTAL
                ----  ------------------------  ------  ------  ------  ------  ------  ------  ------  -----
                E001  Asha Rao                       0       0       9    8.75    8.75       0       0   26.5
                E002  Bilal Chaudhry-Fernandes    8.57    8.57       4    8.57    8.57       0       0  38.28

                E001 Asha Rao
                Hours – Week of 11/16:
                Mon: 0 hrs (leave)
                Tue: 0 hrs (leave)
                Wed: 9 hrs
                Thu: 8.75 hrs
                Fri: 8.75 hrs
                Total: 26.5 hrs
                Punches on SIMULATED WiFi: Thu 19, Fri 20, Sat 21
                Corrected by a manager (punches added, voided or re-timed): Wed 18

                E002 Bilal Chaudhry-Fernandes
                Hours – Week of 11/16:
                Mon: 8.57 hrs
                Tue: 8.57 hrs
                Wed: 4 hrs (half-day leave)
                Thu: 8.57 hrs
                Fri: 8.57 hrs
                Total: 38.28 hrs
                Punches on SIMULATED WiFi: Mon 16, Tue 17, Wed 18, Thu 19, Fri 20

                """)
    }

    @Test("--employee limits it to one; the default week is today's; Sunday-first weeks follow week_starts")
    func oneEmployee() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let one = h.run("summary", "--week", "--employee", "E002").out
        #expect(one.hasPrefix("Week of 2026-11-16 to 2026-11-22\n"))
        #expect(!one.contains("E001"))
        h.writeConfig("[policy]\nweek_starts = \"sunday\"\n")
        let sunday = h.run("summary", "--week", "2026-11-09", "--employee", "E001").out
        #expect(sunday.hasPrefix("Week of 2026-11-08 to 2026-11-14\n"))
        #expect(
            sunday.hasSuffix(
                """
                E001 Asha Rao
                Hours – Week of 11/8:
                Mon: 4 hrs (worked on a holiday)
                Tue: 0 hrs (missing mark-out — not final)
                Wed: 0.5 hrs
                Thu: 8.75 hrs
                Fri: 8.75 hrs
                Total: 22 hrs
                Punches on SIMULATED WiFi: Mon 9, Tue 10, Wed 11, Thu 12, Fri 13

                """))
        let json = h.run("summary", "--week", "2026-11-18", "--format", "json").out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(object["employees"] as? [[String: Any]])
        #expect(rows.first?["total_hours"] as? Double == 26.5)
        #expect(rows.first?["simulated_wifi_dates"] as? [String] == ["2026-11-19", "2026-11-20", "2026-11-21"])
        #expect(rows.first?["corrected_dates"] as? [String] == ["2026-11-18"])
        let csv = CSVReader.parse(h.run("summary", "--week", "2026-11-18", "--format", "csv").out)
        // Sunday first now: Sun 15 … Sat 21.
        #expect(
            csv[1] == [
                "E001", "Asha Rao", "0.00", "0.00", "0.00", "9.00", "8.75", "8.75", "0.00", "26.50",
                "2026-11-19 2026-11-20 2026-11-21", "2026-11-18", "",
            ])
    }
}
