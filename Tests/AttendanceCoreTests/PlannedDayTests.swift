import Testing

@testable import AttendanceCore

/// A future date planned as leave, a holiday or a weekly off shows that code as planned; any
/// other date, and every date that is not future, has none.
@Suite("Planned dates")
struct PlannedDayTests {
    @Test(
        "leave before holiday before weekly off; nothing on a working date or a date not to come",
        arguments: [
            (
                DayCase(
                    "full leave on a future holiday", date: "2026-03-12", holiday: "Founders' Day", leave: .full,
                    .future), DayStatus.leave
            ),
            (
                DayCase("a future holiday on a Saturday", date: "2026-03-14", holiday: "Founders' Day", .future),
                .holiday
            ),
            (DayCase("a future Sunday", date: "2026-03-15", .future), .weeklyOff),
            (DayCase("half-day leave on a future working date", date: "2026-03-12", leave: .half, .future), nil),
            (DayCase("a future working date", date: "2026-03-12", .future), nil),
            (DayCase("a holiday that is over", date: "2026-03-02", holiday: "Founders' Day", .holiday), nil),
        ] as [(DayCase, DayStatus?)])
    func planned(row: DayCase, planned: DayStatus?) {
        let day = row.evaluate()
        #expect(day.status == row.status)
        #expect(day.planned == planned)
    }
}
