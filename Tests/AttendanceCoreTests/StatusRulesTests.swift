import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md "The status of one employee on one attendance date", one table per rule.
///
/// 2026-03-02 is a Monday, 2026-03-07 a Saturday; "today" is Tuesday 2026-03-10 unless a row
/// moves `now`. The shift is 09:30–18:00 with 15 minutes' grace either side.
@Suite("Status rules")
struct StatusRulesTests {
    static let fullDay = ["in 09:00", "out 18:00"]

    // MARK: - 1. Not employed

    @Test(
        "rule 1: dates outside the employment are –",
        arguments: [
            DayCase("the day before the start date is –", employed: ("2026-03-03", nil), .notEmployed),
            DayCase("the day after the end date is –", employed: (nil, "2026-03-01"), .notEmployed),
            DayCase(
                "punches outside the employment do not matter", punches: fullDay, employed: ("2026-03-03", nil),
                .notEmployed, worked: 0),
            DayCase("the start date itself is evaluated", punches: fullDay, employed: ("2026-03-02", nil), .present),
            DayCase("the end date itself is evaluated", punches: fullDay, employed: (nil, "2026-03-02"), .present),
        ])
    func notEmployed(_ row: DayCase) { row.check() }

    // MARK: - 2. Future

    @Test(
        "rule 2: dates after today are future",
        arguments: [
            DayCase("tomorrow is future", date: "2026-03-11", .future),
            DayCase(
                "a future date with punches is still future", date: "2026-03-11", punches: fullDay, .future,
                worked: 0),
            DayCase(
                "before day_change the calendar's today is still yesterday's date", date: "2026-03-11",
                now: "2026-03-12 03:59", punches: fullDay, .present),
            DayCase(
                "after day_change the new date is today, not future", date: "2026-03-12",
                now: "2026-03-12 04:00", .pending),
        ])
    func future(_ row: DayCase) { row.check() }

    // MARK: - 3. Leave

    @Test(
        "rule 3: a full-day leave is LV; a half-day leave is HD-with-leave",
        arguments: [
            DayCase("a full-day leave is LV", leave: .full, .leave),
            DayCase("a full-day leave with punches is still LV", punches: fullDay, leave: .full, .leave, worked: 540),
            DayCase(
                "a half-day leave with a full day worked is HD", punches: fullDay, leave: .half, .halfDay,
                flags: .halfDayLeave),
            DayCase(
                "a half-day leave with the afternoon worked is HD, not late", punches: ["in 13:30", "out 18:00"],
                leave: .half, .halfDay, flags: .halfDayLeave, minutesLate: nil),
            DayCase(
                "a half-day leave with the morning worked is HD, not an early exit",
                punches: ["in 09:30", "out 13:30"],
                leave: .half, .halfDay, flags: .halfDayLeave),
            DayCase("a half-day leave without any punches is A", leave: .half, .absent, flags: .halfDayLeave),
            DayCase(
                "a half-day leave with too little worked is A", punches: ["in 13:30", "out 14:00"], leave: .half,
                .absent, flags: .halfDayLeave),
            DayCase(
                "a half-day leave still waits as pending today", date: "2026-03-10", leave: .half, .pending,
                flags: .halfDayLeave),
            DayCase(
                "a half-day leave shows HD beside IN", date: "2026-03-10", punches: ["in 11:00"], leave: .half,
                .in, flags: .halfDayLeave, provisional: .halfDay, worked: 60),
        ])
    func leave(_ row: DayCase) { row.check() }

    // MARK: - 4. Holiday and weekly off

