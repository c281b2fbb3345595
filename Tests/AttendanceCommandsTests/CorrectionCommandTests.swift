import AttendanceCommands
import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// `attendance punch …`: corrections from the command line. The harness clock is Saturday
/// 2026-11-21 14:03 in Asia/Kolkata.
@Suite("Punch correction commands")
struct CorrectionCommandTests {
    let h = CommandHarness()

    init() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
    }

    @Test("add, void, restore and re-time print what they did and the date's status")
    func corrections() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        #expect(
            h.run("punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "forgot").out == """
                added punch 2: E001 OUT at 2026-11-18 18:00 on 2026-11-18
                2026-11-18 is now L (late); flags: late, corrected

                """)
        #expect(
            h.run("punch", "retime", "1", "--at", "2026-11-18 09:30", "--reason", "queue at the kiosk").out == """
                re-timed punch 1: E001 IN from 2026-11-18 09:50 to 2026-11-18 09:30 on 2026-11-18
                2026-11-18 is now P (present); flags: corrected

                """)
        #expect(
            h.run("punch", "void", "2", "--reason", "wrong day").out == """
                voided punch 2: E001 OUT at 2026-11-18 18:00 on 2026-11-18
                2026-11-18 is now M (missing mark-out); flags: corrected, missing mark-out

                """)
        #expect(
            h.run("punch", "restore", "2", "--reason", "right day after all", "--by", "Priya").out == """
                restored punch 2: E001 OUT at 2026-11-18 18:00 on 2026-11-18
                2026-11-18 is now P (present); flags: corrected

                """)
        #expect(
            h.run("punch", "list", "E001").out.withoutTrailingSpaces == """
                ID  DATE        TIME   KIND  SOURCE     WIFI  VOID  CORRECTED                                                            NOTE
                --  ----------  -----  ----  ---------  ----  ----  -------------------------------------------------------------------  ----
                 1  2026-11-18  09:30  IN    simulated  HQ          re-timed from 09:50 by tester (uid 1000)
                 2  2026-11-18  18:00  OUT   manual                 added by tester (uid 1000), restored by Priya via tester (uid 1000)

                """)
    }

    @Test("calendar --day lists each void and re-time under its punch, with who made it, when and why")
    func dayListsCorrections() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        try h.kiosk(.out, "2026-11-18 18:40")
        h.run("punch", "retime", "1", "--at", "2026-11-18 09:30", "--reason", "queue at the kiosk")
        h.run("punch", "void", "2", "--reason", "pressed OUT for a colleague who had left much earlier that day")
        h.run("punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "left at six")
        let day = h.run("calendar", "E001", "--day", "2026-11-18").out
        #expect(
            day.hasSuffix(
                """
                Flags:    corrected
                Corrections:
                  OUT at 18:00 entered by a manager
                  IN 09:50 → 09:30:
                    re-timed by tester (uid 1000) at 2026-11-21 14:03: queue at the kiosk
                  OUT 18:40 (voided):
                    voided by tester (uid 1000) at 2026-11-21 14:03: pressed OUT for a
                      colleague who had left much earlier that day

                """), "\(day)")
    }

    @Test("an IN and its OUT voided together pass where each alone would break the alternation; restored together too")
    func voidAndRestoreSeveral() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.out, "2026-11-18 09:03")
        try h.kiosk(.in, "2026-11-18 09:50")
        try h.kiosk(.out, "2026-11-18 18:00")
        // Alone, each would leave IN, IN or OUT, OUT behind: refused, as before.
        let alone = h.run("punch", "void", "2", "--reason", "slip of the finger")
        #expect(alone.status != 0 && alone.err.contains("punches must alternate IN, OUT, IN, OUT"), "\(alone.err)")
        #expect(
            h.run("punch", "void", "1", "2", "--reason", "slip of the finger").out == """
                voided punch 1: E001 IN at 2026-11-18 09:02 on 2026-11-18
                voided punch 2: E001 OUT at 2026-11-18 09:03 on 2026-11-18
                2026-11-18 is now L (late); flags: late, corrected

                """)
        let audit = h.run("audit", "--format", "json").out
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(audit.utf8)) as? [[String: Any]])
        let voids = entries.filter { $0["action"] as? String == "void" }
        #expect(voids.map { $0["key"] as? String } == ["1", "2"], "\(audit)")
        #expect(voids.allSatisfy { $0["reason"] as? String == "slip of the finger" })
        #expect(
            h.run("punch", "restore", "1", "2", "--reason", "they were real").out == """
                restored punch 1: E001 IN at 2026-11-18 09:02 on 2026-11-18
                restored punch 2: E001 OUT at 2026-11-18 09:03 on 2026-11-18
                2026-11-18 is now P (present); flags: corrected

                """)
    }

    @Test("several punches whose change together breaks a date are refused whole: nothing is stored")
    func voidSeveralAllOrNothing() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.out, "2026-11-18 13:00")
        try h.kiosk(.in, "2026-11-18 14:00")
        try h.kiosk(.out, "2026-11-18 18:00")
        let before = h.run("audit").out
        let refused = h.run("punch", "void", "2", "4", "--reason", "wrong")
        #expect(refused.status == 65, "\(refused.err)")
        #expect(
            refused.err.contains(
                "on 2026-11-18, IN at 09:02 (punch 1) would be followed by IN at 14:00 (punch 3); punches must alternate"
            ), "\(refused.err)")
        #expect(refused.out == "")
        #expect(h.run("audit").out == before)
        let twice = h.run("punch", "void", "2", "2", "--reason", "wrong")
        #expect(twice.status == 65 && twice.err == "attendance: punch 2 is named twice; name each punch once\n")
        let void = h.run("punch", "void", "1", "3", "--reason", "wrong")
        #expect(void.status != 0)
        #expect(h.run("audit").out == before)
    }

    @Test("punch list shows void punches, times after midnight, JSON and CSV")
    func list() throws {
        try h.kiosk(.in, "2026-11-19 20:00")
        try h.kiosk(.out, "2026-11-20 01:30")
        h.run("punch", "void", "2", "--reason", "test")
        #expect(
            h.run("punch", "list", "E001", "--date", "2026-11-19").out.withoutTrailingSpaces == """
                ID  DATE        TIME       KIND  SOURCE     WIFI  VOID  CORRECTED                    NOTE
                --  ----------  ---------  ----  ---------  ----  ----  ---------------------------  ----
                 1  2026-11-19  20:00      IN    simulated  HQ
                 2  2026-11-19  01:30 +1d  OUT   simulated  HQ    void  voided by tester (uid 1000)

                """)
        #expect(
            h.run("punch", "list", "E001", "--date", "2026-11-19", "--format", "csv").out
                == "id,code,attendance_date,local_time,timestamp,kind,source,ssid,bssid,location,corrected,voided,"
                + "original_timestamp,correction_summary,note\r\n"
                + "1,E001,2026-11-19,2026-11-19 20:00,2026-11-19T20:00:00+05:30,in,simulated,OfficeNet,aa:bb:cc:dd:ee:01,HQ,no,no,,,\r\n"
                + "2,E001,2026-11-19,2026-11-20 01:30,2026-11-20T01:30:00+05:30,out,simulated,OfficeNet,aa:bb:cc:dd:ee:01,HQ,yes,yes,,voided by tester (uid 1000),\r\n"
        )
        let json = h.run("punch", "list", "E001", "--month", "2026-11", "--format", "json").out
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["voided"] as? Bool } == [false, true])
        #expect(rows.map { $0["corrected"] as? Bool } == [false, true])
        #expect(rows.map { $0["correction_summary"] as? String } == [nil, "voided by tester (uid 1000)"])
        let corrections = try #require(rows[1]["corrections"] as? [[String: Any]])
        #expect(corrections.first?["action"] as? String == "void")
        #expect(corrections.first?["reason"] as? String == "test")
        #expect(corrections.first?["at"] as? String == "2026-11-21T08:33:20Z")
        #expect(h.run("punch", "list", "E001", "--month", "2026-10").out == "no punches for E001 in October 2026\n")
        let both = h.run("punch", "list", "E001", "--month", "2026-10", "--date", "2026-10-01")
        #expect(both.status == 64 && both.err == "attendance: give --date or --month, not both\n")
    }

    @Test(
        "every refused correction exits 65 with one clear message and changes nothing",
        arguments: [
            (
                ["punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out"],
                "a reason is required: say why with --reason TEXT"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "  "],
                "a reason is required: say why with --reason TEXT"
            ),
            (
                ["punch", "void", "1", "--reason", "x\u{7}"],
                "invalid reason \"x\\x07\": expected at most 500 characters without control characters"
            ),
            (
                [
                    "punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "r", "--note",
                    String(repeating: "n", count: 501),
                ],
                "invalid note \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…\": expected at most 500 characters without control characters"
            ),
            (
                [
                    "punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "r", "--note",
                    "tab\there",
                ],
                "invalid note \"tab\\x09here\": expected at most 500 characters without control characters"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-21 14:04", "--kind", "out", "--reason", "r"],
                "2026-11-21 14:04 is in the future (it is now 2026-11-21 14:03); punches can only be entered for times that have passed"
            ),
            (
                ["punch", "retime", "1", "--at", "2026-11-22 09:00", "--reason", "r"],
                "2026-11-22 09:00 is in the future (it is now 2026-11-21 14:03); punches can only be entered for times that have passed"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-18 08:00", "--kind", "in", "--reason", "r"],
                "on 2026-11-18, the new IN at 08:00 would be followed by IN at 09:02 (punch 1); punches must alternate IN, OUT, IN, OUT"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-18 09:02", "--kind", "out", "--reason", "r"],
                "on 2026-11-18, the session from IN at 09:02 (punch 1) to the new OUT at 09:02 would be shorter than 1 minute"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-19 03:30", "--kind", "out", "--reason", "r"],
                "on 2026-11-18, the session from IN at 09:02 (punch 1) to the new OUT at 2026-11-19 03:30 would be longer than max_session_hours (16)"
            ),
            (
                ["punch", "retime", "1", "--at", "2026-11-19 09:02", "--reason", "r"],
                "on 2026-11-19, IN at 09:02 (punch 1) would be followed by IN at 09:05 (punch 2); punches must alternate IN, OUT, IN, OUT"
            ),
            (
                ["punch", "retime", "1", "--at", "2026-11-18 09:02", "--reason", "r"],
                "punch 1 is already at 2026-11-18 09:02"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-10-20 09:00", "--kind", "in", "--reason", "r"],
                "2026-10-20 is more than 30 days ago ([policy] edit_window_days); add --force to correct it anyway (the correction is flagged)"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-18 25:00", "--kind", "out", "--reason", "r"],
                "invalid time \"2026-11-18 25:00\": expected \"YYYY-MM-DD HH:MM\", local time in Asia/Kolkata, optionally with its UTC offset"
            ),
            (
                ["punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "sideways", "--reason", "r"],
                "invalid kind \"sideways\": expected in or out"
            ),
            (
                ["punch", "add", "E404", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "r"],
                "no employee has code \"E404\""
            ),
            (["punch", "void", "99", "--reason", "r"], "no punch has id 99; see `attendance punch list CODE`"),
            (
                ["punch", "void", "3a", "--reason", "r"],
                "invalid punch id \"3a\": expected a punch's number from `attendance punch list`"
            ),
            (["punch", "restore", "1", "--reason", "r"], "punch 1 is not void; there is nothing to restore"),
        ])
    func refusals(arguments: [String], message: String) throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.in, "2026-11-19 09:05")
        let result = h.run(arguments)
        #expect(result.status == 65)
        #expect(result.err == "attendance: \(message)\n")
        #expect(result.out.isEmpty)
        #expect(h.run("audit").out.contains("punch") == false)
    }

    @Test("a punch added, re-timed or restored outside employment is refused, as an import of it would be")
    func outsideEmployment() throws {
        #expect(h.run("employee", "edit", "E001", "--start-date", "2026-11-10").status == 0)
        let refused =
            "attendance: E001 is not employed on 2026-11-09 (employed from 2026-11-10): a punch there would show \"–\" and "
            + "count nothing; nothing was changed — if they worked then, change their dates first (attendance employee "
            + "edit E001)\n"
        let added = h.run("punch", "add", "E001", "--at", "2026-11-09 09:00", "--kind", "in", "--reason", "typo")
        #expect(added.status == 65 && added.err == refused)
        try h.kiosk(.in, "2026-11-10 09:00")
        let moved = h.run("punch", "retime", "1", "--at", "2026-11-09 09:00", "--reason", "typo")
        #expect(moved.status == 65 && moved.err == refused)
        // Voiding is always possible; restoring after the dates moved is refused in the same words.
        #expect(h.run("punch", "void", "1", "--reason", "wrong person").status == 0)
        #expect(h.run("employee", "edit", "E001", "--start-date", "2026-11-11").status == 0)
        let restored = h.run("punch", "restore", "1", "--reason", "right person after all")
        #expect(restored.status == 65 && restored.err.hasPrefix("attendance: E001 is not employed on 2026-11-10 "))
        let audit = h.run("audit").out
        #expect(audit.contains("wrong person") && !audit.contains("typo") && !audit.contains("right person after all"))
    }

    @Test("--force reaches past the edit window and the correction is flagged")
    func force() {
        let result = h.run(
            "punch", "add", "E001", "--at", "2026-10-20 09:00", "--kind", "in", "--reason", "paper records", "--force")
        #expect(result.status == 0)
        #expect(
            result.out == """
                added punch 1: E001 IN at 2026-10-20 09:00 on 2026-10-20
                flagged: outside the 30-day edit window, forced with --force
                2026-10-20 is now M (missing mark-out); flags: corrected, missing mark-out

                """)
        #expect(h.run("punch", "list", "E001", "--month", "2026-10").out.contains("added by tester (uid 1000), forced"))
    }

    @Test("missing lists every M date with its open punch and the command; running it closes the date")
    func missing() throws {
        h.run("employee", "add", "E002", "--name", "Bo", "--start-date", "2026-10-01")
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.out, "2026-11-18 18:00")
        try h.kiosk(.in, "2026-11-19 09:10")
        try h.kiosk(.in, "2026-11-21 09:00")  // today: IN, not M
        #expect(
            h.run("missing").out == """
                CODE  NAME      DATE        OPEN PUNCH          TO CLOSE IT
                ----  --------  ----------  ------------------  ------------------------------------------------------------------------------------------------------
                E001  Asha Rao  2026-11-19  IN 09:10 (punch 3)  attendance punch add E001 --at "2026-11-19 18:00" --kind out --reason "<why, e.g. forgot to mark out>"
                1 missing mark-out in the last 30 days

                """)
        let json = h.run("missing", "--format", "json").out
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(items.map { $0["punch_id"] as? Int } == [3])
        #expect(items.first?["punch_time"] as? String == "2026-11-19 09:10")
        let close = h.run("punch", "add", "E001", "--at", "2026-11-19 18:00", "--kind", "out", "--reason", "forgot")
        #expect(close.out.hasSuffix("2026-11-19 is now P (present); flags: corrected\n"))
        #expect(h.run("missing").out == "no missing mark-outs in the last 30 days\n")
        #expect(h.run("missing", "--month", "2026-10").out == "no missing mark-outs in October 2026\n")
    }

    @Test("a correction on a date of leave or a holiday reports the status the calendar shows")
    func correctionOnLeaveAndHoliday() throws {
        #expect(h.run("leave", "add", "E001", "2026-11-16", "--half", "--reason", "dentist").status == 0)
        #expect(h.run("leave", "add", "E001", "2026-11-17", "--reason", "sick").status == 0)
        #expect(h.run("holiday", "add", "2026-11-18", "--name", "Founders' Day").status == 0)
        for date in ["2026-11-16", "2026-11-17", "2026-11-18"] {
            try h.kiosk(.in, "\(date) 10:00")
        }
        let added = ["2026-11-16", "2026-11-17", "2026-11-18"].map { date in
            h.run("punch", "add", "E001", "--at", "\(date) 17:00", "--kind", "out", "--reason", "forgot").out
        }
        #expect(added[0].hasSuffix("2026-11-16 is now HD (half day); flags: corrected, half-day leave\n"))
        #expect(added[1].hasSuffix("2026-11-17 is now LV (leave); flags: corrected\n"))
        #expect(
            added[2].hasSuffix("2026-11-18 is now P (present); flags: worked on holiday, corrected\n"))
        // Each line is what the date's own detail says.
        for (date, line) in zip(["2026-11-16", "2026-11-17", "2026-11-18"], added) {
            let status = try #require(line.split(separator: "\n").last?.split(separator: " ")[3])
            #expect(h.run("calendar", "E001", "--day", date).out.contains("Status:   \(status)"), "\(date)")
        }
        // An open session on full leave leaves it LV (flagged), not M, and not on the missing list.
        #expect(
            h.run("punch", "void", "5", "--reason", "typo").out.hasSuffix(
                "2026-11-17 is now LV (leave); flags: corrected, missing mark-out\n"))
        #expect(h.run("missing").out == "no missing mark-outs in the last 30 days\n")
    }

    @Test("a punch stored with the clock gone back to an earlier date is flagged there until it is corrected")
    func clockWentBackAcrossDates() throws {
        try h.kiosk(.in, "2026-11-19 09:00")
        try h.kiosk(.out, "2026-11-19 18:00")
        // The kiosk's clock then reads a day earlier: the punch is taken, and said to be flagged.
        let back = try h.kiosk(.in, "2026-11-18 09:05")
        let backOut = try h.kiosk(.out, "2026-11-18 18:00")
        let day = h.run("calendar", "E001", "--day", "2026-11-18").out
        #expect(day.contains("Flags:    clock went back\n"), "\(day)")
        #expect(h.run("calendar", "E001", "--month", "2026-11").out.contains("  Wed 18  P   clock went back\n"))
        #expect(!h.run("calendar", "E001", "--day", "2026-11-19").out.contains("clock went back"))
        // The register's reduced read carries it too: its JSON lists the date among those to look at.
        let json = h.run("calendar", "E001", "--month", "2026-11", "--format", "json").out
        #expect(json.contains("clock went back"), "\(json)")
        // The manager sets both punches' times (each was stored behind the 19th's): the date is
        // no longer flagged once the last is done.
        #expect(
            h.run("punch", "retime", "\(back)", "--at", "2026-11-18 09:06", "--reason", "clock was off").status == 0)
        #expect(h.run("calendar", "E001", "--day", "2026-11-18").out.contains("clock went back"))
        #expect(
            h.run("punch", "retime", "\(backOut)", "--at", "2026-11-18 18:01", "--reason", "clock was off").status == 0)
        #expect(!h.run("calendar", "E001", "--day", "2026-11-18").out.contains("clock went back"))
    }

    @Test("missing adds --force to the command for a date past the edit window, and that command is taken")
    func missingPastEditWindow() throws {
        try h.kiosk(.in, "2026-10-05 09:10")
        let out = h.run("missing", "--month", "2026-10").out
        let command =
            #"attendance punch add E001 --at "2026-10-05 18:00" --kind out --force --reason "<why, e.g. forgot to mark out>""#
        #expect(out.contains(command), "\(out)")
        let run = h.run(
            "punch", "add", "E001", "--at", "2026-10-05 18:00", "--kind", "out", "--force", "--reason", "forgot")
        #expect(run.status == 0, "\(run.err)")
        try h.kiosk(.in, "2026-11-20 09:10")
        #expect(h.run("missing").out.contains(#"--at "2026-11-20 18:00" --kind out --reason"#))
    }

    @Test("without a month, missing lists every open day the edit window still reaches, oldest first")
    func missingAcrossMonths() throws {
        try h.kiosk(.in, "2026-11-05 09:10")
        try h.kiosk(.in, "2026-10-25 09:00")
        try h.kiosk(.in, "2026-10-20 09:00")  // 32 days back: past the 30-day window
        let out = h.run("missing").out
        let dates = out.split(separator: "\n").compactMap { $0.split(separator: "  ").dropFirst(2).first }
        #expect(dates == ["DATE", "----------", "2026-10-25", "2026-11-05"], "\(out)")
        #expect(out.hasSuffix("2 missing mark-outs in the last 30 days\n"), "\(out)")
        #expect(h.run("missing", "--month", "2026-10").out.contains("2026-10-20"))
    }

    @Test("missing suggests an OUT on the IN's own night when the IN came after midnight")
    func missingAfterMidnight() throws {
        try h.kiosk(.in, "2026-11-19 01:00")  // before day_change: it belongs to 2026-11-18
        let out = h.run("missing").out
        #expect(out.contains("2026-11-18  IN 2026-11-19 01:00 (punch 1)"))
        #expect(out.contains(#"attendance punch add E001 --at "2026-11-19 HH:MM" --kind out"#))
        #expect(h.run("punch", "add", "E001", "--at", "2026-11-19 02:00", "--kind", "out", "--reason", "r").status == 0)
    }

    @Test("a session over max_session_hours is M too; missing suggests re-timing its OUT")
    func missingOverMax() throws {
        try h.kiosk(.in, "2026-11-17 09:00")
        try h.kiosk(.out, "2026-11-18 03:30")
        #expect(
            h.run("missing").out.withoutTrailingSpaces == """
                CODE  NAME      DATE        OPEN PUNCH                                                       TO CLOSE IT
                ----  --------  ----------  ---------------------------------------------------------------  -------------------------------------------------------------------------------------------
                E001  Asha Rao  2026-11-17  IN 09:00 (punch 1) to OUT 2026-11-18 03:30 (punch 2), over 16 h  attendance punch retime 2 --at "2026-11-17 18:00" --reason "<why, e.g. forgot to mark out>"
                1 missing mark-out in the last 30 days

                """)
        #expect(h.run("punch", "retime", "2", "--at", "2026-11-17 18:00", "--reason", "pressed late").status == 0)
        #expect(h.run("missing").out == "no missing mark-outs in the last 30 days\n")
    }

    @Test("--by is recorded beside the OS user and uid, never instead of them")
    func byKeepsTheOSUser() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        h.run(
            "punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "forgot", "--by",
            "Boss Lady")
        h.run("employee", "add", "E002", "--name", "Bo", "--start-date", "2026-10-01")
        let json = h.run("audit", "--format", "json").out
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(
            entries.map { $0["actor"] as? String }
                == ["tester (uid 1000)", "Boss Lady via tester (uid 1000)", "tester (uid 1000)"])
        #expect(
            h.run("audit").out.contains(
                "2026-11-21 14:03  Boss Lady via tester (uid 1000)  added punch 2 of E001 (OUT 18:00 on 2026-11-18)\n"))
        #expect(h.run("punch", "list", "E001").out.contains("added by Boss Lady via tester (uid 1000)"))
    }

    @Test("audit words each correction and change: voided, restored, re-timed, an employee's changed fields")
    func auditInWords() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.out, "2026-11-18 18:00")
        #expect(h.run("punch", "void", "1", "2", "--reason", "wrong person").status == 0)
        #expect(h.run("punch", "restore", "1", "2", "--reason", "right person after all").status == 0)
        #expect(h.run("punch", "retime", "1", "--at", "2026-11-18 09:10", "--reason", "clock was fast").status == 0)
        #expect(h.run("employee", "edit", "E001", "--shift-start", "10:00", "--shift-end", "18:30").status == 0)
        #expect(
            h.run("audit").out == """
                2026-11-21 14:03  tester (uid 1000)  added employee E001
                  set: active yes, code E001, name Asha Rao, start_date 2026-10-01
                2026-11-21 14:03  tester (uid 1000)  voided punch 1 of E001 (IN 09:02 on 2026-11-18)
                  why: wrong person
                2026-11-21 14:03  tester (uid 1000)  voided punch 2 of E001 (OUT 18:00 on 2026-11-18)
                  why: wrong person
                2026-11-21 14:03  tester (uid 1000)  restored punch 1 of E001 (IN 09:02 on 2026-11-18)
                  why: right person after all
                2026-11-21 14:03  tester (uid 1000)  restored punch 2 of E001 (OUT 18:00 on 2026-11-18)
                  why: right person after all
                2026-11-21 14:03  tester (uid 1000)  re-timed punch 1 of E001 (IN 09:02 → 09:10 on 2026-11-18)
                  why: clock was fast
                2026-11-21 14:03  tester (uid 1000)  edited employee E001
                  changed: shift_end – → 18:30; shift_start – → 10:00

                """)
    }

    @Test(
        "audit speaks --language fr, else the locale's Spanish; codes, times, field names and reasons stay as recorded")
    func auditInTheReadersLanguage() throws {
        h.readBuiltCatalogs()
        try h.kiosk(.in, "2026-11-18 09:02")
        try h.kiosk(.out, "2026-11-18 18:00")
        #expect(h.run("punch", "void", "2", "--reason", "wrong person").status == 0)
        #expect(h.run("punch", "retime", "1", "--at", "2026-11-18 09:10", "--reason", "clock was fast").status == 0)
        #expect(h.run("employee", "edit", "E001", "--shift-start", "10:00", "--shift-end", "18:30").status == 0)
        #expect(
            h.run("audit", "--language", "fr").out == """
                2026-11-21 14:03  tester (uid 1000)  ajout : employé E001
                  défini : active oui, code E001, name Asha Rao, start_date 2026-10-01
                2026-11-21 14:03  tester (uid 1000)  annulation du pointage 2 de E001 (OUT 18:00 le 2026-11-18)
                  motif : wrong person
                2026-11-21 14:03  tester (uid 1000)  changement d'heure du pointage 1 de E001 (IN 09:02 → 09:10 le 2026-11-18)
                  motif : clock was fast
                2026-11-21 14:03  tester (uid 1000)  modification : employé E001
                  modifié : shift_end – → 18:30; shift_start – → 10:00

                """)
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("audit").out
        #expect(spanish.contains("  añadido: empleado E001\n  fijado: active sí, code E001, "), "\(spanish)")
        #expect(
            spanish.contains("  anulado el fichaje 2 de E001 (OUT 18:00 el 2026-11-18)\n  motivo: wrong person\n"),
            "\(spanish)")
        #expect(h.run("audit", "--month", "2026-10").out == "ninguna entrada en el registro de auditoría\n")
        // JSON is the same in every language.
        let json = h.run("audit", "--format", "json").out
        h.environment["LANG"] = "C"
        #expect(h.run("audit", "--format", "json").out == json)
        #expect(
            h.run("audit").out.contains("  voided punch 2 of E001 (OUT 18:00 on 2026-11-18)\n  why: wrong person\n"))
    }

    @Test("audit shows who, when (local time), what in words and why, for one employee and month; JSON as recorded")
    func audit() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        h.run(
            "punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "forgot", "--by",
            "Priya Nair")
        h.run("employee", "add", "E002", "--name", "Bo", "--start-date", "2026-10-01")
        #expect(
            h.run("audit", "--employee", "e001", "--month", "2026-11").out == """
                2026-11-21 14:03  tester (uid 1000)  added employee E001
                  set: active yes, code E001, name Asha Rao, start_date 2026-10-01
                2026-11-21 14:03  Priya Nair via tester (uid 1000)  added punch 2 of E001 (OUT 18:00 on 2026-11-18)
                  why: forgot

                """)
        #expect(h.run("audit", "--month", "2026-10").out == "no audit entries\n")
        let json = h.run("audit", "--format", "json").out
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(
            entries.map { $0["actor"] as? String }
                == ["tester (uid 1000)", "Priya Nair via tester (uid 1000)", "tester (uid 1000)"])
        #expect(entries[1]["reason"] as? String == "forgot")
        #expect(entries[1]["at"] as? String == "2026-11-21T08:33:20Z")
        #expect(
            entries[1]["new"] as? String
                == #"{"attendance_date":"2026-11-18","employee":"E001","id":2,"kind":"out","note":null,"source":"manual","time":"2026-11-18T18:00:00+05:30","voided":false}"#
        )
        let unknown = h.run("audit", "--employee", "E404")
        #expect(unknown.status == 65 && unknown.err == "attendance: no employee has code \"E404\"\n")
    }
}

extension String {
    /// Each line without the spaces a table pads its last filled column with.
    var withoutTrailingSpaces: String {
        split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }
}
