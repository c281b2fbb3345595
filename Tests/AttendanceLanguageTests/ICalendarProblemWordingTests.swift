import AttendanceCore
import AttendanceICalendar
import AttendanceLanguage
import Testing

/// The iCalendar reader's problems, and those the holiday rules add, worded by AttendanceLanguage:
/// English word for word as the reader says it itself, French and Spanish from the catalogs.
@Suite("iCalendar problems in the reader's language", .serialized)
struct ICalendarProblemWordingTests {
    /// One rule for each way the reader can refuse an RRULE.
    static let brokenRules = [
        "FREQ=YEARLY;BYMONTH=", "FREQ=YEARLY;BYHOUR=9", "FREQ=YEARLY;FREQ=MONTHLY", "INTERVAL=2", "FREQ=HOURLY",
        "FREQ=YEARLY;INTERVAL=0", "FREQ=YEARLY;COUNT=-1", "FREQ=YEARLY;COUNT=2;UNTIL=20300101",
        "FREQ=YEARLY;UNTIL=20300101T000000", "FREQ=YEARLY;BYMONTH=13", "FREQ=WEEKLY;BYMONTHDAY=1",
        "FREQ=MONTHLY;BYMONTHDAY=0", "FREQ=WEEKLY;BYDAY=2MO", "FREQ=YEARLY;BYSETPOS=1",
        "FREQ=YEARLY;BYDAY=MO;BYSETPOS=0", "FREQ=YEARLY;WKST=XX",
    ]

    static func ruleProblems() -> [RecurrenceRuleProblem] {
        brokenRules.compactMap { rule -> RecurrenceRuleProblem? in
            do throws(RecurrenceRuleProblem) {
                _ = try RecurrenceRule(parsing: rule)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Every fault the reader can report, each event problem with and without a SUMMARY.
    static func faults() throws -> [ICalendarFault] {
        let first = try #require(ICalendarDate(year: 2026, month: 12, day: 24))
        let horizon = try #require(ICalendarDate(year: 2028, month: 12, day: 31))
        let reasons: [ICalendarEventProblem.Unreadable] =
            [.secondRule, .rdate("20260101/P1D"), .exdate("2026-01-01")] + ruleProblems().map { .rule($0) }
        let problems: [ICalendarEventProblem] =
            [
                .noStart, .cancelled, .startNotADate(written: "DTSTART;VALUE=DATE:20261332"),
                .startHasTime(written: "DTSTART:20260310T090000Z"), .endNotADate(written: "DTEND:99991232"),
                .endHasTime(written: "DTEND:20260310T170000Z"), .endsBeforeStart(end: first, start: first),
                .badDuration("PT1H"), .tooLong(days: 400, first: first, last: first.adding(days: 399)),
                .noSummary(on: first), .tooManyRepeats(limit: 5000, horizon: horizon),
            ] + reasons.map { .unreadable($0) }
        return [.notICalendar, .tooManyDates(limit: 50_000, horizon: horizon), .unfinishedEvent]
            + problems.flatMap { [.event(summary: "Founders' \"Day\"\u{7}", $0), .event(summary: nil, $0)] }
    }

    /// The problems the holiday rules add to the reader's.
    static func holidayFaults() throws -> [HolidayCalendarFault] {
        let date = try #require(AttendanceDate(year: 2026, month: 5, day: 1))
        var refusal: CoreError?
        do { _ = try Holiday(date: date, name: "") } catch { refusal = error }
        return [
            .notAHoliday(summary: "\u{7}", try #require(refusal)),
            .namesTooLong(event: "B", date: date, kept: "A", keptLine: 4),
        ]
    }

    @Test("the broken rules cover every RRULE problem the reader has")
    func everyRuleProblem() {
        let problems = Self.ruleProblems()
        #expect(problems.count == Self.brokenRules.count)
        #expect(Set(problems.compactMap { Mirror(reflecting: $0).children.first?.label }).count == 16)
    }

    @Test("in English, each problem is the reader's own sentence, byte for byte, with and without the catalogs")
    func englishIsTheReaders() throws {
        let withCatalog = Speech(.english, catalog: catalog)
        for fault in try Self.faults() {
            #expect(Speech.english.sentence(for: fault) == fault.description)
            #expect(withCatalog.sentence(for: fault) == fault.description)
            #expect(Speech.english.sentence(for: HolidayCalendarFault.calendar(fault)) == fault.description)
        }
        for problem in Self.ruleProblems() {
            #expect(Speech.english.sentence(for: problem) == problem.description)
            #expect(withCatalog.sentence(for: problem) == problem.description)
        }
    }

    @Test("in French and Spanish, every problem is translated")
    func translated() throws {
        for language in [Language.french, .spanish] {
            let speech = Speech(language, catalog: catalog)
            for fault in try Self.faults() {
                #expect(speech.sentence(for: fault) != fault.description, "\(language): \(fault)")
            }
            for problem in Self.ruleProblems() {
                #expect(speech.sentence(for: problem) != problem.description, "\(language): \(problem)")
            }
            for fault in try Self.holidayFaults() {
                #expect(speech.sentence(for: fault) != Speech.english.sentence(for: fault), "\(language): \(fault)")
            }
        }
    }
}
