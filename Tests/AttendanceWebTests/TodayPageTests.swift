import AttendanceCore
import Testing

@testable import AttendanceWeb

/// The console's `/` on Wednesday 2026-11-25 at 10:00 UTC.
@Suite("Console today page")
struct TodayPageTests {
    @Test("a weekly off says nobody is expected; a working day does not")
    func weeklyOff() async throws {
        let notice = "Today is a weekly off: nobody is expected."
        let off = try AdministrationPagesTests.Office(configure: { $0.policy.workingDays = [.monday, .tuesday] })
        #expect(try await off.console.todayPage(off.manager).body.contains(notice))
        let working = try AdministrationPagesTests.Office()
        #expect(try await !working.console.todayPage(working.manager).body.contains(notice))
    }
}
