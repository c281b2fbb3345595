import AttendanceICalendar
import Testing

/// The dates of recurrence rules as holiday calendars write them, worked out by hand.
@Suite("Recurrence rules")
struct RecurrenceRuleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let rule: String
        let start: String
        let through: String
        let dates: [String]
        var testDescription: String { "\(rule) from \(start)" }
    }

    static let examples: [Example] = [
        // A fixed date every year; DTSTART is the first.
        Example(
            rule: "FREQ=YEARLY", start: "2026-01-26", through: "2028-12-31",
            dates: ["2026-01-26", "2027-01-26", "2028-01-26"]),
        // 29 February repeats only in leap years.
        Example(
            rule: "FREQ=YEARLY", start: "2024-02-29", through: "2032-12-31",
            dates: ["2024-02-29", "2028-02-29", "2032-02-29"]),
        // The fourth Thursday of November (4TH: 4th, TH: Thursday).
        Example(
            rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", start: "2025-11-27", through: "2028-12-31",
            dates: ["2025-11-27", "2026-11-26", "2027-11-25", "2028-11-23"]),
        // The last Monday of May; "+1" and "1" are the same ordinal.
        Example(
            rule: "FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", start: "2026-05-25", through: "2028-12-31",
            dates: ["2026-05-25", "2027-05-31", "2028-05-29"]),
        Example(
            rule: "FREQ=MONTHLY;BYDAY=+1MO;COUNT=3", start: "2026-01-01", through: "2028-12-31",
            dates: ["2026-01-05", "2026-02-02", "2026-03-02"]),
        // Without BYMONTH an ordinal counts within the year: the 20th Monday.
        Example(
            rule: "FREQ=YEARLY;BYDAY=20MO", start: "2026-01-01", through: "2027-12-31",
            dates: ["2026-05-18", "2027-05-17"]),
        // The last day of the month, counted from its end.
        Example(
            rule: "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4", start: "2028-01-31", through: "2028-12-31",
            dates: ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"]),
        // A monthly day 31 skips shorter months.
        Example(
            rule: "FREQ=MONTHLY;COUNT=3", start: "2026-01-31", through: "2026-12-31",
            dates: ["2026-01-31", "2026-03-31", "2026-05-31"]),
        // Every second year, two of them.
        Example(
            rule: "FREQ=YEARLY;INTERVAL=2;COUNT=2", start: "2026-07-01", through: "2032-12-31",
            dates: ["2026-07-01", "2028-07-01"]),
        // UNTIL as a UTC date-time takes the date it names.
        Example(
            rule: "FREQ=YEARLY;UNTIL=20271231T235959Z", start: "2026-12-31", through: "2030-12-31",
            dates: ["2026-12-31", "2027-12-31"]),
        Example(rule: "FREQ=YEARLY;UNTIL=20271230", start: "2026-12-31", through: "2030-12-31", dates: ["2026-12-31"]),
        // BYSETPOS: the last weekday of the month.
        Example(
            rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3", start: "2026-01-01", through: "2026-12-31",
            dates: ["2026-01-30", "2026-02-27", "2026-03-31"]),
        // Every other Saturday; weeks start on WKST (Monday unless given).
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20260131", start: "2026-01-03", through: "2026-12-31",
            dates: ["2026-01-03", "2026-01-17", "2026-01-31"]),
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU;COUNT=4", start: "2026-01-04", through: "2026-12-31",
            dates: ["2026-01-04", "2026-01-06", "2026-01-18", "2026-01-20"]),
        Example(
            rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=MO;COUNT=4", start: "2026-01-04", through: "2026-12-31",
            dates: ["2026-01-04", "2026-01-13", "2026-01-18", "2026-01-27"]),
        // Mixed plain and numbered weekdays are a union (every Monday and the first Friday), as
        // RFC 5545 means; python-dateutil intersects them, so the oracle leaves this form out.
        Example(
            rule: "FREQ=MONTHLY;BYDAY=MO,1FR;COUNT=6", start: "2026-01-01", through: "2026-12-31",
            dates: ["2026-01-02", "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02"]),
        // BYSETPOS counts within the whole first week, as within a whole month or year (python-dateutil
        // counts from DTSTART on there, so the oracle starts such rules on a week's first day).
        Example(
            rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=2;COUNT=2", start: "2026-01-07", through: "2026-12-31",
            dates: ["2026-01-07", "2026-01-14"]),
        // Friday the 13th: day parts narrow each other.
        Example(
            rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", start: "2026-01-01", through: "2026-12-31",
            dates: ["2026-02-13", "2026-03-13", "2026-11-13"]),
        // A start the rule does not match is not among the rule's dates (the event adds it).
        Example(
            rule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1", start: "2026-02-15", through: "2027-12-31",
            dates: ["2026-03-01", "2027-03-01"]),
        // Nothing after `through`, even with COUNT left.
        Example(
            rule: "FREQ=DAILY;COUNT=10", start: "2028-12-30", through: "2028-12-31",
            dates: ["2028-12-30", "2028-12-31"]),
    ]

    @Test("rules give the dates worked out by hand", arguments: examples)
    func handWorked(example: Example) throws {
        let rule = try RecurrenceRule(parsing: example.rule)
        let dates = rule.dates(startingOn: try date(example.start), through: try date(example.through))
        #expect(dates.map(\.description) == example.dates)
    }

    @Test("parts and values are read in any case and order; lowercase is the same rule")
    func caseAndOrder() throws {
        #expect(
            try RecurrenceRule(parsing: "byday=4th;freq=yearly;bymonth=11")
                == RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"))
    }

    @Test(
        "malformed rules are refused with the part and the expected form",
        arguments: [
            ("FREQ=YEARLY;FREQ=MONTHLY", "invalid RRULE part \"FREQ=MONTHLY\": expected each part once"),
            (
                "FREQ=YEARLY;BYMONTH=13",
                "invalid RRULE part \"BYMONTH=13\": expected months 1 to 12, separated by commas"
            ),
            ("FREQ=YEARLY;BYMONTH=", "invalid RRULE part \"BYMONTH=\": expected NAME=VALUE, e.g. FREQ=YEARLY"),
            (
                "FREQ=WEEKLY;BYMONTHDAY=1",
                "invalid RRULE part \"BYMONTHDAY=1\": expected no BYMONTHDAY with FREQ=WEEKLY (RFC 5545)"
            ),
            (
                "FREQ=YEARLY;BYSETPOS=1",
                "invalid RRULE part \"BYSETPOS=1\": expected BYSETPOS together with BYMONTH, BYMONTHDAY or BYDAY"
            ),
            ("FREQ=YEARLY;WKST=XX", "invalid RRULE part \"WKST=XX\": expected a weekday: MO, TU, WE, TH, FR, SA or SU"),
            ("FREQ=YEARLY;COUNT=-1", "invalid RRULE part \"COUNT=-1\": expected a whole number of at least 1"),
            (
                "FREQ=YEARLY;INTERVAL=99999999999999999999",
                "invalid RRULE part \"INTERVAL=99999999999999999999\": expected a whole number from 1 to 9999"
            ),
            (
                "FREQ=MONTHLY;BYDAY=54MO",
                "invalid RRULE part \"BYDAY=54MO\": expected weekdays MO, TU, WE, TH, FR, SA, SU, with an ordinal (1 to 53 or -53 to -1, e.g. 4TH or -1MO) only for FREQ=MONTHLY or YEARLY"
            ),
            (
                "FREQ=YEARLY;BYHOUR=9",
                "invalid RRULE part \"BYHOUR=9\": expected one of FREQ, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS or WKST (BYHOUR is not supported)"
            ),
        ])
    func refused(rule: String, message: String) {
        #expect(throws: RecurrenceRuleProblem.self) { try RecurrenceRule(parsing: rule) }
        do {
            _ = try RecurrenceRule(parsing: rule)
        } catch {
            #expect(error.description == message)
        }
    }
}

/// The date of `YYYY-MM-DD`, as the examples and the oracle write them.
func date(_ text: String) throws -> ICalendarDate {
    let fields = text.split(separator: "-").compactMap { Int($0) }
    return try #require(
        fields.count == 3 ? ICalendarDate(year: fields[0], month: fields[1], day: fields[2]) : nil, "\(text)")
}
