import AttendanceCore
import AttendanceLanguage
import Foundation
import Testing

/// The payroll note of a week, in English: the JSON's payroll_text, and a text summary's.
@Suite("Payroll note")
struct PayrollTextTests {
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
            Speech.english.payrollText(week) == """
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
            Speech.english.payrollText(week) == """
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
            Speech.english.payrollText(week) == """
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

/// Builders for the tests above, from short strings. A malformed fixture is a broken test: it
/// stops loudly.
private enum Fixture {
    /// The docs/rules.md defaults in Europe/Berlin (09:30–18:00, Mon–Fri, day change 04:00).
    static func policy() -> Policy { Policy(zone: LocalZone(identifier: "Europe/Berlin")!) }

    static let employee = Employee(id: 7, code: EmployeeCode(stored: "E007"), name: PersonName(stored: "Ada"))

    /// "2026-03-02"
    static func date(_ text: String) -> AttendanceDate { try! AttendanceDate(parsing: text) }

    /// "2026-03-02 09:05", read on the wall clock of `policy`'s zone.
    static func instant(_ text: String, policy: Policy = policy()) -> Date {
        let parts = text.split(separator: " ")
        return policy.zone.instant(on: date(String(parts[0])), at: try! WallClockTime(parsing: String(parts[1])))
    }

    /// Punches from "in 09:05", "out 18:00" on `day`, with ids in the order given.
    static func punches(_ specs: [String], on day: String, policy: Policy, firstID: Int64) -> [Punch] {
        specs.enumerated().map { index, spec in
            let words = spec.split(separator: " ")
            let at = instant("\(day) \(words[1])", policy: policy)
            return Punch(
                id: firstID + Int64(index), employeeID: employee.id, instant: at, zone: policy.zone.identifier,
                attendanceDate: policy.attendanceDate(of: at), kind: PunchKind(rawValue: String(words[0]))!,
                source: .simulated, createdAt: at)
        }
    }
}
