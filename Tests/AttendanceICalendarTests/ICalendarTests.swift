import AttendanceICalendar
import Testing

/// Reading the all-day events of iCalendar text and the dates they fall on.
@Suite("iCalendar all-day events")
struct ICalendarTests {
    static func calendar(_ body: String, lineEnd: String = "\r\n") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + body.split(separator: "\n").map(String.init)
            + ["END:VCALENDAR"]).joined(separator: lineEnd) + lineEnd
    }

    /// The day the tests import on: repeating events are expanded through 2028.
    static let today = ICalendarDate(year: 2026, month: 11, day: 20)!

    static func parse(_ text: String) -> ICalendarEvents { ICalendarEvents(parsing: text, today: today) }

    /// Each date with the names of the events on it, in the file's order: "2026-01-01 Neujahr / Once".
    static func pairs(_ parsed: ICalendarEvents) -> [String] {
        parsed.days.map { "\($0.date) " + $0.events.map(\.name).joined(separator: " / ") }
    }

    @Test("an all-day event is one holiday; DTEND is exclusive so a one-day event ends the next day")
    func singleDay() {
        let parsed = Self.parse(
            Self.calendar(
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
        let parsed = Self.parse(
            Self.calendar(
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
        let parsed = Self.parse(
            Self.calendar(
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

    @Test("a date that does not exist is a problem, not a time; a DURATION too long to count is refused, not a crash")
    func impossibleValues() {
        let text = Self.calendar(
            """
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20261332
            SUMMARY:Thirteenth month
            END:VEVENT
            BEGIN:VEVENT
            DTSTART:00000101
            SUMMARY:Year zero
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20261224
            DTEND;VALUE=DATE:99991232
            SUMMARY:Forever
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20261224
            DURATION:P1317624576693539402W
            SUMMARY:Xmas
            END:VEVENT
            BEGIN:VEVENT
            DTSTART;VALUE=DATE:20261224
            DURATION:P9223372036854775807D1D
            SUMMARY:Xmas again
            END:VEVENT
            """)
        let parsed = Self.parse(text)
        #expect(parsed.days.isEmpty)
        #expect(parsed.skipped.isEmpty)
        #expect(
            parsed.problems.map(\.description) == [
                "line 5: event \"Thirteenth month\" starts on DTSTART;VALUE=DATE:20261332, which is not a date that exists",
                "line 9: event \"Year zero\" starts on DTSTART:00000101, which is not a date that exists",
                "line 14: event \"Forever\" ends on DTEND;VALUE=DATE:99991232, which is not a date that exists",
                "line 19: event \"Xmas\" has a DURATION of \"P1317624576693539402W\"; only whole days (P2D) or weeks (P1W) can be holidays",
                "line 24: event \"Xmas again\" has a DURATION of \"P9223372036854775807D1D\"; only whole days (P2D) or weeks (P1W) can be holidays",
            ])
    }

    @Test("a small file of long daily events is refused whole at the file's limit, before it takes gigabytes")
    func wholeFileLimit() {
        let events = (1...200).map { index in
            """
            BEGIN:VEVENT
            UID:\(index)
            DTSTART;VALUE=DATE:20260101
            DURATION:P52W
            RRULE:FREQ=DAILY
            SUMMARY:Closure \(index)
            END:VEVENT
            """
        }
        let text = Self.calendar(events.joined(separator: "\n"))
        #expect(text.utf8.count < 40_000)
        let parsed = Self.parse(text)
        #expect(parsed.days.isEmpty)
        #expect(
            parsed.problems.map(\.fault.description) == [
                "the file's events give more than 50000 dates in all by 2028-12-31 (this event passes the limit); a "
                    + "holiday calendar gives far fewer — check the events' RRULE and DURATION; nothing from this file "
                    + "was imported"
            ])
        #expect(parsed.problems.first?.line == 4)
        // Dates under the limit are taken as before.
        let fewer = Self.parse(Self.calendar(events.prefix(1).joined().replacingOccurrences(of: "P52W", with: "P1D")))
        #expect(fewer.problems.isEmpty && fewer.days.count > 1000)
    }

    @Test("folded lines are unfolded and SUMMARY escapes are read: \\, \\; \\\\ and \\n")
    func foldingAndEscapes() {
        let parsed = Self.parse(
            Self.calendar(
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
        let parsed = Self.parse(
            Self.calendar("BEGIN:VEVENT\nDTSTART;VALUE=DATE:20260501\nSUMMARY:May Day\nEND:VEVENT", lineEnd: "\n"))
        #expect(Self.pairs(parsed) == ["2026-05-01 May Day"])
    }

    @Test(
        "undated, unnamed and backwards events and unsupported rules are problems; timed and cancelled ones are skipped; each with its line"
    )
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
            RRULE:FREQ=YEARLY;BYWEEKNO=1
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
        let parsed = Self.parse(text)
        #expect(parsed.days.isEmpty)
        #expect(
            parsed.problems.map(\.description) == [
                "line 11: event \"New Year\" is not imported: invalid RRULE part \"BYWEEKNO=1\": expected one of FREQ, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS or WKST (BYWEEKNO is not supported)",
                "line 14: event \"Someday\" has no DTSTART",
                "line 17: event on 2026-07-04 has no SUMMARY to name the holiday",
                "line 31: event \"Backwards\" ends (DTEND 2026-09-01) on or before it starts (2026-09-01)",
            ])
        #expect(
            parsed.skipped.map(\.description) == [
                "line 5: event \"Offsite\" has a time (DTSTART:20260310T090000Z); only all-day events can be holidays",
                "line 22: event \"Picnic\" is cancelled (STATUS:CANCELLED)",
                "line 26: event \"Zoned\" has a time (DTSTART;TZID=Europe/Berlin:20260601T000000); only all-day events can be holidays",
            ])
        #expect(parsed.expandedYears == nil)
    }

    @Test("an alarm inside an event does not lend the event its properties")
    func nestedAlarm() {
        let parsed = Self.parse(
            Self.calendar(
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

    @Test("CR-only line ends work, folding included")
    func carriageReturnsOnly() {
        let parsed = Self.parse(
            Self.calendar(
                "BEGIN:VEVENT\nDTSTART;VALUE=DATE:20261002\nSUMMARY:Gandhi\n  Jayanti\nEND:VEVENT", lineEnd: "\r"))
        #expect(Self.pairs(parsed) == ["2026-10-02 Gandhi Jayanti"])
        #expect(parsed.problems.isEmpty)
    }

    @Test("a yearly event is expanded from its DTSTART through the end of the year after next")
    func yearlyFromDTSTART() {
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20240101
                DTEND;VALUE=DATE:20240102
                RRULE:FREQ=YEARLY
                SUMMARY:Neujahr
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20251127
                RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH
                SUMMARY:Thanksgiving
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260101
                SUMMARY:Once
                END:VEVENT
                """))
        #expect(
            Self.pairs(parsed) == [
                "2024-01-01 Neujahr", "2025-01-01 Neujahr", "2025-11-27 Thanksgiving", "2026-01-01 Neujahr / Once",
                "2026-11-26 Thanksgiving", "2027-01-01 Neujahr", "2027-11-25 Thanksgiving", "2028-01-01 Neujahr",
                "2028-11-23 Thanksgiving",
            ])
        #expect(parsed.expandedYears == 2024...2028)
        #expect(parsed.problems.isEmpty && parsed.skipped.isEmpty)
    }

    @Test("EXDATE removes dates, RDATE adds them, a multi-day event repeats as a whole, COUNT and UNTIL end the series")
    func exdateRdateAndRanges() {
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260501
                RRULE:FREQ=YEARLY;UNTIL=20280430T235959Z
                EXDATE;VALUE=DATE:20270501
                RDATE;VALUE=DATE:20270502,20270503
                SUMMARY:May Day
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261224
                DTEND;VALUE=DATE:20261227
                RRULE:FREQ=YEARLY;COUNT=2
                EXDATE:20281224T000000
                SUMMARY:Christmas break
                END:VEVENT
                """))
        #expect(
            Self.pairs(parsed) == [
                "2026-05-01 May Day", "2026-12-24 Christmas break", "2026-12-25 Christmas break",
                "2026-12-26 Christmas break", "2027-05-02 May Day", "2027-05-03 May Day", "2027-12-24 Christmas break",
                "2027-12-25 Christmas break", "2027-12-26 Christmas break",
            ])
        #expect(parsed.problems.isEmpty)
    }

    @Test("a RECURRENCE-ID event moves the date of its series that it names")
    func movedOccurrence() {
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                UID:bridge@example
                DTSTART;VALUE=DATE:20260605
                RRULE:FREQ=YEARLY;COUNT=3
                SUMMARY:Founders' Day
                END:VEVENT
                BEGIN:VEVENT
                UID:bridge@example
                RECURRENCE-ID;VALUE=DATE:20270605
                DTSTART;VALUE=DATE:20270607
                SUMMARY:Founders' Day
                END:VEVENT
                """))
        #expect(
            Self.pairs(parsed) == ["2026-06-05 Founders' Day", "2027-06-07 Founders' Day", "2028-06-05 Founders' Day"])
    }

    @Test(
        "a rule or date an all-day event cannot repeat by is reported on its line and only that event is skipped",
        arguments: [
            (
                "RRULE:FREQ=HOURLY",
                "invalid RRULE part \"FREQ=HOURLY\": expected FREQ=YEARLY, MONTHLY, WEEKLY or DAILY; an all-day event has no times"
            ),
            (
                "RRULE:FREQ=YEARLY;BYYEARDAY=100",
                "invalid RRULE part \"BYYEARDAY=100\": expected one of FREQ, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS or WKST (BYYEARDAY is not supported)"
            ),
            (
                "RRULE:FREQ=WEEKLY;BYDAY=2MO",
                "invalid RRULE part \"BYDAY=2MO\": expected weekdays MO, TU, WE, TH, FR, SA, SU, with an ordinal (1 to 53 or -53 to -1, e.g. 4TH or -1MO) only for FREQ=MONTHLY or YEARLY"
            ),
            (
                "RRULE:FREQ=YEARLY;COUNT=2;UNTIL=20300101",
                "invalid RRULE part \"UNTIL=20300101\": expected COUNT or UNTIL, not both (RFC 5545)"
            ),
            (
                "RRULE:FREQ=YEARLY;UNTIL=20300101T000000",
                "invalid RRULE part \"UNTIL=20300101T000000\": expected a date (20271231) or a UTC date-time (20271231T235959Z)"
            ),
            (
                "RRULE:FREQ=MONTHLY;BYMONTHDAY=0",
                "invalid RRULE part \"BYMONTHDAY=0\": expected days 1 to 31 or -31 to -1 (from the month's end), separated by commas"
            ),
            (
                "RRULE:FREQ=YEARLY;INTERVAL=0",
                "invalid RRULE part \"INTERVAL=0\": expected a whole number from 1 to 9999"
            ),
            ("RRULE:INTERVAL=2", "invalid RRULE part \"INTERVAL=2\": expected a FREQ part, e.g. FREQ=YEARLY"),
            (
                "RDATE;VALUE=PERIOD:20260101/P1D",
                "RDATE \"20260101/P1D\" is not a date (20261225); an all-day event repeats on dates"
            ),
            ("EXDATE:2026-01-01", "EXDATE \"2026-01-01\" is not a date (20261225) or a date-time"),
        ])
    func unsupportedRepeats(property: String, message: String) {
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260101
                \(property)
                SUMMARY:New Year
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260126
                RRULE:FREQ=YEARLY;COUNT=2
                SUMMARY:Republic Day
                END:VEVENT
                """))
        #expect(parsed.problems.map(\.description) == ["line 6: event \"New Year\" is not imported: " + message])
        #expect(Self.pairs(parsed) == ["2026-01-26 Republic Day", "2027-01-26 Republic Day"])
    }

    @Test("a rule that would give more than 5000 dates is reported, not imported")
    func tooManyRepeats() {
        let parsed = Self.parse(
            Self.calendar("BEGIN:VEVENT\nDTSTART;VALUE=DATE:20000101\nRRULE:FREQ=DAILY\nSUMMARY:Every day\nEND:VEVENT"))
        #expect(parsed.days.isEmpty)
        #expect(
            parsed.problems.map(\.description) == [
                "line 4: event \"Every day\" repeats more than 5000 times by 2028-12-31; check its RRULE (at most 5000 dates are taken)"
            ])
    }

    @Test("text that is not iCalendar, and a file cut short, are reported")
    func notACalendar() {
        #expect(
            Self.parse("date,name\n2026-01-26,Republic Day\n").problems.map(\.description) == [
                "line 1: not an iCalendar file (no BEGIN:VCALENDAR)"
            ])
        let cut = Self.parse("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260126\r\n")
        #expect(cut.problems.map(\.description) == ["line 2: event has no END:VEVENT; the file seems cut short"])
    }
}
