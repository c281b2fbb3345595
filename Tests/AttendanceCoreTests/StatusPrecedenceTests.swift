import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md: "the first rule that applies wins." Each row makes two
/// rules apply at once and expects the earlier one.
@Suite("Status precedence")
struct StatusPrecedenceTests {
    static let fullDay = ["in 09:00", "out 18:00"]

    @Test(
        "the earlier rule wins",
        arguments: [
            DayCase(
                "1 before 2: a future date after the end date is –", date: "2026-03-20", employed: (nil, "2026-03-15"),
                .notEmployed),
            DayCase(
                "1 before 3: leave before the start date is –", leave: .full, employed: ("2026-03-05", nil),
                .notEmployed),
            DayCase(
                "1 before 4: a holiday after the end date is –", holiday: "Founders' Day",
                employed: (nil, "2026-03-01"), .notEmployed),
            DayCase(
                "1 before 5: today before the start date is –", date: "2026-03-10", employed: ("2026-03-11", nil),
                .notEmployed),
            DayCase("2 before 3: a future leave is future", date: "2026-03-11", leave: .full, .future),
            DayCase("2 before 4: a future holiday is future", date: "2026-03-11", holiday: "Founders' Day", .future),
            DayCase("3 before 4: leave on a holiday is LV", holiday: "Founders' Day", leave: .full, .leave),
            DayCase("3 before 4: leave on a weekly off is LV", date: "2026-03-07", leave: .full, .leave),
            DayCase("3 before 5: leave today is LV, not pending", date: "2026-03-10", leave: .full, .leave),
            DayCase(
                "3 before 6: leave today while marked in is LV", date: "2026-03-10", punches: ["in 09:00"],
                leave: .full, .leave, worked: 0),
            DayCase(
                "3 before 7: leave with a mark-out missing is LV", punches: ["in 09:00"], leave: .full, .leave,
                flags: .missingMarkOut),
            DayCase(
                "4 before 5: today's weekly off is WO, not pending", date: "2026-03-14", now: "2026-03-14 10:00",
                .weeklyOff),
            DayCase("4 before 8: an over holiday without punches is H, not A", holiday: "Founders' Day", .holiday),
            DayCase("4 before 8: an over weekly off without punches is WO, not A", date: "2026-03-08", .weeklyOff),
            DayCase(
                "5 before 8: today before shift_end + 2 h without punches is pending, not A", date: "2026-03-10",
                .pending),
            DayCase(
                "6 before 8: marked in ten minutes ago is IN, not A", date: "2026-03-10", now: "2026-03-10 09:10",
                punches: ["in 09:00"], .in, provisional: .present, worked: 10),
            DayCase(
                "6 before 9: marked in again after a short morning is IN, not HD", date: "2026-03-10",
                now: "2026-03-10 13:30", punches: ["in 09:00", "out 11:00", "in 13:00"], .in, provisional: .present,
                worked: 150),
            DayCase(
                "6 before 10: late and marked in is IN, provisionally L", date: "2026-03-10", punches: ["in 10:00"],
                .in, flags: .late, provisional: .late, minutesLate: 30),
            DayCase(
                "7 before 8: a mark-out missing with nothing counted is M, not A", punches: ["in 09:00"], .missing,
                flags: .missingMarkOut, worked: 0),
            DayCase(
                "7 before 9: a mark-out missing after a short morning is M, not HD",
                punches: ["in 09:00", "out 11:00", "in 13:00"], .missing, flags: .missingMarkOut, worked: 120),
            DayCase(
                "7 before 10: a late mark-in never marked out is M, not L", punches: ["in 10:00"], .missing,
                flags: .missingMarkOut),
            DayCase(
                "7 before 11: an overlong session beside a full evening is M, not P",
                punches: ["in 04:10", "out 20:30", "in 21:00", "out 03:00+1"], .missing, flags: .overMaxSession,
                worked: 360),
            DayCase("8 before 9: half an hour worked is A, not HD", punches: ["in 09:30", "out 10:00"], .absent),
            DayCase(
                "8 before 10: a late half hour is A, with no late flag", punches: ["in 11:00", "out 11:30"], .absent,
                minutesLate: nil),
            DayCase(
                "9 before 10: a late short day is HD flagged late", punches: ["in 12:00", "out 15:00"], .halfDay,
                flags: [.late, .earlyExit], minutesLate: 150),
            DayCase(
                "9 before 11: a short day on time is HD", punches: ["in 09:30", "out 12:30"], .halfDay,
                flags: .earlyExit),
            DayCase(
                "10 before 11: a late full day is L", punches: ["in 10:00", "out 19:00"], .late, flags: .late,
                minutesLate: 30),
        ])
    func earlierRuleWins(_ row: DayCase) { row.check() }
}
