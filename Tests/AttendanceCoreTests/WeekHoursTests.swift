import Foundation
import Testing

@testable import AttendanceCore

/// Hours of a week and the payroll note.
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

    @Test(
        "the payroll note lists the working dates and any other date worked, and the total adds them up; a weekly off worked is named"
    )
    func payrollNote() {
        let policy = Fixture.policy()
        let engine = StatusEngine(
            employee: Fixture.employee, policy: policy, now: Fixture.instant("2026-02-20 12:00"))
        var punches: [Punch] = []
        var id: Int64 = 1
        for (day, out) in [
            ("2026-02-09", "18:00"), ("2026-02-10", "18:30"), ("2026-02-11", "17:45"),
            ("2026-02-12", "18:00"), ("2026-02-13", "18:15"), ("2026-02-14", "14:00"),
        ] {
            punches += Fixture.punches(["in 09:30", "out \(out)"], on: day, policy: policy, firstID: id)
            id += 2
        }
        let week = engine.evaluate(weekStarting: Fixture.date("2026-02-09"), punches: punches)
        #expect(week.hundredthsByDay == [850, 900, 825, 850, 875, 450, 0])
        #expect(
            week.payrollText == """
                Hours – Week of 2026-02-09:
                Mon: 8.50 hrs
                Tue: 9.00 hrs
                Wed: 8.25 hrs
                Thu: 8.50 hrs
                Fri: 8.75 hrs
                Sat: 4.50 hrs (worked on a weekly off)
                Total: 47.50 hrs

                """)
    }

    @Test("the payroll note names the week by its ISO date, keeps two decimals and says which dates were absent")
    func payrollNoteAbsentAndDecimals() {
        let policy = Fixture.policy()
        let engine = StatusEngine(employee: Fixture.employee, policy: policy, now: Fixture.instant("2026-02-20 12:00"))
        let punches =
            Fixture.punches(["in 09:30", "out 18:36"], on: "2026-02-09", policy: policy, firstID: 1)
            + Fixture.punches(["in 09:30", "out 18:00"], on: "2026-02-11", policy: policy, firstID: 3)
        let week = engine.evaluate(weekStarting: Fixture.date("2026-02-09"), punches: punches)
        #expect(
            week.payrollText == """
                Hours – Week of 2026-02-09:
                Mon: 9.10 hrs
                Tue: 0.00 hrs (absent)
                Wed: 8.50 hrs
                Thu: 0.00 hrs (absent)
                Fri: 0.00 hrs (absent)
                Total: 17.60 hrs

                """)
    }

    @Test("the note says why a date's hours are not final: a missing mark-out, in now, a holiday worked, to come")
    func notesOnUnfinishedDates() {
        let policy = Fixture.policy()
        // Thursday 2026-02-12 at 12:00: Monday's OUT is missing, Wednesday is a holiday worked, today is
        // open, Friday is still to come.
        let engine = StatusEngine(employee: Fixture.employee, policy: policy, now: Fixture.instant("2026-02-12 12:00"))
        let punches =
            Fixture.punches(["in 09:30"], on: "2026-02-09", policy: policy, firstID: 1)
            + Fixture.punches(["in 09:30", "out 18:00"], on: "2026-02-10", policy: policy, firstID: 2)
            + Fixture.punches(["in 09:30", "out 13:30"], on: "2026-02-11", policy: policy, firstID: 4)
            + Fixture.punches(["in 09:30"], on: "2026-02-12", policy: policy, firstID: 6)
        let week = engine.evaluate(
            weekStarting: Fixture.date("2026-02-09"), punches: punches,
            holidays: [Fixture.date("2026-02-11"): "Founders' Day"])
        #expect(
            week.payrollText == """
                Hours – Week of 2026-02-09:
                Mon: 0.00 hrs (missing mark-out — not final)
                Tue: 8.50 hrs
                Wed: 4.00 hrs (worked on a holiday)
                Thu: 0.00 hrs (in now — not counted yet)
                Fri: 0.00 hrs (still to come)
                Total: 12.50 hrs

                """)
    }
}
