import Testing

@testable import AttendanceCore

/// Holidays from iCalendar text: the reader's events named by the holiday rules.
@Suite("iCalendar holidays")
struct ICalendarHolidaysTests {
    static func calendar(_ body: String) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + body.split(separator: "\n").map(String.init)
            + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    /// The day the tests import on: repeating events are expanded through 2028.
    static func parse(_ text: String) -> ICalendarHolidays {
        ICalendarHolidays(parsing: text, today: AttendanceDate(year: 2026, month: 11, day: 20)!)
    }

    static func pairs(_ parsed: ICalendarHolidays) -> [String] { parsed.holidays.map { "\($0.date) \($0.name)" } }

    @Test(
        "two events on one date make one holiday named \"A / B\" in the file's order; the same name twice is kept once")
    func sameDateTwice() {
        let parsed = Self.parse(
            Self.calendar(
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
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20261224
                SUMMARY:Winter break
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-12-24 Winter break", "2026-12-25 Christmas / Winter break"])
        #expect(parsed.problems.isEmpty)
    }

    @Test("names that would be longer than 100 characters together keep the first and report the other")
    func joinedNameTooLong() {
        let long = String(repeating: "x", count: 49)
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260501
                SUMMARY:A\(long)
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260501
                SUMMARY:B\(long)
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-05-01 A\(long)"])
        #expect(
            parsed.problems.map(\.english) == [
                "line 8: event \"B\(long)\" on 2026-05-01: the date is already \"A\(long)\" (line 4) and the names together are longer than 100 characters; kept \"A\(long)\""
            ])
    }

    @Test(
        "an event whose name no holiday can have is reported in the file's order and gives no date, however many it would give"
    )
    func nameNoHolidayCanHave() {
        let tooLong = String(repeating: "x", count: 101)
        let parsed = Self.parse(
            Self.calendar(
                """
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260101
                RRULE:FREQ=WEEKLY;BYWEEKNO=1
                SUMMARY:\(tooLong)
                END:VEVENT
                BEGIN:VEVENT
                SUMMARY:Someday
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20000101
                RRULE:FREQ=DAILY
                SUMMARY:\\n
                END:VEVENT
                BEGIN:VEVENT
                DTSTART;VALUE=DATE:20260126
                SUMMARY:  Republic Day\\n
                END:VEVENT
                """))
        #expect(Self.pairs(parsed) == ["2026-01-26 Republic Day"])
        // Names are quoted clipped to 60 characters, control characters shown as escapes.
        let clipped = "\"" + String(repeating: "x", count: 60) + "…\""
        let expected = ": expected 1–100 characters without control characters"
        #expect(
            parsed.problems.map(\.english) == [
                "line 4: event \(clipped) cannot be a holiday: invalid holiday name \(clipped)" + expected,
                "line 9: event \"Someday\" has no DTSTART",
                "line 12: event \"\\x0a\" cannot be a holiday: invalid holiday name \"\"" + expected,
            ])
        #expect(parsed.expandedYears == nil)
    }
}
