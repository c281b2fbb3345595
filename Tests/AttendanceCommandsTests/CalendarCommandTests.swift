import AttendanceCommands
import AttendanceCore
import AttendanceTerminal
import Foundation
import Testing

/// `attendance calendar` for the seeded month of ``ReportFixture``, colours off.
@Suite("Calendar command")
struct CalendarCommandTests {
    @Test("the month grid shows each date's status, today in brackets, the legend, the summary and the flagged dates")
    func month() throws {
        let fixture = try ReportFixture.seeded()
        let result = fixture.harness.run("calendar", "E001", "--month", "2026-11")
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(
            result.out == """
                E001  Asha Rao · November 2026
                 Mon     Tue     Wed     Thu     Fri     Sat     Sun
                                                                  1 WO
                  2 P     3 L     4 A     5 HD    6 P     7 WO    8 WO
                  9 P    10 M    11 A    12 P    13 P    14 WO   15 WO
                 16 LV   17 LV   18 P    19 P    20 P   [21 IN]  22
                 23      24      25      26      27      28      29
                 30
                Today: in since 09:00, P so far

                P present  L late  HD half day  A absent  H holiday  WO weekly off  LV leave
                M missing mark-out  IN in now  – not employed  [ ] today
                P 8  L 1  HD 1  A 2  H 0  WO 5  LV 2  M 1
                Present days 9.5 · worked 76.39 h · late 1 · early exit 1
                Punches on SIMULATED WiFi: 2–3, 5–6, 9–13, 19–21

                Flagged days:
                  Tue  3  L   late by 22 min
                  Thu  5  HD  early exit
                  Mon  9  P   worked on holiday (Diwali)
                  Tue 10  M   missing mark-out
                  Wed 18  P   corrected
                  Sat 21  IN  worked on holiday (weekly off)

                """)
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test("the current month is the default; dates before the start date show –; a half-day leave is HD")
    func defaultMonthAndStartDate() throws {
        let fixture = try ReportFixture.seeded()
        #expect(
            fixture.harness.run("calendar", "e002").out == """
                E002  Bilal Chaudhry-Fernandes · November 2026
                 Mon     Tue     Wed     Thu     Fri     Sat     Sun
                                                                  1 –
                  2 –     3 –     4 –     5 –     6 –     7 –     8 –
                  9 –    10 P    11 P    12 P    13 P    14 WO   15 WO
                 16 P    17 P    18 HD   19 P    20 P   [21 WO]  22
                 23      24      25      26      27      28      29
                 30

                P present  L late  HD half day  A absent  H holiday  WO weekly off  LV leave
                M missing mark-out  IN in now  – not employed  [ ] today
                P 8  L 0  HD 1  A 0  H 0  WO 3  LV 0.5  M 0
                Present days 8.5 · worked 72.56 h · late 0 · early exit 0
                Punches on SIMULATED WiFi: 10–13, 16–20

                Flagged days:
                  Wed 18  HD  half-day leave

                """)
    }

