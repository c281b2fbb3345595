import AttendanceApp
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// `attendance register` for the seeded month of ``ReportFixture``.
@Suite("Register command")
struct RegisterCommandTests {
    static let legendAndSignature = """

        P present  L late  HD half day  A absent  H holiday  WO weekly off  LV leave  M missing mark-out  IN in now  – not employed
        Days: present days, P + L + ½ HD.  Hours: worked hours.  A blank date is still to come.

        Checked by (manager): ______________________________   Signature: ______________________________   Date: ______________

        """

    static let header = """
        Code Name        1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 Days  L HD  A LV  M  Hours
                        Su Mo Tu We Th Fr Sa Su Mo Tu We Th Fr Sa Su Mo Tu We Th Fr Sa Su Mo Tu We Th Fr Sa Su Mo
        ------------------------------------------------------------------------------------------------------------------------------------

        """

    /// Everything a register shows of a row, as text to compare.
    static func shown(_ register: MonthRegister) -> [String] {
        register.rows.map { row in
            let days = row.days.map { "\($0.date.day):\($0.code):\($0.flags.rawValue):\($0.hasSimulatedPunch)" }
            return "\(row.employee.code) \(days.joined(separator: " ")) \(row.summary.presentDaysText) "
                + "\(row.summary.workedHoursText) \(row.summary.lateCount) \(row.summary.earlyExitCount)"
        }
    }

