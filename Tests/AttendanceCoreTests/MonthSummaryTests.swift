import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md "Month summary", from a month evaluated date by date.
@Suite("Month evaluation and summary")
struct MonthSummaryTests {
    static let march = YearMonth(year: 2026, month: 3)!

    /// Punches on several dates of March 2026, ids in the order listed.
    static func punches(_ byDay: [(Int, [String])], policy: Policy = Fixture.policy()) -> [Punch] {
        var all: [Punch] = []
        for (day, specs) in byDay {
            let date = "2026-03-" + (day < 10 ? "0" : "") + String(day)
            all += Fixture.punches(specs, on: date, policy: policy, firstID: Int64(all.count + 1))
        }
        return all
    }

    /// A month with every status: the numbers below are counted by hand.
    static func busyMonth(goal: Int) -> MonthEvaluation {
        let policy = Fixture.policy { $0.monthlyGoalDays = goal }
        let ordinary = [16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 31].map { ($0, ["in 09:00", "out 17:45"]) }
        let punches = Self.punches(
            [
                (2, ["in 09:00", "out 18:00:20"]),  // P, 9 h 20 s
                (3, ["in 10:00", "out 19:00"]),  // L, 9 h
                (4, ["in 09:30", "out 12:30"]),  // HD, early exit, 3 h
                (5, ["in 11:00", "out 14:00"]),  // HD, late, early exit, 3 h
                (11, ["in 13:30", "out 18:00"]),  // HD with a half-day leave, 4.5 h
                (12, ["in 09:00"]),  // M
                (13, ["in 09:30", "out 17:00"]),  // P, early exit, 7.5 h
                (14, ["in 09:00", "out 13:00"]),  // Saturday: P, worked on holiday (never an early exit), 4 h
            ] + ordinary, policy: policy)  // P, 12 × 8.75 h
        let engine = StatusEngine(employee: Fixture.employee, policy: policy, now: Fixture.instant("2026-04-05 12:00"))
        return engine.evaluate(
            month: march, punches: punches.shuffled(), holidays: [Fixture.date("2026-03-06"): "Founders' Day"],
            leave: [Fixture.date("2026-03-10"): .full, Fixture.date("2026-03-11"): .half],
            correctedDates: [Fixture.date("2026-03-13")])
    }

    @Test("a month with every status is counted exactly")
    func countsEveryStatus() {
        let month = Self.busyMonth(goal: 20)
        let summary = month.summary
        #expect(month.days.count == 31)
        #expect(month.days.map(\.date) == Array(Self.march.days))
        // The half-day leave of the 11th adds 0.5 LV beside its HD (half a day present).
        let counts: [DayStatus: Double] = [
            .present: 15, .late: 1, .halfDay: 3, .absent: 1, .holiday: 1, .weeklyOff: 8, .leave: 1.5, .missing: 1,
        ]
        #expect(summary.counts == counts)
        #expect(summary.countText(.leave) == "1.5" && summary.countText(.halfDay) == "3")
        #expect(summary.presentHalfDays == 35)
        #expect(summary.presentDays == 17.5)
        #expect(summary.presentDaysText == "17.5")
        #expect(summary.workedSeconds == 145 * 3600 + 20)
        #expect(summary.workedHoursText == "145.01")
        #expect(summary.workedHours == 145.01)
        #expect(summary.lateCount == 2)
        #expect(summary.earlyExitCount == 3)
    }

    @Test("the calendar's codes for the busy month, date by date")
    func codes() {
        let codes = Self.busyMonth(goal: 0).days.map(\.code).joined(separator: " ")
        #expect(codes == "WO P L HD HD H WO WO A LV HD M P P WO P P P P P WO WO P P P P P WO WO P P")
    }

    @Test("flagged dates are listed for the calendar")
    func flagged() {
        let month = Self.busyMonth(goal: 0)
        #expect(month.flaggedDays.map(\.date.day) == [3, 4, 5, 11, 12, 13, 14])
        #expect(month[Fixture.date("2026-03-13")]?.flags == [.corrected, .earlyExit])
        #expect(month[Fixture.date("2026-03-14")]?.flags.names == ["worked on holiday"])
        #expect(month[Fixture.date("2026-03-06")]?.holidayName == "Founders' Day")
        #expect(month[Fixture.date("2026-04-01")] == nil)
    }

    @Test(
        "a half-day leave counts 0.5 LV plus its other half: HD (0.5 present) when worked, 0.5 A when not",
        arguments: [
            (["in 13:30", "out 18:00"], DayStatus.halfDay, [DayStatus.leave: 0.5, .halfDay: 1], 1),
            ([], .absent, [.leave: 0.5, .absent: 0.5], 0),
            (["in 13:30"], .missing, [.leave: 0.5, .missing: 1], 0),
        ])
    func halfDayLeaveSummary(punches specs: [String], status: DayStatus, counts: [DayStatus: Double], halves: Int) {
        let punches = Fixture.punches(specs, on: "2026-03-11")
        let engine = StatusEngine(
            employee: Fixture.employee, policy: Fixture.policy(), now: Fixture.instant("2026-04-05 12:00"))
        let month = engine.evaluate(
            month: Self.march, punches: punches, leave: [Fixture.date("2026-03-11"): .half])
        #expect(month[Fixture.date("2026-03-11")]?.status == status)
        var expected = counts
        expected[.absent, default: 0] += 21  // every other working date of March is absent
        expected[.weeklyOff] = 9
        #expect(month.summary.counts == expected)
        #expect(month.summary.presentHalfDays == halves)
    }

