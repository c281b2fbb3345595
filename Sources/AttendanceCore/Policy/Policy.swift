import Foundation

/// The attendance policy of docs/rules.md: shift, graces, thresholds, working days, day change.
///
/// Configured under `[policy]`; an employee's own shift overrides `shiftStart`/`shiftEnd`
/// through `applying(shiftStart:shiftEnd:)`. Every default is the one docs/rules.md names.
public struct Policy: Sendable, Hashable {
    public var zone: LocalZone
    public var shiftStart = WallClockTime(validMinuteOfDay: 9 * 60 + 30)
    public var shiftEnd = WallClockTime(validMinuteOfDay: 18 * 60)
    public var lateGraceMinutes = 15
    public var earlyExitGraceMinutes = 15
    public var halfDayBelowHours = 4.0
    /// 0 disables the "worked too little" absent rule.
    public var absentBelowHours = 1.0
    public var workingDays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public var weekStarts: Weekday = .monday
    public var duplicatePunchSeconds = 60
    public var maxSessionHours = 16.0
    /// "16", "7.5": `max_session_hours` as messages write it.
    public var maxSessionHoursText: String {
        maxSessionHours == maxSessionHours.rounded() ? String(Int(maxSessionHours)) : String(maxSessionHours)
    }
    /// 0 means no goal.
    public var monthlyGoalDays = 0
    /// `monthly_goal_days`, or nil when it is 0 (no goal).
    public var goalDays: Int? { monthlyGoalDays > 0 ? monthlyGoalDays : nil }
    public var dayChange = WallClockTime(validMinuteOfDay: 4 * 60)
    public var editWindowDays = 30
    /// The office's leave types (`[leave_types]`): the code and colour of each date on leave.
    public var leaveTypes = LeaveTypes()

    /// Whether correcting `date` at `now` reaches back past `edit_window_days` (and so needs
    /// `--force`).
    public func isOutsideEditWindow(_ date: AttendanceDate, now: Date) -> Bool {
        date.distance(to: attendanceDate(of: now)) > editWindowDays
    }

    /// The defaults of docs/rules.md in `zone` (the host's zone when the configuration names none).
    public init(zone: LocalZone) { self.zone = zone }

    /// This policy with an employee's own shift, where they have one.
    public func applying(shiftStart: WallClockTime?, shiftEnd: WallClockTime?) -> Policy {
        var copy = self
        if let shiftStart { copy.shiftStart = shiftStart }
        if let shiftEnd { copy.shiftEnd = shiftEnd }
        return copy
    }

    /// The attendance date a punch at `instant` belongs to.
    public func attendanceDate(of instant: Date) -> AttendanceDate {
        zone.attendanceDate(of: instant, dayChange: dayChange)
    }

    /// True when the shift ends on the next date (a night shift such as 22:00–06:00).
    public var shiftCrossesMidnight: Bool { shiftEnd <= shiftStart }

    /// Why the shift does not fit in one attendance date, or nil when it does. A shift starts on
    /// its attendance date at or after `day_change` and ends before the next one: a night shift
    /// 22:00–06:00 under the default 04:00 would have its mark-out at 06:00 on the next date,
    /// refused as "not marked in", and every night would end M (docs/rules.md "Words"). The
    /// `day_change` it suggests fits `alongside` too (the office's shift, for an employee's own).
    public func shiftMisfit(alongside others: [Policy] = []) -> ShiftMisfit? {
        guard !shiftFits(dayChange: dayChange.minuteOfDay) else { return nil }
        // The whole hours that fit every shift concerned; the middle one of them.
        let fitting = (0..<24).map { $0 * 60 }.filter { hour in
            ([self] + others).allSatisfy { $0.shiftFits(dayChange: hour) }
        }
        return ShiftMisfit(
            start: shiftStart, end: shiftEnd, dayChange: dayChange,
            startsBeforeDayChange: shiftStart.minuteOfDay < dayChange.minuteOfDay,
            fittingDayChange: fitting.isEmpty ? nil : WallClockTime(validMinuteOfDay: fitting[fitting.count / 2]),
            officeShift: others.first.map { ShiftMisfit.Shift(start: $0.shiftStart, end: $0.shiftEnd) })
    }

    /// Whether the shift lies within one attendance date when the day changes at `change`.
    func shiftFits(dayChange change: Int) -> Bool {
        shiftStart.minuteOfDay >= change && (!shiftCrossesMidnight || shiftEnd.minuteOfDay <= change)
    }

    /// The instant the shift starts on attendance date `date`.
    public func shiftStartInstant(on date: AttendanceDate) -> Date { zone.instant(on: date, at: shiftStart) }

    /// The instant the shift ends for attendance date `date` (on the next date for a night shift).
    public func shiftEndInstant(on date: AttendanceDate) -> Date {
        zone.instant(on: shiftCrossesMidnight ? date.adding(days: 1) : date, at: shiftEnd)
    }

    public func isWorkingDay(_ date: AttendanceDate) -> Bool { workingDays.contains(date.weekday) }
}
