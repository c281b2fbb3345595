import AttendanceCommands
import Foundation
import Testing

/// `attendance holiday` and `attendance leave`.
@Suite("Holiday and leave commands")
struct HolidayLeaveCommandTests {
    let h = CommandHarness()

    @Test("holiday add, list by year, remove; a second holiday on a date is refused with 65")
    func holidays() {
        #expect(
            h.run("holiday", "add", "2026-01-26", "--name", "Republic Day").out
                == "added holiday 2026-01-26 Republic Day\n")
        h.run("holiday", "add", "2026-11-09", "--name", "Diwali")
        h.run("holiday", "add", "2027-01-26", "--name", "Republic Day")
        #expect(
            h.run("holiday", "list").out == """
                DATE        DAY  NAME
                ----------  ---  ------------
                2026-01-26  Mon  Republic Day
                2026-11-09  Mon  Diwali

                """)
        #expect(
            h.run("holiday", "list", "--year", "2027", "--format", "csv").out
                == "date,weekday,name\r\n2027-01-26,Tue,Republic Day\r\n")
        let again = h.run("holiday", "add", "2026-11-09", "--name", "Deepavali")
        #expect(again.status == 65)
        #expect(
            again.err
                == "attendance: 2026-11-09 is already a holiday (\"Diwali\"); remove it first to rename it; nothing was added\n"
        )
        #expect(h.run("holiday", "remove", "2026-11-09").out == "removed holiday 2026-11-09 Diwali\n")
        #expect(h.run("holiday", "remove", "2026-11-09").err == "attendance: 2026-11-09 is not in the holiday list\n")
        #expect(h.run("holiday", "list", "--year", "2030").out.hasPrefix("no holidays in 2030;"))
    }

    @Test("holiday list takes the year as a word too, as it is read aloud: `holiday list 2027`")
    func holidayListPositionalYear() {
        h.run("holiday", "add", "2026-11-09", "--name", "Diwali")
        h.run("holiday", "add", "2027-01-26", "--name", "Republic Day")
        let positional = h.run("holiday", "list", "2027")
        #expect(positional.status == 0, "\(positional.err)")
        #expect(positional.out == h.run("holiday", "list", "--year", "2027").out)
        #expect(positional.out.contains("2027-01-26") && !positional.out.contains("Diwali"))
        let both = h.run("holiday", "list", "2027", "--year", "2026")
        #expect(both.status == 64 && both.err.contains("give the year once"), "\(both.err)")
    }

    static let ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Office//Holidays//EN\r
        BEGIN:VEVENT\r
        UID:a\r
        DTSTART;VALUE=DATE:20261109\r
        DTEND;VALUE=DATE:20261111\r
        SUMMARY:Diwali\\, Govardhan\r
          Puja\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:b\r
        DTSTART;VALUE=DATE:20261225\r
        SUMMARY:Christmas\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:c\r
        DTSTART:20261201T100000Z\r
        SUMMARY:All-hands\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:d\r
        DTSTART;VALUE=DATE:20260101\r
        RRULE:FREQ=YEARLY\r
        SUMMARY:New Year\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test(
        "holiday import adds all-day and repeating events, lists timed ones as skipped, exits 0, and adds nothing twice"
    )
    func importCalendar() throws {
        let file = h.folder + "/holidays.ics"
        try Self.ics.write(toFile: file, atomically: true, encoding: .utf8)
        let first = h.run("holiday", "import", file)
        #expect(first.status == 0)
        #expect(first.err.isEmpty)
        #expect(
            first.out == """
                added 2026-01-01 New Year
                added 2026-11-09 Diwali, Govardhan Puja
                added 2026-11-10 Diwali, Govardhan Puja
                added 2026-12-25 Christmas
                added 2027-01-01 New Year
                added 2028-01-01 New Year
                skipped holidays.ics:18: event "All-hands" has a time (DTSTART:20261201T100000Z); only all-day events can be holidays
                repeating events expanded for 2026 through 2028 (to the end of the year after next)
                imported 6 holidays from holidays.ics; 1 skipped (listed above)

                """)
        let second = h.run("holiday", "import", file)
        #expect(second.status == 0 && second.err.isEmpty)
        #expect(
            second.out.hasSuffix(
                "imported 0 holidays from holidays.ics; 6 already in the list; 1 skipped (listed above)\n"))
        #expect(
            h.run("holiday", "list", "--year", "2026", "--format", "json").out.components(separatedBy: "\"date\"").count
                == 5)
        let clean = h.folder + "/clean.ics"
        try
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:20260815\nSUMMARY:Independence Day\nEND:VEVENT\nEND:VCALENDAR\n"
            .write(toFile: clean, atomically: true, encoding: .utf8)
        let ok = h.run("holiday", "import", clean)
        #expect(ok.status == 0 && ok.err.isEmpty)
        #expect(
            h.run("holiday", "import", h.folder + "/none.ics").err
                == "attendance: \(h.folder)/none.ics does not exist\n")
    }

    @Test(
        "two holidays on one date become one named \"A / B\"; import and re-import exit 0, in a CR-only file with a BOM too"
    )
    func importSharedDate() throws {
        let file = h.folder + "/de.ics"
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20260514", "SUMMARY:Christi Himmelfahrt", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20260514", "SUMMARY:Vatertag", "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r")  // and a byte-order mark, as some exporters write
        try ("\u{FEFF}" + text).write(toFile: file, atomically: true, encoding: .utf8)
        let first = h.run("holiday", "import", file)
        #expect(first.status == 0 && first.err.isEmpty)
        #expect(first.out == "added 2026-05-14 Christi Himmelfahrt / Vatertag\nimported 1 holiday from de.ics\n")
        let again = h.run("holiday", "import", file)
        #expect(again.status == 0 && again.err.isEmpty)
        #expect(again.out == "imported 0 holidays from de.ics; 1 already in the list\n")
    }

    @Test(
        "an event whose RRULE has a part that is not supported is reported with its line and exit 65; the others are imported"
    )
    func importUnsupportedRule() throws {
        let file = h.folder + "/weekno.ics"
        try """
        BEGIN:VCALENDAR
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20260105
        RRULE:FREQ=YEARLY;BYWEEKNO=2;BYDAY=MO
        SUMMARY:Week two
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20260126
        RRULE:FREQ=YEARLY;UNTIL=20271231
        SUMMARY:Republic Day
        END:VEVENT
        END:VCALENDAR

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = h.run("holiday", "import", file)
        #expect(result.status == 65)
        #expect(
            result.out == """
                added 2026-01-26 Republic Day
                added 2027-01-26 Republic Day
                repeating events expanded for 2026 through 2028 (to the end of the year after next)
                imported 2 holidays from weekno.ics

                """)
        #expect(
            result.err == """
                attendance: \(file):4: event "Week two" is not imported: invalid RRULE part "BYWEEKNO=2": expected one of FREQ, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS or WKST (BYWEEKNO is not supported)
                attendance: 1 event in \(file) could not be imported (listed above)

                """)
    }

    @Test("a closure: holiday add --to adds every date or none; holiday remove --to takes the range's holidays")
    func holidayRanges() {
        h.run("holiday", "add", "2026-12-25", "--name", "Christmas Day")
        let clash = h.run("holiday", "add", "2026-12-24", "--to", "2026-12-31", "--name", "Year-end closure")
        #expect(clash.status == 65)
        #expect(
            clash.err
                == "attendance: 2026-12-25 is already a holiday (\"Christmas Day\"); remove it first to rename it; "
                + "nothing was added\n")
        #expect(!h.run("holiday", "list", "--year", "2026").out.contains("Year-end closure"))
        #expect(
            h.run("holiday", "add", "2026-12-26", "--to", "2026-12-31", "--name", "Year-end closure").out
                == "added holiday Year-end closure on 6 dates from 2026-12-26 to 2026-12-31\n")
        #expect(h.run("holiday", "add", "2026-12-31", "--to", "2026-12-30", "--name", "x").status == 65)
        #expect(h.run("holiday", "add", "2026-01-01", "--to", "2027-01-01", "--name", "x").status == 65)
        #expect(
            h.run("holiday", "remove", "2026-12-30", "--to", "2027-01-05").out
                == "removed holiday 2026-12-30 Year-end closure\nremoved holiday 2026-12-31 Year-end closure\n")
        let none = h.run("holiday", "remove", "2027-02-01", "--to", "2027-02-10")
        #expect(
            none.status == 65
                && none.err == "attendance: no date from 2027-02-01 to 2027-02-10 is in the holiday list\n")
        #expect(h.run("holiday", "remove", "2026-12-25").out == "removed holiday 2026-12-25 Christmas Day\n")
    }

    @Test("leave outside employment is refused, naming the dates; nothing of the range is recorded")
    func leaveOutsideEmployment() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-11-04")
        let refused = h.run("leave", "add", "E001", "2026-11-02", "--to", "2026-11-05", "--reason", "trip")
        #expect(refused.status == 65)
        #expect(
            refused.err
                == "attendance: E001 is not employed on 2026-11-02, 2026-11-03 (employed from 2026-11-04): leave there "
                + "would show \"–\" and count nothing; nothing was changed — if they worked then, change their dates "
                + "first (attendance employee edit E001)\n")
        #expect(h.run("leave", "list", "E001", "--month", "2026-11").out.hasPrefix("no leave"))
    }

    @Test("leave add for a date and a range skips weekly offs and holidays; list and remove")
    func leave() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-11-01")
        h.run("holiday", "add", "2026-11-09", "--name", "Diwali")
        #expect(
            h.run("leave", "add", "E001", "2026-11-06", "--to", "2026-11-10", "--reason", "Festival trip").out == """
                recorded leave for E001 on 2 dates from 2026-11-06 to 2026-11-10 (full day)
                skipped 2026-11-07 (weekly off), 2026-11-08 (weekly off), 2026-11-09 (holiday Diwali)

                """)
        #expect(
            h.run("leave", "add", "e001", "2026-11-12", "--half", "--reason", "Doctor").out
                == "recorded leave for E001 on 2026-11-12 (half day)\n")
        let twice = h.run("leave", "add", "E001", "2026-11-10", "--to", "2026-11-11", "--reason", "x")
        #expect(twice.status == 65)
        #expect(twice.err == "attendance: E001 already has leave on 2026-11-10; nothing was recorded\n")
        #expect(
            h.run("leave", "list", "E001", "--month", "2026-11").out == """
                DATE        CODE  KIND      TYPE    REASON
                ----------  ----  --------  ------  -------------
                2026-11-06  E001  full day  annual  Festival trip
                2026-11-10  E001  full day  annual  Festival trip
                2026-11-12  E001  half day  annual  Doctor

                """)
        #expect(
            h.run("leave", "remove", "E001", "2026-11-06", "--to", "2026-11-10").out
                == "removed leave for E001 on 2026-11-06, 2026-11-10\n")
        #expect(h.run("leave", "remove", "E001", "2026-11-06").err == "attendance: E001 has no leave on 2026-11-06\n")
        let weekend = h.run("leave", "add", "E001", "2026-11-07", "--to", "2026-11-08", "--reason", "x")
        #expect(weekend.status == 65)
        #expect(
            weekend.err
                == "attendance: no working date to take leave on: 2026-11-07 (weekly off), 2026-11-08 (weekly off)\n")
        #expect(
            h.run("leave", "add", "E404", "2026-11-16", "--reason", "x").err
                == "attendance: no employee has code \"E404\"\n")
        let log = h.run("leave", "list", "--format", "json").out
        #expect(log.contains("\"kind\" : \"half day\""))
    }
}
