import Testing

@testable import AttendanceCore

/// Reading holidays from iCalendar text.
@Suite("iCalendar holidays")
struct ICalendarTests {
    static func calendar(_ body: String, lineEnd: String = "\r\n") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + body.split(separator: "\n").map(String.init)
            + ["END:VCALENDAR"]).joined(separator: lineEnd) + lineEnd
    }

    static func pairs(_ parsed: ICalendarHolidays) -> [String] { parsed.holidays.map { "\($0.date) \($0.name)" } }

    @Test("an all-day event is one holiday; DTEND is exclusive so a one-day event ends the next day")
    func singleDay() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                UID:1
                DTSTART;VALUE=DATE:20260126
                DTEND;VALUE=DATE:20260127
                SUMMARY:Republic Day
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-01-26 Republic Day"])
        #expect(parsed.problems.isEmpty)
    }

    @Test("a multi-day range takes every date up to, not including, DTEND; across a month end too")
    func range() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261230
                DTEND;VALUE=DATE:20270102
                SUMMARY:Year-end closure
                END:VEVENT
                """))
        #expect(
            Self.pairs(parsed) == [
                "2026-12-30 Year-end closure", "2026-12-31 Year-end closure", "2027-01-01 Year-end closure",
            ])
    }

    @Test("without DTEND one date; a DURATION of days or weeks gives the range")
    func durations() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART:20260815
                SUMMARY:Independence Day
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261102
                DURATION:P2D
                SUMMARY:Diwali
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-08-15 Independence Day", "2026-11-02 Diwali", "2026-11-03 Diwali"])
    }

    @Test("folded lines are unfolded and SUMMARY escapes are read: \\, \\; \\\\ and \\n")
    func foldingAndEscapes() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261225
                SUMMARY;LANGUAGE=en:Christmas\\, Boxing\\; and a very long name that a
                  calendar program folded\\\\split\\nover lines
                END:VEVENT
                """))
        #expect(
            Self.pairs(parsed) == [
                "2026-12-25 Christmas, Boxing; and a very long name that a calendar program folded\\split over lines"
            ])
    }

    @Test("LF line ends work as well as CRLF")
    func bareLineFeeds() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar("BEGIN:VEVENT\nDTSTART;VALUE=DATE:20260501\nSUMMARY:May Day\nEND:VEVENT", lineEnd: "\n"))
        #expect(Self.pairs(parsed) == ["2026-05-01 May Day"])
    }

    @Test("timed, repeating, undated, unnamed and cancelled events are reported with their line")
    func unsupported() {
        let text = Self.calendar(
            """
            BEGIN:VEVENT
            DTSTART:20260310T090000Z
            DTEND:20260310T170000Z
            SUMMARY:Offsite
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20260101
            RRULE:FREQ=YEARLY
            SUMMARY:New Year
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Someday
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20260704
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20260707
            STATUS:CANCELLED
            SUMMARY:Picnic
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;TZID=Europe/Berlin:20260601T000000
            SUMMARY:Zoned
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20260901
            DTEND;VALUE=DATE:20260901
            SUMMARY:Backwards
            END:VEVENT
            """)
        let parsed = ICalendarHolidays(parsing: text)
        #expect(parsed.holidays.isEmpty)
        #expect(
            parsed.problems.map(\.description) == [
                "line 5: event \"Offsite\" has a time (DTSTART:20260310T090000Z); only all-day events can be holidays",
                "line 11: event \"New Year\" repeats (RRULE); repeating events are not supported — list each date as its own event",
                "line 14: event \"Someday\" has no DTSTART",
                "line 17: event on 2026-07-04 has no SUMMARY to name the holiday",
                "line 22: event \"Picnic\" is cancelled (STATUS:CANCELLED); skipped",
                "line 26: event \"Zoned\" has a time (DTSTART;TZID=Europe/Berlin:20260601T000000); only all-day events can be holidays",
                "line 31: event \"Backwards\" ends (DTEND 2026-09-01) on or before it starts (2026-09-01)",
            ])
    }

    @Test("the same date twice in one file is taken once and the second is reported")
    func sameDateTwice() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261225
                SUMMARY:Christmas
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261224
                DTEND;VALUE=DATE:20261226
                SUMMARY:Winter break
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-12-25 Christmas", "2026-12-24 Winter break"])
        #expect(
            parsed.problems.map(\.description) == [
                "line 8: event \"Winter break\" on 2026-12-25: the date is already in this file as \"Christmas\" (line 4)"
            ])
    }

    @Test("an alarm inside an event does not lend the event its properties")
    func nestedAlarm() {
        let parsed = ICalendarHolidays(
            parsing: Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261002
                SUMMARY:Gandhi Jayanti
                BEGIN:VALARM
                TRIGGER:-PT15M
                DESCRIPTION:Reminder
                SUMMARY:Alarm text
                END:VALARM
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-10-02 Gandhi Jayanti"])
    }

    @Test("text that is not iCalendar, and a file cut short, are reported")
    func notACalendar() {
        #expect(
            ICalendarHolidays(parsing: "date,name\n2026-01-26,Republic Day\n").problems.map(\.description) == [
                "line 1: not an iCalendar file (no BEGIN:VCALENDAR)"
            ])
        let cut = ICalendarHolidays(parsing: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260126\r\n")
        #expect(cut.problems.map(\.description) == ["line 2: event has no END:VEVENT; the file seems cut short"])
    }
}
