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

    /// The instant the shift starts on attendance date `date`.
    public func shiftStartInstant(on date: AttendanceDate) -> Date { zone.instant(on: date, at: shiftStart) }

    /// The instant the shift ends for attendance date `date` (on the next date for a night shift).
    public func shiftEndInstant(on date: AttendanceDate) -> Date {
        zone.instant(on: shiftCrossesMidnight ? date.adding(days: 1) : date, at: shiftEnd)
    }

    public func isWorkingDay(_ date: AttendanceDate) -> Bool { workingDays.contains(date.weekday) }
}