    @Test("read a group of employees at a time, on up to five threads, the register is the one read at once, in order")
    func groupsGiveTheSameRegister() throws {
        let fixture = try ReportFixture.seeded()
        // Ids out of step with codes, a punch re-timed across dates, and one employee not yet employed.
        let late = try fixture.addEmployee("A001", "Aaron Early")
        try fixture.work(late, "2026-11-03", "09:10", "17:40")
        try fixture.work(late, "2026-11-04", "09:45", "17:40")
        try fixture.addEmployee("Z009", "Zoe Next", start: "2026-12-01")
        let chitraMid = try fixture.addEmployee("C003", "Chitra Mid")
        try fixture.punch(chitraMid, .in, "2026-11-05 09:20")
        let policy = Policy(zone: fixture.zone)
        let punch = try #require(
            try fixture.store.punches(
                employeeID: chitraMid.id, from: AttendanceDate(parsing: "2026-11-05"), through: nil
            )
            .first)
        _ = try fixture.store.correct(
            .retime(
                punchID: punch.id,
                to: fixture.zone.instant(
                    on: try AttendanceDate(parsing: "2026-11-06"), at: try WallClockTime(parsing: "09:20"))),
            reason: "wrong day", actor: "manager", policy: policy, now: fixture.harness.now)
        // More employees after them, each working a day, so that chunks hold several employees
        // and the corrected one is not the first of its chunk.
        for number in 10...21 {
            let extra = try fixture.addEmployee("F0\(number)", "Extra \(number)")
            try fixture.work(extra, "2026-11-0\(number % 5 + 2)", "09:0\(number % 10)", "17:30")
        }
        let month = try YearMonth(parsing: "2026-11")
        let whole = try Reports.register(month, policy: policy, now: fixture.harness.now, store: fixture.store)
        #expect(whole.rows.prefix(4).map(\.employee.code.rawValue) == ["A001", "C003", "E001", "E002"])
        #expect(whole.rows.count == 16)
        for group in [1, 2, 3, 1_000] {
            let grouped = try Reports.register(
                month, policy: policy, now: fixture.harness.now, store: fixture.store, group: group)
            #expect(Self.shown(grouped) == Self.shown(whole), "group of \(group)")
        }
        // The re-timed punch counts on its new date, in groups too.
        let chitra = try #require(whole.rows.first { $0.employee.code.rawValue == "C003" })
        #expect(chitra.days[4].code == "A" && chitra.days[5].code != "A" && chitra.days[5].flags.contains(.corrected))
    }

    @Test("the register reads punches without their details: every day's result is the same as with them")
    func detailsDoNotDecide() throws {
        // The seeded month has kiosk punches (SSID, BSSID, location), a manager's (with a note),
        // corrections, a holiday, leave and an open day: if a rule ever read a detail, some day
        // below would differ.
        let fixture = try ReportFixture.seeded()
        let month = try YearMonth(parsing: "2026-11")
        let policy = Policy(zone: fixture.zone)
        let (first, last) = (month.firstDay, month.lastDay)
        let full = try fixture.store.punchesByEmployee(from: first, through: last)
        let bare = try fixture.store.punchesByEmployee(from: first, through: last, details: .omitted)
        #expect(
            full.values.joined().contains { $0.location != nil } && full.values.joined().contains { $0.note != nil })
        let leave = try fixture.store.leaveByEmployee(from: first, through: last)
        let corrected = try fixture.store.correctedDates(from: first, through: last)
        let holidays = try fixture.store.holidayNames(from: first, through: last)
        for employee in fixture.employees.values {
            let engine = StatusEngine(employee: employee, policy: policy, now: fixture.harness.now)
            let evaluate = { (punches: [Int64: [Punch]]) in
                engine.evaluate(
                    month: month, punches: punches[employee.id] ?? [], holidays: holidays,
                    leave: leave[employee.id] ?? [:], correctedDates: corrected[employee.id] ?? [])
            }
            let (withDetails, without) = (evaluate(full), evaluate(bare))
            #expect(withDetails.summary == without.summary, "\(employee.code)")
            for (a, b) in zip(withDetails.days, without.days) {
                #expect(
                    a.status == b.status && a.provisionalStatus == b.provisionalStatus && a.flags == b.flags
                        && a.workedSeconds == b.workedSeconds && a.minutesLate == b.minutesLate
                        && a.firstIn == b.firstIn && a.lastOut == b.lastOut && a.gaps.count == b.gaps.count
                        && a.hasSimulatedPunch == b.hasSimulatedPunch,
                    "\(employee.code) \(a.date)")
            }
        }
    }

    @Test("a row per employee, a column per date, then the totals; 132 columns, names shortened, codes not")
    func text() throws {
        let fixture = try ReportFixture.seeded()
        fixture.harness.writeConfig("[kiosk]\noffice_name = \"Pune Office\"\n")
        let result = fixture.harness.run("register", "--month", "2026-11")
        #expect(result.status == 0)
        #expect(
            result.out == """
                Pune Office · Attendance register · November 2026 · as of 2026-11-21 14:03                                               Page 1 of 1


                """ + Self.header + """
                    E001 Asha Rao   WO  P  L  A HD  P WO WO  P  M  A  P  P WO WO LV LV  P  P  P IN                              9½  1  1  2  2  1  76.39
                    E002 B.Chaudhr…  –  –  –  –  –  –  –  –  –  P  P  P  P WO WO  P  P HD  P  P WO                              8½  0  1  0  ½  0  72.56

                    In now, status so far: E001 P

                    Punches on SIMULATED WiFi: E001 2 3 5 6 9 10 11 12 13 19 20 21; E002 10 11 12 13 16 17 18 19 20

                    Corrected by a manager (punches added, voided or re-timed): E001 18

                    """ + Self.legendAndSignature + (try Self.digestLine(fixture)))
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 132 })
    }

    /// The register's last line: the store's history digest, as `store verify` reports it.
    static func digestLine(_ fixture: ReportFixture) throws -> String {
        let verified = fixture.harness.run("store", "verify")
        let line = try #require(verified.out.split(separator: "\n").first { $0.hasPrefix("history: ") })
        // "history: 57 records, digest HEX"
        let words = line.split(separator: " ")
        return "History digest \(words[4]) (\(words[1]) records): store verify --digest\n"
    }

    @Test("--page-size makes pages with the header repeated and page numbers")
    func pages() throws {
        let fixture = try ReportFixture.seeded()
        let out = fixture.harness.run("register", "--month", "2026-11", "--page-size", "1").out
        let pages = out.components(separatedBy: "Head Office · Attendance register")
        #expect(pages.count == 3)
        #expect(pages[1].contains("Page 1 of 2") && pages[2].contains("Page 2 of 2"))
        #expect(pages[1].contains(Self.header) && pages[2].contains(Self.header))
        #expect(pages[1].contains("E001 Asha Rao") && !pages[1].contains("E002"))
        #expect(pages[2].contains("Checked by (manager)"))
    }

    @Test("a 31-day month keeps 132 columns: long names become initials and surname, then are cut")
    func longMonth() throws {
        let fixture = try ReportFixture()
        try fixture.addEmployee("E1", "Maria Lopez")
        try fixture.addEmployee("E2", "Wolfgang Amadeus Mozart")
        try fixture.addEmployee("LONGCODE-042", "Ann Lee")
        let lines = fixture.harness.run("register", "--month", "2026-10").out.split(separator: "\n")
        let rows = lines.filter { $0.hasPrefix("E1 ") || $0.hasPrefix("E2 ") || $0.hasPrefix("LONGCODE") }
        #expect(rows.map { $0.count } == [132, 132, 132])
        // 132 − 12 (code) − 92 (dates) − 27 (totals) − 2 spaces leaves no room: names go.
        #expect(rows.map { String($0.prefix(13)) } == ["E1           ", "E2           ", "LONGCODE-042 "])
        let short = try ReportFixture()
        try short.addEmployee("E1", "Maria Lopez")
        try short.addEmployee("E2", "Wolfgang Amadeus Mozart")
        let named = short.harness.run("register", "--month", "2026-10").out.split(separator: "\n")
        #expect(named.contains { $0.hasPrefix("E1   M.Lopez  ") })
        #expect(named.contains { $0.hasPrefix("E2   W.A.Mo…  ") })
    }

    @Test("CSV is RFC 4180 with a column per date and the summary, and parses back")
    func csv() throws {
        let fixture = try ReportFixture.seeded()
        try fixture.addEmployee("E003", "Chen, \"CJ\" Jun")
        let out = fixture.harness.run("register", "--month", "2026-11", "--format", "csv").out
        #expect(out.hasSuffix("\r\n"))
        let rows = CSVReader.parse(out)
        #expect(rows[0].prefix(3) == ["code", "name", "2026-11-01"])
        #expect(
            Array(rows[0].suffix(15)) == [
                "present_days", "P", "L", "HD", "A", "H", "WO", "LV", "M", "late", "early_exit", "hours",
                "simulated_wifi_days", "corrected_days", "imported_days",
            ])
        #expect(rows.count == 4)
        #expect(rows[1].prefix(7) == ["E001", "Asha Rao", "WO", "P", "L", "A", "HD"])
        #expect(
            Array(rows[1].suffix(15)) == [
                "9.5", "8", "1", "1", "2", "0", "5", "2", "1", "1", "1", "76.39", "2 3 5 6 9 10 11 12 13 19 20 21",
                "18", "",
            ])
        #expect(rows[3][1] == "Chen, \"CJ\" Jun")
        // After the dates, the status so far of whoever is in now: E001 since 09:00 on the 21st.
        #expect(rows[0][32] == "in_now_so_far")
        #expect(rows[1][22] == "IN" && rows[1][32] == "P")
        #expect(rows[2][32] == "")
        #expect(rows.allSatisfy { $0.count == rows[0].count })
    }

    @Test("with a monthly goal, the legend says the present days are of it and CSV has goal_days beside them")
    func monthlyGoal() throws {
        let fixture = try ReportFixture.seeded()
        fixture.harness.writeConfig("[policy]\nmonthly_goal_days = 20\n")
        let text = fixture.harness.run("register", "--month", "2026-11").out
        #expect(
            text.contains(
                "\nDays: present days, P + L + ½ HD of goal 20.  Hours: worked hours.  A blank date is still to come.\n"
            ),
            "\(text)")
        let rows = CSVReader.parse(fixture.harness.run("register", "--month", "2026-11", "--format", "csv").out)
        let present = try #require(rows[0].firstIndex(of: "present_days"))
        #expect(rows[0][present + 1] == "goal_days")
        #expect(rows[1][present...].prefix(2) == ["9.5", "20"])
        #expect(rows.allSatisfy { $0.count == rows[0].count })
    }

    @Test("JSON has the office, the dates, and each employee's codes and summary")
    func json() throws {
        let fixture = try ReportFixture.seeded()
        let out = fixture.harness.run("register", "--month", "2026-11", "--format", "json").out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["office"] as? String == "Head Office")
        #expect((object["dates"] as? [String])?.count == 30)
        let employees = try #require(object["employees"] as? [[String: Any]])
        #expect(employees.compactMap { ($0["employee"] as? [String: Any])?["code"] as? String } == ["E001", "E002"])
        #expect((employees[1]["codes"] as? [String])?.prefix(10).joined(separator: ",") == "–,–,–,–,–,–,–,–,–,P")
        #expect((employees[0]["summary"] as? [String: Any])?["present_days"] as? Double == 9.5)
        // E001 is in now (the 21st, since 09:00): P so far beside the IN; E002 is not in.
        #expect(employees[0]["provisional_code"] as? String == "P")
        #expect(employees[1]["provisional_code"] == nil)
    }

    @Test("--print without CUPS's lp is exit 69 with a sentence saying what to install")
    func printWithoutLp() throws {
        let fixture = try ReportFixture.seeded()
        fixture.harness.environment["PATH"] = fixture.harness.folder
        let result = fixture.harness.run("register", "--month", "2026-11", "--print")
        #expect(result.status == 69)
        #expect(
            result.err
                == "attendance: printing needs CUPS's lp command, which is not installed (Debian: apt-get install cups-client)\n"
        )
        #expect(result.out.isEmpty)
    }

    @Test("wrong combinations are usage errors: --printer without --print, --print with CSV, a bad page size")
    func usage() throws {
        let h = CommandHarness()
        try h.createStore()
        #expect(h.run("register", "--printer", "x").status == 64)
        #expect(h.run("register", "--print", "--format", "csv").status == 64)
        #expect(h.run("register", "--page-size", "0").status == 64)
        let bad = h.run("register", "--print", "--printer", "Bad Name")
        #expect(bad.status == 65)
        #expect(
            bad.err
                == "attendance: invalid printer name \"Bad Name\": expected a CUPS printer name such as Office_Laser\n")
    }
}

