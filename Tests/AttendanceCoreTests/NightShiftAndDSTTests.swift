import Foundation
import Testing

@testable import AttendanceCore

/// Shifts that cross midnight, and the days the clocks change.
@Suite("Night shifts and DST")
struct NightShiftAndDSTTests {
    /// 22:00–06:00 with the attendance date changing at noon.
    @Sendable static func nightShiftPolicy(_ policy: inout Policy) {
        policy.shiftStart = Fixture.time("22:00")
        policy.shiftEnd = Fixture.time("06:00")
        policy.dayChange = Fixture.time("12:00")
    }

    @Sendable static func everyDayPolicy(_ policy: inout Policy) {
        policy.workingDays = Set(Weekday.allCases)
    }

    @Sendable static func nightShiftEveryDayPolicy(_ policy: inout Policy) {
        nightShiftPolicy(&policy)
        everyDayPolicy(&policy)
    }

    @Test(
        "a night shift 22:00–06:00 with day_change 12:00",
        arguments: [
            DayCase(
                "in 21:58, out 06:01 is P on the date the shift began", punches: ["in 21:58", "out 06:01+1"],
                policy: nightShiftPolicy, .present, worked: 483),
            DayCase(
                "in 22:20 is L by 20 minutes", punches: ["in 22:20", "out 06:00+1"], policy: nightShiftPolicy, .late,
                flags: .late, worked: 460, minutesLate: 20),
            DayCase(
                "out 05:30 is an early exit", punches: ["in 22:00", "out 05:30+1"], policy: nightShiftPolicy, .present,
                flags: .earlyExit, worked: 450),
            DayCase(
                "at 03:00 the next morning the shift is still IN", date: "2026-03-02", now: "2026-03-03 03:00",
                punches: ["in 22:00"], policy: nightShiftPolicy, .in, provisional: .present, worked: 300),
            DayCase(
                "the afternoon before the shift is pending", date: "2026-03-02", now: "2026-03-02 15:00",
                policy: nightShiftPolicy, .pending),
            DayCase(
                "pending until 08:00 the next morning", date: "2026-03-02", now: "2026-03-03 07:59",
                policy: nightShiftPolicy, .pending),
            DayCase(
                "absent from 08:00 the next morning", date: "2026-03-02", now: "2026-03-03 08:00",
                policy: nightShiftPolicy, .absent),
            DayCase(
                "not marked out by noon is M", date: "2026-03-02", now: "2026-03-03 12:00", punches: ["in 22:00"],
                policy: nightShiftPolicy, .missing, flags: .missingMarkOut),
            DayCase(
                "Friday's night shift into Saturday counts on Friday", date: "2026-03-06",
                punches: ["in 22:00", "out 06:00+1"], policy: nightShiftPolicy, .present, worked: 480),
        ])
    func nightShift(_ row: DayCase) { row.check() }

