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
                Hours – Week of 2026-11-16:
                Mon: 0.00 hrs (leave)
                Tue: 0.00 hrs (leave)
                Wed: 9.00 hrs
                Thu: 8.75 hrs
                Fri: 8.75 hrs
                Total: 26.50 hrs
                Punches on SIMULATED WiFi: Thu 19, Fri 20, Sat 21
                Corrected by a manager (punches added, voided or re-timed): Wed 18

                E002 Bilal Chaudhry-Fernandes
                Hours – Week of 2026-11-16:
                Mon: 8.57 hrs
                Tue: 8.57 hrs
                Wed: 4.00 hrs (half-day leave)
                Thu: 8.57 hrs
                Fri: 8.57 hrs
                Total: 38.28 hrs
                Punches on SIMULATED WiFi: Mon 16, Tue 17, Wed 18, Thu 19, Fri 20

                """)
    }

    @Test("summary --week --language fr: the table, the payroll note and its notes in French, with decimal commas")
    func weekInFrench() throws {
        let fixture = try ReportFixture.seeded()
        fixture.harness.readBuiltCatalogs()
        let result = fixture.harness.run("summary", "--week", "2026-11-18", "--employee", "E001", "--language", "fr")
        #expect(result.status == 0)
        #expect(
            result.out == """
                Semaine du 2026-11-16 au 2026-11-22

                CODE  NOM       lun. 16  mar. 17  mer. 18  jeu. 19  ven. 20  sam. 21  dim. 22  TOTAL
                ----  --------  -------  -------  -------  -------  -------  -------  -------  -----
                E001  Asha Rao        0        0        9     8,75     8,75        0        0   26,5

                E001 Asha Rao
                Heures – semaine du 2026-11-16 :
                lun. : 0,00 h (congé)
                mar. : 0,00 h (congé)
                mer. : 9,00 h
                jeu. : 8,75 h
                ven. : 8,75 h
                Total : 26,50 h
                Pointages sur WiFi SIMULÉ : jeu. 19, ven. 20, sam. 21
                Corrigé par un responsable (pointages ajoutés, annulés ou modifiés) : mer. 18

                """)
        let month = fixture.harness.run("summary", "--month", "2026-11", "--language", "es").out
        #expect(month.hasPrefix("noviembre de 2026\n\nCÓDIGO  NOMBRE  "), "\(month)")
        // The JSON's payroll text and the CSV stay English, with decimal points.
        for format in ["json", "csv"] {
            let english = fixture.harness.run("summary", "--week", "2026-11-18", "--format", format).out
            #expect(
                fixture.harness.run("summary", "--week", "2026-11-18", "--format", format, "--language", "fr").out
                    == english)
        }
    }

    @Test("summary --month gives each employee's month figures, the same as the register's")
    func month() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let text = h.run("summary", "--month", "2026-11")
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("November 2026\n\nCODE  NAME"), "\(text.out)")
        let summary = CSVReader.parse(h.run("summary", "--month", "2026-11", "--format", "csv").out)
        let register = CSVReader.parse(h.run("register", "--month", "2026-11", "--format", "csv").out)
        let keys = try #require(summary.first).dropFirst(2)
        #expect(
            Array(keys) == [
                "present_days", "P", "L", "HD", "A", "H", "WO", "LV", "M", "late", "early_exit", "hours",
                "leave_annual",
                "leave_sick", "leave_unpaid",
            ])
        for (row, registerRow) in zip(summary.dropFirst(), register.dropFirst()) {
            for key in keys {
                let column = try #require(register[0].firstIndex(of: key))
                #expect(row[summary[0].firstIndex(of: key)!] == registerRow[column], "\(key)")
            }
        }
        #expect(summary.count == register.count)
        let one = h.run("summary", "--month", "2026-11", "--employee", "E002").out
        #expect(one.contains("E002") && !one.contains("E001"))
        let both = h.run("summary", "--month", "2026-11", "2026-11-18")
        #expect(both.status == 64 && both.err.contains("with --month, leave it out"), "\(both.err)")
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
                Hours – Week of 2026-11-08:
                Mon: 4.00 hrs (worked on a holiday)
                Tue: 0.00 hrs (missing mark-out — not final)
                Wed: 0.50 hrs (absent)
                Thu: 8.75 hrs
                Fri: 8.75 hrs
                Total: 22.00 hrs
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
