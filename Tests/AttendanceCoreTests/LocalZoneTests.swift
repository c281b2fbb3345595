import Foundation
import Testing

@testable import AttendanceCore

/// The wall-clock conversions the rules stand on, around the changes of DST.
@Suite("Local zone")
struct LocalZoneTests {
    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test(
        "a wall-clock time becomes the instant with that day's offset",
        arguments: [
            ("Europe/Berlin", "2026-03-29", "01:30", "2026-03-29T00:30:00Z"),
            // Skipped hour: read with the offset from before the change, so 02:30 is 03:30 summer time.
            ("Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:30:00Z"),
            ("Europe/Berlin", "2026-03-29", "03:00", "2026-03-29T01:00:00Z"),
            ("Europe/Berlin", "2026-03-29", "09:30", "2026-03-29T07:30:00Z"),
            // Repeated hour: the first occurrence.
            ("Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z"),
            ("Europe/Berlin", "2026-10-25", "03:00", "2026-10-25T02:00:00Z"),
            ("Europe/Berlin", "2026-10-25", "18:00", "2026-10-25T17:00:00Z"),
            ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:30:00Z"),
            ("America/New_York", "2026-03-08", "06:00", "2026-03-08T10:00:00Z"),
            ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
            ("America/New_York", "2026-11-01", "06:00", "2026-11-01T11:00:00Z"),
        ])
    func instant(zone: String, date: String, time: String, expected: String) throws {
        let zone = try #require(LocalZone(identifier: zone))
        #expect(zone.instant(on: Fixture.date(date), at: Fixture.time(time)) == Self.utc(expected))
    }

    @Test(
        "an instant reads back as the local date and time",
        arguments: [
            ("Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-25", "02:30"),
            ("Europe/Berlin", "2026-10-25T01:30:00Z", "2026-10-25", "02:30"),
            ("Europe/Berlin", "2026-03-29T01:00:00Z", "2026-03-29", "03:00"),
            ("America/New_York", "2026-01-01T04:59:00Z", "2025-12-31", "23:59"),
            ("Asia/Kolkata", "2026-01-01T18:30:00Z", "2026-01-02", "00:00"),
        ])
    func localTime(zone: String, utc: String, date: String, time: String) throws {
        let local = try #require(LocalZone(identifier: zone)).localDateTime(of: Self.utc(utc))
        #expect(local.date == Fixture.date(date))
        #expect(local.time == Fixture.time(time))
    }

    @Test("shift instants of a night shift end on the next date")
    func nightShiftInstants() {
        let policy = Fixture.policy(NightShiftAndDSTTests.nightShiftPolicy)
        let shift = policy.shiftTimes(on: Fixture.date("2026-03-28"))
        #expect(shift.start == Self.utc("2026-03-28T21:00:00Z"))
        #expect(shift.end == Self.utc("2026-03-29T04:00:00Z"))
        #expect(shift.lateAfter == Self.utc("2026-03-28T21:15:00Z"))
        #expect(shift.earlyExitBefore == Self.utc("2026-03-29T03:45:00Z"))
        #expect(shift.pendingUntil == Self.utc("2026-03-29T06:00:00Z"))
    }

    // MARK: - Typed times (docs/rules.md "Precision")

    static let berlin = LocalZone(identifier: "Europe/Berlin")!

    @Test(
        "a typed time is read in the zone; an offset, when given, must be the one the zone had",
        arguments: [
            ("2026-03-29 01:30", "2026-03-29T00:30:00Z"),
            ("2026-03-29T03:00", "2026-03-29T01:00:00Z"),
            ("2026-10-25 02:30+02:00", "2026-10-25T00:30:00Z"),
            ("2026-10-25 02:30+01:00", "2026-10-25T01:30:00Z"),
            ("2026-10-25 02:30 +0100", "2026-10-25T01:30:00Z"),
            ("2026-11-18 09:02+01", "2026-11-18T08:02:00Z"),
            ("2026-11-18 09:02", "2026-11-18T08:02:00Z"),
        ])
    func typed(text: String, utc: String) throws {
        #expect(try Self.berlin.instant(parsingLocal: text) == Self.utc(utc))
    }

    @Test("a time in the skipped hour is refused; one in the repeated hour needs its offset, which the refusal offers")
    func typedAroundTheChanges() {
        #expect(throws: CoreError.self) { try Self.berlin.instant(parsingLocal: "2026-03-29 02:30") }
        do {
            _ = try Self.berlin.instant(parsingLocal: "2026-03-29 02:30")
        } catch {
            #expect(error.description.contains("the clocks went forward that night, so 02:30 was never shown"))
        }
        do {
            _ = try Self.berlin.instant(parsingLocal: "2026-10-25 02:30")
            Issue.record("a time that happened twice was taken without its offset")
        } catch {
            #expect(
                error.description.contains(
                    "it happened twice: \"2026-10-25 02:30+02:00\" (the first) or \"2026-10-25 02:30+01:00\" (the second)"
                ))
        }
        #expect(throws: CoreError.self) { try Self.berlin.instant(parsingLocal: "2026-10-25 02:30+03:00") }
        #expect(throws: CoreError.self) { try Self.berlin.instant(parsingLocal: "2026-11-18 09:02+01:00:00") }
        #expect(throws: CoreError.self) { try Self.berlin.instant(parsingLocal: "2026-11-18 09:02+2") }
    }

    @Test("a minute that happened twice is shown with its offset, and reads back as the same instant")
    func repeatedMinuteShown() throws {
        let first = Self.utc("2026-10-25T00:30:00Z")
        let second = Self.utc("2026-10-25T01:30:00Z")
        #expect(Self.berlin.clockText(of: first) == "02:30+02:00")
        #expect(Self.berlin.clockText(of: second) == "02:30+01:00")
        #expect(Self.berlin.clockText(of: Self.utc("2026-10-25T02:30:00Z")) == "03:30")
        for instant in [first, second] {
            #expect(try Self.berlin.instant(parsingLocal: Self.berlin.minuteText(of: instant)) == instant)
        }
        #expect(Self.berlin.minuteText(of: Self.utc("2026-11-18T08:02:00Z")) == "2026-11-18 09:02")
    }
}
