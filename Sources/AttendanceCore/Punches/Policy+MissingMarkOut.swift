import Foundation

extension Policy {
    /// When a session left open (or over-long) on `date` most likely ended: the shift's end, when
    /// it could close it — after its IN, before `next` (the following session's IN), on the same
    /// attendance date, and within `maxSessionSeconds`; nil otherwise, when only the manager can
    /// say (docs/rules.md, status 7).
    public func suggestedClose(
        of session: Session, before next: Date?, on date: AttendanceDate, maxSessionSeconds: Double
    ) -> Date? {
        let end = shiftEndInstant(on: date)
        let fits =
            end > session.start && (next.map { end < $0 } ?? true) && attendanceDate(of: end) == date
            && end.timeIntervalSince(session.start) <= maxSessionSeconds
        return fits ? end : nil
    }
}

extension PunchKnowledge {
    /// What a kiosk syncing every `syncSeconds` knows at `time` when its last successful sync was
    /// at `lastSync` (docs/rules.md "Punches" 9): everything when that is within three sync
    /// periods (at least a minute), either way; otherwise only its own and what it last received.
    public static func after(lastSync: Date?, syncSeconds: Int, at time: Date) -> PunchKnowledge {
        guard let lastSync else { return .partial }
        let fresh = TimeInterval(max(3 * syncSeconds, 60))
        return abs(time.timeIntervalSince(lastSync)) <= fresh ? .complete : .partial
    }
}

extension Policy {
    /// The instant a person who says they left at `time` on attendance date `date` means: that
    /// wall-clock time on the date, or on the next calendar day when it is before `day_change`
    /// (a night shift's 01:30 belongs to the date before).
    public func instant(leavingAt time: WallClockTime, on date: AttendanceDate) -> Date {
        zone.instant(on: time < dayChange ? date.adding(days: 1) : date, at: time)
    }
}
