import Foundation

/// The instants that the rules compare punches against on one attendance date.
///
/// Shift times are wall-clock times on the date (the end on the next date when end ≤ start),
/// turned into instants once, with the zone's offsets of that very day; everything after that is
/// comparing instants, which is why a DST change day needs no special case in the rules.
public struct ShiftTimes: Sendable, Hashable {
    /// `shift_start` on the date.
    public let start: Date
    /// `shift_end`, on the next date for a night shift.
    public let end: Date
    /// A first IN after this is late: `start + late_grace_minutes`.
    public let lateAfter: Date
    /// A last OUT before this is an early exit: `end − early_exit_grace_minutes`.
    public let earlyExitBefore: Date
    /// Until this instant a working date with no punches is pending, from it absent: `end + 2 h`.
    public let pendingUntil: Date

    /// The shift of `policy` on attendance date `date`.
    public init(policy: Policy, date: AttendanceDate) {
        start = policy.shiftStartInstant(on: date)
        end = policy.shiftEndInstant(on: date)
        lateAfter = start.addingTimeInterval(TimeInterval(policy.lateGraceMinutes * 60))
        earlyExitBefore = end.addingTimeInterval(-TimeInterval(policy.earlyExitGraceMinutes * 60))
        pendingUntil = end.addingTimeInterval(Self.pendingSeconds)
    }

    /// How long after `shift_end` a date with no punches stays pending (RULES.md rule 5).
    public static let pendingSeconds: TimeInterval = 2 * 3600

    /// Whether a first IN at `firstIn` is late.
    public func isLate(firstIn: Date) -> Bool { firstIn > lateAfter }

    /// Whole minutes from `shift_start` to `firstIn` ("late by 17 min"); 0 when not after it.
    public func minutesLate(firstIn: Date) -> Int { max(0, Int(firstIn.timeIntervalSince(start) / 60)) }

    /// Whether a last OUT at `lastOut` is an early exit.
    public func isEarlyExit(lastOut: Date) -> Bool { lastOut < earlyExitBefore }
}
