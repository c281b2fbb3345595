import Foundation

/// The instants that the rules compare punches against on one attendance date.
///
/// Shift times are wall-clock times on the date (the end on the next date when end ≤ start),
/// turned into instants once, with the zone's offsets of that very day; everything after that is
/// comparing instants, which is why a DST change day needs no special case in the rules.
///
/// Late and early exit judge the clock time a person sees, to the minute: a first IN at
/// 09:45:59 shows as 09:45 and is compared as 09:45 (see ``shownMinute(of:)``). Worked time is
/// not rounded; it stays exact to the second.
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
    /// The zone whose wall clock people read.
    public let zone: LocalZone

    /// The shift of `policy` on attendance date `date`.
    public init(policy: Policy, date: AttendanceDate) {
        zone = policy.zone
        start = policy.shiftStartInstant(on: date)
        end = policy.shiftEndInstant(on: date)
        lateAfter = start.addingTimeInterval(TimeInterval(policy.lateGraceMinutes * 60))
        earlyExitBefore = end.addingTimeInterval(-TimeInterval(policy.earlyExitGraceMinutes * 60))
        pendingUntil = end.addingTimeInterval(Self.pendingSeconds)
    }

    /// How long after `shift_end` a date with no punches stays pending (docs/rules.md rule 5).
    public static let pendingSeconds: TimeInterval = 2 * 3600

    /// The start of the minute the local clock shows at `instant`: 09:45:59 gives 09:45:00.
    ///
    /// Floored on the local clock, not in UTC, so a zone whose offset is not a whole number of
    /// minutes (some historical ones) still agrees with what a clock on the wall shows.
    public func shownMinute(of instant: Date) -> Date {
        let offset = zone.offset(at: instant)
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        return Date(timeIntervalSince1970: Double(LocalZone.floorDiv(local, 60) * 60 - offset))
    }

    /// Whether a first IN at `firstIn` is late: the minute it shows is after `lateAfter`.
    public func isLate(firstIn: Date) -> Bool { shownMinute(of: firstIn) > lateAfter }

    /// Whole minutes from `shift_start` to the minute `firstIn` shows ("late by 17 min"); 0 when
    /// not after it.
    public func minutesLate(firstIn: Date) -> Int {
        max(0, Int(shownMinute(of: firstIn).timeIntervalSince(start) / 60))
    }

    /// Whether a last OUT at `lastOut` is an early exit: the minute it shows is before
    /// `earlyExitBefore`.
    public func isEarlyExit(lastOut: Date) -> Bool { shownMinute(of: lastOut) < earlyExitBefore }
}
