import Testing

@testable import AttendanceCore

/// The words and codes the calendars print.
@Suite("Status codes and flags")
struct DayStatusTests {
    @Test("each status has its cell code and rule number")
    func codes() {
        #expect(DayStatus.allCases.map(\.code) == ["–", "", "LV", "H", "WO", "", "IN", "M", "A", "HD", "L", "P"])
        #expect(DayStatus.allCases.map(\.rule) == [1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(
            DayStatus.allCases.filter(\.isCounted) == [
                .leave, .holiday, .weeklyOff, .missing, .absent, .halfDay, .late, .present,
            ])
    }

    @Test("flags are named in a fixed order")
    func flagNames() {
        let flags: DayFlags = [.halfDayLeave, .late, .corrected, .earlyExit, .clockOff]
        #expect(flags.description == "late, early exit, corrected, kiosk clock off, half-day leave")
        #expect(DayFlags.named.count == 10)
        #expect(DayFlags([]).description == "")
    }
}