    @Test(
        "rule 4: holidays and non-working days without punches are H and WO",
        arguments: [
            DayCase("a holiday without punches is H", holiday: "Founders' Day", .holiday),
            DayCase("a Saturday without punches is WO", date: "2026-03-07", .weeklyOff),
            DayCase("a Sunday without punches is WO", date: "2026-03-08", .weeklyOff),
            DayCase("a holiday on a Saturday is H", date: "2026-03-07", holiday: "Founders' Day", .holiday),
            DayCase(
                "a Saturday that is a working day is A without punches", date: "2026-03-07",
                policy: { $0.workingDays.insert(.saturday) }, .absent),
            DayCase("a Monday that is not a working day is WO", policy: { $0.workingDays.remove(.monday) }, .weeklyOff),
            DayCase(
                "today's holiday is H, never pending", date: "2026-03-10", now: "2026-03-10 08:00",
                holiday: "Founders' Day", .holiday),
        ])
    func offDays(_ row: DayCase) { row.check() }

    @Test(
        "rule 4: punches on a holiday or weekly off are evaluated by rules 6–11 and flagged, never late or early",
        arguments: [
            DayCase(
                "a full day on a holiday is P", punches: fullDay, holiday: "Founders' Day", .present,
                flags: .workedOnHoliday, worked: 540),
            DayCase(
                "a start after the shift's on a Saturday is P, not L: nobody was expected",
                date: "2026-03-07", punches: ["in 10:00", "out 18:30"], .present, flags: .workedOnHoliday),
            DayCase(
                "a short morning on a holiday is HD, without an early exit", punches: ["in 09:00", "out 11:00"],
                holiday: "Founders' Day", .halfDay, flags: .workedOnHoliday),
            DayCase(
                "an afternoon on a holiday is neither late nor early", punches: ["in 13:00", "out 16:00"],
                holiday: "Founders' Day", .halfDay, flags: .workedOnHoliday),
            DayCase(
                "half an hour on a Sunday is A by rule 8", date: "2026-03-08", punches: ["in 10:00", "out 10:30"],
                .absent, flags: .workedOnHoliday),
            DayCase(
                "an open session on an over holiday is M", punches: ["in 09:00"], holiday: "Founders' Day",
                .missing, flags: [.workedOnHoliday, .missingMarkOut]),
            DayCase(
                "an open session on today's holiday is IN", date: "2026-03-10", punches: ["in 09:00"],
                holiday: "Founders' Day", .in, flags: .workedOnHoliday, provisional: .present, worked: 180),
        ])
    func workedOnHoliday(_ row: DayCase) { row.check() }

    // MARK: - 5. Pending

    @Test(
        "rule 5: today without punches is pending until shift_end + 2 h",
        arguments: [
            DayCase("today before the shift is pending", date: "2026-03-10", now: "2026-03-10 08:00", .pending),
            DayCase(
                "today one second before shift_end + 2 h is pending", date: "2026-03-10",
                now: "2026-03-10 19:59:59", .pending),
            DayCase("today at shift_end + 2 h is A", date: "2026-03-10", now: "2026-03-10 20:00", .absent),
            DayCase("today after shift_end + 2 h is A", date: "2026-03-10", now: "2026-03-10 23:30", .absent),
            DayCase(
                "today still before day_change the next morning is A", date: "2026-03-10",
                now: "2026-03-11 03:00", .absent),
            DayCase(
                "an employee's own shift moves the pending end", date: "2026-03-10", now: "2026-03-10 15:59",
                shift: ("06:00", "14:00"), .pending),
            DayCase(
                "an employee's own shift moves the absent start", date: "2026-03-10", now: "2026-03-10 16:00",
                shift: ("06:00", "14:00"), .absent),
        ])
    func pending(_ row: DayCase) { row.check() }

    // MARK: - 6. In

    @Test(
        "rule 6: an open session today is IN with a provisional P or L",
        arguments: [
            DayCase(
                "marked in on time is IN, provisionally P", date: "2026-03-10", punches: ["in 09:00"], .in,
                provisional: .present, worked: 180),
            DayCase(
                "marked in late is IN, provisionally L", date: "2026-03-10", punches: ["in 09:50"], .in,
                flags: .late, provisional: .late, worked: 130, minutesLate: 20),
            DayCase(
                "back from lunch is IN with the morning counted", date: "2026-03-10",
                now: "2026-03-10 14:00", punches: ["in 09:00", "out 12:00", "in 13:00"], .in, provisional: .present,
                worked: 240),
            DayCase(
                "an open session over midnight is IN until day_change", date: "2026-03-10",
                now: "2026-03-11 01:00", punches: ["in 20:00"], .in, flags: .late, provisional: .late, worked: 300,
                minutesLate: 630),
            DayCase(
                "an open session longer than max_session_hours is still IN but flagged and not counted",
                date: "2026-03-10", now: "2026-03-11 03:00", punches: ["in 04:30"], .in,
                flags: .overMaxSession, provisional: .present, worked: 0),
        ])
    func markedIn(_ row: DayCase) { row.check() }