    @Test("week_starts = \"sunday\" puts Sunday in the first column; a monthly goal is shown")
    func sundayFirst() throws {
        let fixture = try ReportFixture.seeded()
        fixture.harness.writeConfig("[policy]\nweek_starts = \"sunday\"\nmonthly_goal_days = 20\n")
        let lines = fixture.harness.run("calendar", "E001", "--month", "2026-11").out.split(separator: "\n")
        #expect(
            Array(lines[1...6]) == [
                " Sun     Mon     Tue     Wed     Thu     Fri     Sat",
                "  1 WO    2 P     3 L     4 A     5 HD    6 P     7 WO",
                "  8 WO    9 P    10 M    11 A    12 P    13 P    14 WO",
                " 15 WO   16 LV   17 LV   18 P    19 P    20 P   [21 IN]",
                " 22      23      24      25      26      27      28",
                " 29      30",
            ])
        #expect(lines.contains("Present days 9.5 of goal 20 · worked 76.39 h · late 1 · early exit 1"))
    }

    @Test("--day shows punches with source and WiFi, sessions, gaps and worked time")
    func dayWithGap() throws {
        let fixture = try ReportFixture.seeded()
        #expect(
            fixture.harness.run("calendar", "E001", "--day", "2026-11-06").out == """
                E001  Asha Rao · Friday 2026-11-06
                Status:   P  present
                Shift:    09:30–18:00
                Punches:
                  09:25  IN   SIMULATED  OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor
                  13:00  OUT  SIMULATED  OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor
                  13:40  IN   SIMULATED  OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor
                  18:30  OUT  SIMULATED  OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor
                Sessions:
                  09:25–13:00           3h 35m
                  13:40–18:30           4h 50m
                Gaps:
                  13:00–13:40           40m
                Worked:   8h 25m
                Flags:    none
                Corrections: none

                """)
    }

    @Test("--day lists a manager's corrections, an open session today, and a missing mark-out")
    func dayCorrectionsAndOpenSessions() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        #expect(
            h.run("calendar", "E001", "--day", "2026-11-18").out == """
                E001  Asha Rao · Wednesday 2026-11-18
                Status:   P  present
                Shift:    09:30–18:00
                Punches:
                  09:00  IN   manual
                  18:00  OUT  manual
                Sessions:
                  09:00–18:00           9h 00m
                Worked:   9h 00m
                Flags:    corrected
                Corrections:
                  IN at 09:00 entered by a manager: forgot to punch; seen at desk
                  OUT at 18:00 entered by a manager: forgot to punch; seen at desk

                """)
        let today = h.run("calendar", "E001", "--day", "2026-11-21").out
        #expect(today.contains("Status:   IN  in, so far P\n"))
        #expect(today.contains("  09:00–open            5h 03m so far\nWorked:   5h 03m so far\n"))
        #expect(today.contains("Flags:    worked on holiday (weekly off)\n"))
        let missing = h.run("calendar", "E001", "--day", "2026-11-10").out
        #expect(missing.contains("Status:   M  missing mark-out\n"))
        #expect(missing.contains("  09:00–open            never marked out\nWorked:   0m\n"))
    }

    @Test("--day --language fr: the labels line up after the longest French one; codes, times and names stay")
    func dayInFrench() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        h.readBuiltCatalogs()
        #expect(
            h.run("calendar", "E001", "--day", "2026-11-16", "--language", "fr").out == """
                E001  Asha Rao · lundi 2026-11-16
                Statut :        LV  congé
                Horaire :       09:30–18:00
                Congé :         annual, journée entière
                Pointages :     aucun
                Travaillé :     0m
                Signalements :  aucun
                Corrections : aucune

                """)
        let holiday = h.run("calendar", "E001", "--day", "2026-11-09", "--language", "fr").out
        #expect(holiday.contains("\nFérié :         Diwali\n"), "\(holiday)")
        #expect(
            holiday.contains("\n  10:00  IN   SIMULÉ  OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor\n"), "\(holiday)")
        #expect(holiday.contains("\nSignalements :  travail un jour chômé (Diwali)\n"), "\(holiday)")
        h.environment["LANG"] = "es_ES.UTF-8"
        let missing = h.run("calendar", "E001", "--day", "2026-11-10").out
        #expect(missing.contains("Estado:     M  salida sin fichar\n"), "\(missing)")
        #expect(missing.contains("  09:00–abierta         salida nunca fichada\nTrabajado:  0m\n"), "\(missing)")
    }

    @Test("today, a session a later IN followed was never marked out; only the last one runs on")
    func sessionLeftOpenToday() throws {
        let fixture = try ReportFixture.seeded()
        // One IN pressed at two kiosks an hour apart while they could not sync, then an OUT.
        let chen = try fixture.addEmployee("E003", "Chen Li")
        try fixture.punch(chen, .in, "2026-11-21 08:00")
        try fixture.punch(chen, .in, "2026-11-21 09:00")
        try fixture.punch(chen, .out, "2026-11-21 10:30")
        let today = fixture.harness.run("calendar", "E003", "--day", "2026-11-21").out
        #expect(
            today.contains("Sessions:\n  08:00–open            never marked out\n  09:00–10:30           1h 30m\n"),
            "\(today)")
    }

    @Test("--format json has every date's status, flags and worked minutes, and the summary")
    func json() throws {
        let fixture = try ReportFixture.seeded()
        let out = fixture.harness.run("calendar", "E001", "--month", "2026-11", "--format", "json").out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(
            days.map { $0["code"] as? String ?? "?" }.joined(separator: " ")
                == "WO P L A HD P WO WO P M A P P WO WO LV LV P P P IN         ")
        // Diwali, worked from 10:00 to 14:00: nobody was expected, so neither late nor early.
        let ninth = days[8]
        #expect(ninth["flags"] as? [String] == ["worked on holiday"])
        #expect(ninth["worked_minutes"] as? Int == 240)
        #expect(ninth["minutes_late"] as? Int == nil)
        #expect(ninth["holiday"] as? String == "Diwali")
        #expect(days[20]["provisional_code"] as? String == "P")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["present_days"] as? Double == 9.5)
        #expect(summary["worked_hours"] as? Double == 76.39)
        #expect(
            summary["counts"] as? [String: Int] == ["P": 8, "L": 1, "HD": 1, "A": 2, "H": 0, "WO": 5, "LV": 2, "M": 1])
        let detail = fixture.harness.run("calendar", "E001", "--day", "2026-11-06", "--format", "json").out
        let day = try #require(try JSONSerialization.jsonObject(with: Data(detail.utf8)) as? [String: Any])
        let punches = try #require(day["punches"] as? [[String: Any]])
        // A punch has one JSON shape everywhere: the same keys as `punch list`.
        #expect(
            punches.map { $0["local_time"] as? String }
                == ["2026-11-06 09:25", "2026-11-06 13:00", "2026-11-06 13:40", "2026-11-06 18:30"])
        #expect(punches.first?["timestamp"] as? String == "2026-11-06T09:25:00+05:30")
        #expect(punches.first?["code"] as? String == "E001")
        #expect(punches.first?["ssid"] as? String == "OfficeNet")
        #expect((day["gaps"] as? [[String: Any]])?.first?["minutes"] as? Int == 40)
        // Sessions, gaps and the shift carry the zone's offset, as the punches do (docs/json.md).
        #expect(day["shift_start"] as? String == "2026-11-06T09:30:00+05:30")
        #expect(day["shift_end"] as? String == "2026-11-06T18:00:00+05:30")
        let gap = try #require((day["gaps"] as? [[String: Any]])?.first)
        #expect(
            gap["start"] as? String == "2026-11-06T13:00:00+05:30"
                && gap["end"] as? String == "2026-11-06T13:40:00+05:30")
        #expect((day["sessions"] as? [[String: Any]])?.first?["start"] as? String == "2026-11-06T09:25:00+05:30")
    }

    @Test("an unknown code, a bad month and --month with --day are clear errors")
    func errors() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        #expect(h.run("calendar", "E404").err == "attendance: no employee has code \"E404\"\n")
        #expect(h.run("calendar", "E404").status == 65)
        #expect(
            h.run("calendar", "E001", "--month", "2026-13").err
                == "attendance: invalid month \"2026-13\": expected YYYY-MM, for example 2026-11\n")
        #expect(h.run("calendar", "E001", "--month", "2026-11", "--day", "2026-11-02").status == 64)
        // A calendar has no CSV form, and its help does not offer one.
        let csv = h.run("calendar", "E001", "--format", "csv")
        #expect(csv.status == 64 && csv.err.contains("'text', 'json' or 'pdf'"), "\(csv.err)")
        #expect(
            h.run("calendar", "--help").out.contains(
                "  --format <format>       text, json or pdf. (values: text, json, pdf; default:\n"
                    + "                          text)\n"))
    }
}
