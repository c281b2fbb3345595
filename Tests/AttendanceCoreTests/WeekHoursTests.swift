import Foundation
import Testing

@testable import AttendanceCore

/// Hours of a week (the payroll note's wording is tested with the languages).
@Suite("Week hours")
struct WeekHoursTests {
    @Test("weeks start on Monday or Sunday as configured")
    func weekStart() {
        let wednesday = Fixture.date("2026-02-11")
        #expect(wednesday.startOfWeek(.monday) == Fixture.date("2026-02-09"))
        #expect(wednesday.startOfWeek(.sunday) == Fixture.date("2026-02-08"))
        #expect(Fixture.date("2026-02-08").startOfWeek(.monday) == Fixture.date("2026-02-02"))
        #expect(Fixture.date("2026-02-08").startOfWeek(.sunday) == Fixture.date("2026-02-08"))
    }

    @Test("hours print with as few decimals as they need")
    func hoursText() {
        #expect([0, 800, 850, 825, 805, 4450].map(WeekHours.hoursText) == ["0", "8", "8.5", "8.25", "8.05", "44.5"])
    }
}