    // MARK: - 7. Missing mark-out

    @Test(
        "rule 7: an over date with an open or overlong session is M",
        arguments: [
            DayCase("an IN never marked out is M", punches: ["in 09:00"], .missing, flags: .missingMarkOut),
            DayCase(
                "an afternoon never marked out is M, morning still counted",
                punches: ["in 09:00", "out 12:00", "in 13:00"],
                .missing, flags: .missingMarkOut, worked: 180),
            DayCase(
                "an open session over midnight becomes M at day_change", date: "2026-03-10",
                now: "2026-03-11 04:00", punches: ["in 20:00"], .missing, flags: .missingMarkOut, worked: 0),
            DayCase(
                "a session over max_session_hours is M", punches: ["in 05:00", "out 21:30"], .missing,
                flags: .overMaxSession, worked: 0),
            DayCase(
                "a session of exactly max_session_hours counts", punches: ["in 05:00", "out 21:00"], .present,
                worked: 960),
            DayCase(
                "a session over max_session_hours today is not M yet", date: "2026-03-10",
                now: "2026-03-10 22:00", punches: ["in 04:30", "out 21:00"], .absent, flags: .overMaxSession, worked: 0),
            DayCase(
                "an IN after an IN leaves a mark-out missing", punches: ["in 09:00", "in 13:00", "out 18:00"],
                .missing, flags: .missingMarkOut, worked: 300),
            DayCase(
                "an IN after an IN today is flagged but not M yet", date: "2026-03-10", now: "2026-03-10 19:00",
                punches: ["in 09:00", "in 10:00", "out 18:00"], .present, flags: .missingMarkOut, worked: 480),
        ])
    func missing(_ row: DayCase) { row.check() }

    // MARK: - 8. Absent

    @Test(
        "rule 8: no punches on an over working date, or too little worked, is A",
        arguments: [
            DayCase("an over working date without punches is A", .absent, worked: 0),
            DayCase("59 minutes worked is A", punches: ["in 09:30", "out 10:29"], .absent, worked: 59),
            DayCase(
                "exactly absent_below_hours worked is not A", punches: ["in 09:30", "out 10:30"], .halfDay,
                flags: .earlyExit, worked: 60),
            DayCase(
                "absent_below_hours = 0 disables the short-day rule", punches: ["in 09:30", "out 09:40"],
                policy: { $0.absentBelowHours = 0 }, .halfDay, flags: .earlyExit, worked: 10),
            DayCase(
                "a larger absent_below_hours applies", punches: ["in 09:30", "out 11:00"],
                policy: { $0.absentBelowHours = 2 }, .absent, worked: 90),
            DayCase("an OUT alone is A and flagged", punches: ["out 18:00"], .absent, flags: .unpairedPunch, worked: 0),
            DayCase(
                "today with a short closed session is A", date: "2026-03-10", punches: ["in 09:30", "out 09:50"],
                .absent, worked: 20),
        ])
    func absent(_ row: DayCase) { row.check() }

    // MARK: - 9. Half day