/// Reads RFC 4180 CSV back, to check what the commands write.
enum CSVReader {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var characters = Array(text.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters = characters.dropFirst()
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r", characters.first == "\n" {
                characters = characters.dropFirst()
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        return rows
    }
}

/// `register`, `summary` and `export` over a period that is not a calendar month.
@Suite("Register command: periods")
struct RegisterPeriodTests {
    @Test(
        "--period with [register] period_start_day 26 covers the 26th of the month before to the 25th, in JSON and CSV")
    func payrollPeriod() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        h.writeConfig("[register]\nperiod_start_day = 26\n")
        let out = h.run("register", "--period", "2026-11", "--format", "json").out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "2026-10-26" && object["to"] as? String == "2026-11-25")
        #expect(object["month"] == nil)
        let dates = try #require(object["dates"] as? [String])
        #expect(dates.count == 31 && dates.first == "2026-10-26" && dates.last == "2026-11-25")
        let employees = try #require(object["employees"] as? [[String: Any]])
        // 26–30 October were working days with no punches; the 31st and 1 November a weekend.
        #expect((employees[0]["codes"] as? [String])?.prefix(8).joined(separator: ",") == "A,A,A,A,A,WO,WO,P")
        // E002 starts on 10 November: fifteen dates before.
        #expect(
            (employees[1]["codes"] as? [String])?.prefix(16).map { $0 == "–" } == Array(repeating: true, count: 15) + [
                false
            ])
        let counts = (employees[0]["summary"] as? [String: Any])?["counts"] as? [String: Any]
        #expect(counts?["A"] as? Double == 7)
        let rows = CSVReader.parse(h.run("register", "--period", "2026-11", "--format", "csv").out)
        #expect(rows[0].prefix(3) == ["code", "name", "2026-10-26"])
        let simulated = try #require(rows[0].firstIndex(of: "simulated_wifi_days"))
        #expect(rows[1][simulated].hasPrefix("2026-11-02 2026-11-03 "), "\(rows[1][simulated])")
        // A month stays a month, whatever the payroll period.
        let month = h.run("register", "--month", "2026-11", "--format", "json").out
        #expect(month.contains("\"month\" : \"2026-11\"") && !month.contains("\"from\""))
    }

    @Test("--from and --to make a register of those dates, headed by them, marked dates written whole")
    func fromTo() throws {
        let fixture = try ReportFixture.seeded()
        let result = fixture.harness.run("register", "--from", "2026-11-01", "--to", "2026-11-15")
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("Head Office · Attendance register · 2026-11-01 – 2026-11-15 · as of "))
        #expect(lines[2].hasPrefix("Code Name") && lines[2].contains(" 14 15 Days"), "\(lines[2])")
        let asha = try #require(lines.first { $0.hasPrefix("E001 Asha Rao") })
        #expect(asha.hasSuffix("WO  P  L  A HD  P WO WO  P  M  A  P  P WO WO   6½  1  1  2  0  1  49.89"), "\(asha)")
        #expect(result.out.contains("Punches on SIMULATED WiFi: E001 2026-11-02 2026-11-03 2026-11-05"))
    }

    @Test(
        "a period of more than 31 dates is printed a month's dates at a time, 132 columns, figures beside the last part"
    )
    func longPeriodInParts() throws {
        let fixture = try ReportFixture.seeded()
        let result = fixture.harness.run("register", "--from", "2026-10-01", "--to", "2026-12-01")
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 132 }, "\(lines.filter { $0.count > 132 })")
        let parts = lines.filter { $0.hasPrefix("Dates ") }
        #expect(
            parts.map { String($0.prefix(while: { $0 != "." })) } == [
                "Dates 2026-10-01 to 2026-10-31, part 1 of 3", "Dates 2026-11-01 to 2026-11-30, part 2 of 3",
                "Dates 2026-12-01 to 2026-12-01, part 3 of 3",
            ])
        #expect(lines.first?.hasSuffix("Page 1 of 3") == true)
        // Every employee on every part; the figures only on the last part's.
        let headers = lines.filter { $0.hasPrefix("Code Name") }
        #expect(headers.count == 3)
        #expect(headers.map { $0.hasSuffix("Days  L HD  A LV  M  Hours") } == [false, false, true], "\(headers)")
        let asha = lines.filter { $0.hasPrefix("E001 A. Rao ") }
        try #require(asha.count == 3)
        #expect(
            asha[0].hasSuffix(
                " A  A WO WO  A  A  A  A  A WO WO  A  A  A  A  A WO WO  A  A  A  A  A WO WO  A  A  A  A  A WO"))
        // Then the blank columns of the dates still to come.
        #expect(
            asha[1].hasSuffix(
                "WO  P  L  A HD  P WO WO  P  M  A  P  P WO WO LV LV  P  P  P IN" + String(repeating: " ", count: 27)),
            "\(asha[1])")
        // October's 22 working days absent and November's two: 24 A, on the last part only.
        #expect(asha[2] == "E001 A. Rao       9½  1  1 24  2  1  76.39", "\(asha[2])")
        #expect(result.out.contains("\nIn now, status so far: E001 P\n"))
    }

    @Test(
        "a period over 62 days, or ending before it starts, is refused with the reason (65); half a pair is usage (64)")
    func refusals() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        let long = h.run("register", "--from", "2026-10-01", "--to", "2026-12-15")
        #expect(long.status == 65 && long.out.isEmpty)
        #expect(long.err.contains("at most 62 days") && long.err.contains("this one has 76"), "\(long.err)")
        let backwards = h.run("summary", "--from", "2026-11-10", "--to", "2026-11-01")
        #expect(backwards.status == 65 && backwards.err.contains("a last date on or after the first"))
        #expect(h.run("export", "punches", "--from", "2026-10-01", "--to", "2026-12-15").status == 65)
        #expect(h.run("register", "--from", "2026-11-01").status == 64)
        #expect(h.run("register", "--month", "2026-11", "--period", "2026-11").status == 64)
        #expect(h.run("summary", "--week", "--period", "2026-11").status == 64)
    }

    @Test("summary and export take the same periods")
    func summaryAndExport() throws {
        let fixture = try ReportFixture.seeded()
        let h = fixture.harness
        h.writeConfig("[register]\nperiod_start_day = 26\n")
        let text = h.run("summary", "--period", "2026-11")
        #expect(text.out.hasPrefix("2026-10-26 – 2026-11-25\n\nCODE  NAME"), "\(text.out)")
        let rows = CSVReader.parse(h.run("summary", "--period", "2026-11", "--format", "csv").out)
        let absent = try #require(rows[0].firstIndex(of: "A"))
        #expect(rows[1][0] == "E001" && rows[1][absent] == "7")
        let export = h.run("export", "punches", "--from", "2026-11-20", "--to", "2026-11-21").out
        let lines = export.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 6, "\(export)")
        #expect(lines.dropFirst().allSatisfy { $0.contains(",2026-11-20T") || $0.contains(",2026-11-21T") })
        // 26 November to 25 December: nothing yet.
        #expect(h.run("export", "punches", "--period", "2026-12").out == "code,timestamp,kind,note,source\r\n")
    }
}
