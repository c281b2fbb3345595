import Foundation

/// Everything the rules concluded about one employee on one attendance date.
///
/// Made by ``StatusEngine``. Calendars print ``status`` (and ``provisionalStatus`` beside IN),
/// list ``flags`` under the grid, and show ``punches`` in a day's detail.
public struct DayEvaluation: Sendable, Hashable {
    public let date: AttendanceDate
    public let status: DayStatus
    /// While the status is IN: what the date would be if it ended as it stands, P or L (HD on a
    /// half-day leave). Nil otherwise.
    public let provisionalStatus: DayStatus?
    public let flags: DayFlags
    /// The date's punches, sessions and gaps.
    public let punches: DayPunches
    /// Counted worked time in seconds; while IN it includes the open session up to `now`.
    /// Zero on dates that are not employed or in the future.
    public let workedSeconds: TimeInterval
    /// Whole minutes from `shift_start` to the first IN when the date is flagged late.
    public let minutesLate: Int?
    /// The holiday's name when the date is in the holiday list.
    public let holidayName: String?
    /// The leave recorded for the date, if any.
    public let leave: LeaveKind?
    /// The type of that leave (annual, sick, …), if any.
    public let leaveType: LeaveType?
    /// Whether the date is one of the policy's `working_days`.
    public let isWorkingDay: Bool
    /// Whether the date is today (the attendance date of `now`).
    public let isToday: Bool
    /// Whether the date is over (before today): from then on its status changes only through a
    /// manager's correction.
    public let isOver: Bool
    /// The employee's shift on the date, as instants.
    public let shift: ShiftTimes

    // MARK: - Reading it

    /// The cell code of the status; a full-day leave's is its type's ("LV", "SL").
    public var code: String { status == .leave ? leaveType?.code ?? status.code : status.code }

    public var sessions: [Session] { punches.sessions }
    public var gaps: [Gap] { punches.gaps }
    public var firstIn: Date? { punches.firstIn }
    public var lastOut: Date? { punches.lastOut }

    /// The worked time payroll counts: the closed sessions. Today's open session counts from
    /// its OUT on (docs/rules.md "Punches" 5: worked time is the sum of the IN→OUT sessions).
    public var countedSeconds: TimeInterval { status == .in ? punches.workedSeconds : workedSeconds }

    /// ``countedSeconds`` in hundredths of an hour, rounded half up: the figure every report adds
    /// up, so that a week's and a month's hours over the same dates are the same.
    public var workedHundredths: Int { Int((countedSeconds / 36).rounded(.toNearestOrAwayFromZero)) }

    /// Whether a punch of the date was verified against a simulated WiFi link rather than one
    /// read from the kernel; reports mark such dates (docs/rules.md "WiFi verification" 5).
    public var hasSimulatedPunch: Bool { evidence.simulated }

    /// Whether a punch of the date was brought in by `attendance import punches` from another time
    /// clock: not taken at a kiosk, so reports mark it as they mark simulated and manual punches.
    public var hasImportedPunch: Bool { evidence.imported }

    /// Both marks, found in one pass over the date's punches (a register makes 62,000 days).
    public var evidence: (simulated: Bool, imported: Bool) {
        var found = (simulated: false, imported: false)
        for punch in punches.punches {
            if punch.source == .simulated {
                found.simulated = true
            } else if punch.source == .import {
                found.imported = true
            }
        }
        return found
    }
}