    @Test(
        "rule 9: less than half_day_below_hours worked is HD",
        arguments: [
            DayCase("3 h 59 min is HD", punches: ["in 09:30", "out 13:29"], .halfDay, flags: .earlyExit, worked: 239),
            DayCase(
                "exactly half_day_below_hours is not HD", punches: ["in 09:30", "out 13:30"], .present,
                flags: .earlyExit, worked: 240),
            DayCase(
                "a late half day is HD and flagged late", punches: ["in 11:00", "out 14:00"], .halfDay,
                flags: [.late, .earlyExit], minutesLate: 90),
            DayCase(
                "half_day_below_hours = 5 makes 4 h 30 min HD", punches: ["in 09:30", "out 14:00"],
                policy: { $0.halfDayBelowHours = 5 }, .halfDay, flags: .earlyExit),
            DayCase(
                "sessions are added up before the threshold",
                punches: ["in 09:30", "out 11:30", "in 15:00", "out 17:00"],
                .present, flags: .earlyExit, worked: 240),
        ])
    func halfDay(_ row: DayCase) { row.check() }

    // MARK: - 10. Late and 11. present

    @Test(
        "rule 10: a first IN after shift_start + late_grace_minutes is L",
        arguments: [
            DayCase(
                "late by one minute past grace is L", punches: ["in 09:46", "out 18:30"], .late, flags: .late,
                minutesLate: 16),
            DayCase(
                "09:45:40 shows as 09:45, the end of grace, and is P", punches: ["in 09:45:40", "out 18:30"],
                .present, minutesLate: nil),
            DayCase(
                "09:45:59 is still the minute 09:45 and P", punches: ["in 09:45:59", "out 18:30"], .present,
                minutesLate: nil),
            DayCase(
                "09:46:00 is late by 16 min", punches: ["in 09:46:00", "out 18:30"], .late, flags: .late,
                minutesLate: 16),
            DayCase(
                "exactly at the end of grace is P", punches: ["in 09:45", "out 18:30"], .present, minutesLate: nil),
            DayCase(
                "late_grace_minutes = 0: 09:30:59 is still 09:30 and P", punches: ["in 09:30:59", "out 18:00"],
                policy: { $0.lateGraceMinutes = 0 }, .present, minutesLate: nil),
            DayCase(
                "late_grace_minutes = 0: 09:31 is late by 1 min", punches: ["in 09:31", "out 18:00"],
                policy: { $0.lateGraceMinutes = 0 }, .late, flags: .late, minutesLate: 1),
            DayCase(
                "only the first IN decides lateness", punches: ["in 09:00", "out 12:00", "in 14:00", "out 19:00"],
                .present),
            DayCase(
                "an employee's own shift decides lateness", punches: ["in 10:10", "out 18:30"],
                shift: ("10:00", "18:30"), .present),
            DayCase(
                "an employee's own shift makes 08:20 late", punches: ["in 08:20", "out 16:00"],
                shift: ("08:00", "16:00"), .late, flags: .late, minutesLate: 20),
        ])
    func late(_ row: DayCase) { row.check() }

    @Test(
        "rule 11: otherwise P",
        arguments: [
            DayCase("a full day on time is P", punches: fullDay, .present, worked: 540),
            DayCase(
                "leaving at shift_end − early_exit_grace is P without early exit", punches: ["in 09:30", "out 17:45"],
                .present),
            DayCase(
                "leaving a minute earlier is P with early exit", punches: ["in 09:30", "out 17:44"], .present,
                flags: .earlyExit),
            DayCase(
                "17:44:59 shows as 17:44: an early exit", punches: ["in 09:30", "out 17:44:59"], .present,
                flags: .earlyExit),
            DayCase(
                "early_exit_grace_minutes = 0 flags one minute early", punches: ["in 09:30", "out 17:59"],
                policy: { $0.earlyExitGraceMinutes = 0 }, .present, flags: .earlyExit),
            DayCase(
                "a mark-out after midnight belongs to the day and is not early", punches: ["in 09:30", "out 01:30+1"],
                .present, worked: 960),
            DayCase(
                "a corrected date is flagged corrected", punches: fullDay, corrected: true, .present,
                flags: .corrected),
            DayCase(
                "a clock that went back is flagged", punches: ["in 09:00", "out 18:00", "out 17:58"], .present,
                flags: [.clockWentBack, .unpairedPunch], worked: 538),
        ])
    func present(_ row: DayCase) { row.check() }
}