    @Test(
        "the days the clocks change",
        arguments: [
            DayCase(
                "Berlin spring forward: a night shift is one hour shorter and not an early exit", date: "2026-03-28",
                now: "2026-04-01 12:00", punches: ["in 22:00", "out 06:00+1"], policy: nightShiftEveryDayPolicy,
                .present,
                worked: 420),
            DayCase(
                "Berlin fall back: a night shift is one hour longer", date: "2026-10-24", now: "2026-11-01 12:00",
                punches: ["in 22:00", "out 06:00+1"], policy: nightShiftEveryDayPolicy, .present, worked: 540),
            DayCase(
                "New York spring forward: a night shift is one hour shorter", date: "2026-03-07",
                now: "2026-04-01 12:00", punches: ["in 22:00", "out 06:00+1"], zone: Fixture.newYork,
                policy: nightShiftEveryDayPolicy, .present, worked: 420),
            DayCase(
                "New York fall back: a night shift is one hour longer", date: "2026-10-31", now: "2026-11-05 12:00",
                punches: ["in 22:00", "out 06:00+1"], zone: Fixture.newYork, policy: nightShiftEveryDayPolicy, .present,
                worked: 540),
            DayCase(
                "Berlin spring forward day: 09:30–18:00 is 8.5 hours, on time", date: "2026-03-29",
                now: "2026-04-01 12:00", punches: ["in 09:30", "out 18:00"], policy: everyDayPolicy, .present,
                worked: 510),
            DayCase(
                "Berlin fall back day: 09:46 is late by 16 minutes", date: "2026-10-25", now: "2026-11-01 12:00",
                punches: ["in 09:46", "out 18:00"], policy: everyDayPolicy, .late, flags: .late, worked: 494,
                minutesLate: 16),
            DayCase(
                "New York spring forward day: 09:30–17:44 is an early exit", date: "2026-03-08",
                now: "2026-04-01 12:00", punches: ["in 09:30", "out 17:44"], zone: Fixture.newYork,
                policy: everyDayPolicy,
                .present, flags: .earlyExit, worked: 494),
            DayCase(
                "New York fall back day: 09:30–18:00 is 8.5 hours", date: "2026-11-01", now: "2026-11-05 12:00",
                punches: ["in 09:30", "out 18:00"], zone: Fixture.newYork, policy: everyDayPolicy, .present, worked: 510
            ),
            DayCase(
                "Berlin spring forward day: pending until 20:00 summer time", date: "2026-03-29",
                now: "2026-03-29 19:59", policy: everyDayPolicy, .pending),
            DayCase(
                "Berlin spring forward day: absent from 20:00 summer time", date: "2026-03-29",
                now: "2026-03-29 20:00", policy: everyDayPolicy, .absent),
            DayCase(
                "Berlin fall back night: an open session is IN through the repeated hour", date: "2026-10-24",
                now: "2026-10-25 02:30", punches: ["in 22:00"], policy: everyDayPolicy, .in, flags: .late,
                provisional: .late,
                worked: 270, minutesLate: 750),
            DayCase(
                "Berlin fall back night: the open session is M at day_change", date: "2026-10-24",
                now: "2026-10-25 04:00", punches: ["in 22:00"], policy: everyDayPolicy, .missing, flags: .missingMarkOut
            ),
        ])
    func clockChange(_ row: DayCase) { row.check() }

    @Test(
        "instants in the repeated and skipped hours get the right attendance date",
        arguments: [
            // Berlin falls back at 01:00 UTC on 2026-10-25: 00:30 and 01:30 UTC are both 02:30 local.
            ("Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-24"),
            ("Europe/Berlin", "2026-10-25T01:30:00Z", "2026-10-24"),
            ("Europe/Berlin", "2026-10-25T02:59:59Z", "2026-10-24"),
            ("Europe/Berlin", "2026-10-25T03:00:00Z", "2026-10-25"),
            // Berlin springs forward at 01:00 UTC on 2026-03-29: 02:00 UTC is 04:00 local.
            ("Europe/Berlin", "2026-03-29T01:59:59Z", "2026-03-28"),
            ("Europe/Berlin", "2026-03-29T02:00:00Z", "2026-03-29"),
            // New York: 04:00 local is 09:00 UTC in summer, 09:00 UTC after falling back is 04:00 EST.
            ("America/New_York", "2026-11-01T08:59:59Z", "2026-10-31"),
            ("America/New_York", "2026-11-01T09:00:00Z", "2026-11-01"),
            ("America/New_York", "2026-03-08T07:59:59Z", "2026-03-07"),
            ("America/New_York", "2026-03-08T08:00:00Z", "2026-03-08"),
        ])
    func attendanceDateAroundChange(zone: String, utc: String, expected: String) throws {
        let policy = Fixture.policy(zone: try #require(LocalZone(identifier: zone)))
        let instant = try #require(ISO8601DateFormatter().date(from: utc))
        #expect(policy.attendanceDate(of: instant) == Fixture.date(expected))
    }
}