    @Test("a goal of 0 means no goal")
    func noGoal() {
        #expect(Self.busyMonth(goal: 0).summary.goalDays == nil)
    }

    @Test("an employee who starts and leaves mid-month is – outside those dates")
    func midMonthEmployment() {
        let employee = Fixture.employee(from: "2026-03-11", to: "2026-03-20")
        let punches = Self.punches((1...31).map { ($0, ["in 09:00", "out 18:00"]) })
        let engine = StatusEngine(
            employee: employee, policy: Fixture.policy(), now: Fixture.instant("2026-03-25 12:00"))
        let month = engine.evaluate(month: Self.march, punches: punches)
        let codes = month.days.map(\.code).joined(separator: " ")
        #expect(codes == "– – – – – – – – – – P P P P P P P P P P – – – – – – – – – – –")
        // Punches on weekends inside the employment count as worked on holiday.
        #expect(month.summary.counts == [.present: 10])
        #expect(month.summary.workedHoursText == "90.00")
        #expect(month.summary.presentDaysText == "10")
        #expect(month.days.filter { $0.flags.contains(.workedOnHoliday) }.map(\.date.day) == [14, 15])
    }

    @Test("in the middle of the month: over dates, today IN, future dates")
    func today() {
        let punches = Self.punches([
            (16, ["in 09:00", "out 18:00"]), (17, ["in 09:00", "out 18:00"]), (18, ["in 10:00"]),
        ])
        let engine = StatusEngine(
            employee: Fixture.employee, policy: Fixture.policy(), now: Fixture.instant("2026-03-18 12:00"))
        let month = engine.evaluate(month: Self.march, punches: punches)
        let codes = month.days.map(\.code).joined(separator: " ")
        #expect(codes == "WO A A A A A WO WO A A A A A WO WO P P IN" + String(repeating: " ", count: 13))
        // Today is late so far, but only a finished date counts as late.
        #expect(month.days[17].isToday && month.days[17].provisionalStatus == .late)
        #expect(month.summary.lateCount == 0)
        #expect(month.days[18].status == .future)
        #expect(month.summary.counts == [.absent: 10, .weeklyOff: 5, .present: 2])
        // Worked time is the sum of IN→OUT sessions: today's open session (2 h so far) counts
        // once it is marked out, as in the week's payroll note.
        #expect(month.summary.workedHoursText == "18.00")
        #expect(month.days[17].countedSeconds == 0 && month.days[17].workedSeconds == 2 * 3600)
        #expect(month.days[16].isOver && !month.days[17].isOver && !month.days[18].isOver)
    }

    @Test("a month's hours are its dates' hours added, as the week's payroll note adds them")
    func hoursAddUpLikeTheWeek() {
        // Three dates of 8 h 0 min 18 s: 8.01 h each as shown (8.005 rounds up), 24.03 h in all,
        // not the 24.02 h the exact total would round to.
        let punches = Self.punches((2...4).map { ($0, ["in 09:00", "out 17:00:18"]) })
        let engine = StatusEngine(
            employee: Fixture.employee, policy: Fixture.policy(), now: Fixture.instant("2026-03-10 12:00"))
        let month = engine.evaluate(month: Self.march, punches: punches)
        let week = WeekHours(days: Array(month.days[1...7]))
        #expect(week.firstDay == Fixture.date("2026-03-02"))
        #expect(week.hundredthsByDay.prefix(3) == [801, 801, 801])
        #expect(week.totalHundredths == 2403)
        #expect(month.summary.workedHoursText == "24.03")
        #expect(month.summary.workedSeconds == 3 * (8 * 3600 + 18))
    }

    @Test("shared shift instants give the same month, and ones for another shift are not used")
    func sharedShifts() {
        let policy = Fixture.policy()
        let punches = Self.punches([(2, ["in 09:50", "out 18:00"]), (3, ["in 09:00", "out 17:00"])])
        let engine = StatusEngine(employee: Fixture.employee, policy: policy, now: Fixture.instant("2026-04-01 12:00"))
        let plain = engine.evaluate(month: Self.march, punches: punches)
        let shared = engine.evaluate(
            month: Self.march, punches: punches, shifts: MonthShifts(policy: policy, period: DatePeriod(Self.march)))
        let night = Fixture.policy(NightShiftAndDSTTests.nightShiftPolicy)
        let mismatched = engine.evaluate(
            month: Self.march, punches: punches, shifts: MonthShifts(policy: night, period: DatePeriod(Self.march)))
        #expect(plain.days == shared.days)
        #expect(plain.days == mismatched.days)
        #expect(plain.days[1].status == .late && plain.days[2].flags == .earlyExit)
    }

    @Test("punches of other months are ignored")
    func otherMonths() {
        let punches = Fixture.punches(["in 09:00", "out 18:00"], on: "2026-04-01")
        let engine = StatusEngine(
            employee: Fixture.employee, policy: Fixture.policy(), now: Fixture.instant("2026-04-05 12:00"))
        #expect(engine.evaluate(month: Self.march, punches: punches).summary.workedSeconds == 0)
    }
}
