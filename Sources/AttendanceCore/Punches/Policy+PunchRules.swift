import Foundation

extension Policy {
    /// Decides whether a punch of `kind` at `now` is recorded (docs/rules.md "Punches" 1–4 and 7).
    ///
    /// In this order:
    /// 1. **Duplicate**: the latest punch of the same kind in `recent` lies within
    ///    `duplicate_punch_seconds` of `now` (either side, so a clock stepping back a few seconds
    ///    still counts): ``PunchDecision/duplicate(of:)``. 0 disables the window.
    /// 2. **IN** while the current attendance date has an open session: refused, already in.
    ///    A session left open on an earlier date does not block it and is not closed by it.
    /// 3. **OUT** without an open session on the current attendance date: refused, not in.
    /// 4. **OUT** whose instant is not after the open session's IN (the clock went back): refused
    ///    with that IN's time; the session stays open and the caller logs the refusal.
    /// 5. Otherwise accepted on the current attendance date, noting whether any punch in
    ///    `recent` is later than `now` (the clock went backwards).
    ///
    /// - Parameters:
    ///   - recent: the employee's accepted punches (voided ones left out, re-timed ones at their
    ///     new time) whose attendance date is on or after the day before the current one, i.e.
    ///     `attendance_date >= attendanceDate(of: now) - 1`. That covers the current date's
    ///     sessions, a duplicate just across `day_change`, and any punch a backwards clock left
    ///     "in the future". Older punches are never needed; extra ones are harmless.
    ///   - knowledge: whether `recent` holds every punch the organisation has made (one kiosk, or
    ///     one whose last sync with the central store is fresh). With ``PunchKnowledge/partial``
    ///     a kiosk cannot see punches made elsewhere, so it records the employee's explicit
    ///     choice instead of refusing by rules 2 and 3 (docs/rules.md "Punches" 9); the merged
    ///     history shows any break for the manager.
    ///
    /// A punch from another kiosk stamped more than ``clockTolerance`` after `now` came from a
    /// clock running ahead (or this one runs behind): it settles none of the rules, as if the
    /// kiosk could not see it, so that a wrong clock elsewhere never blocks an employee here.
    public func decide(
        _ kind: PunchKind, at now: Date, recent: [Punch], knowledge: PunchKnowledge = .complete
    )
        -> PunchDecision
    {
        var recent = recent
        var knowledge = knowledge
        if recent.contains(where: { $0.origin != nil && $0.instant.timeIntervalSince(now) > Self.clockTolerance }) {
            recent.removeAll { $0.origin != nil && $0.instant.timeIntervalSince(now) > Self.clockTolerance }
            knowledge = .partial
        }
        if duplicatePunchSeconds > 0 {
            let window = TimeInterval(duplicatePunchSeconds)
            let previous = recent.filter { $0.kind == kind }.max(by: DayPunches.timeOrder)
            if let previous, abs(now.timeIntervalSince(previous.instant)) <= window {
                return .duplicate(of: previous)
            }
        }

        let today = attendanceDate(of: now)
        let day = pairing(recent.filter { $0.attendanceDate == today })
        switch kind {
        case .in:
            if let open = day.openSession, knowledge == .complete {
                let since = open.start
                return .refused(.alreadyIn(since: since, clock: zone.clockText(of: since)))
            }
        case .out:
            guard let open = day.openSession else {
                return knowledge == .complete ? .refused(.notIn) : .accept(today, clockWentBack: false)
            }
            if now <= open.start {
                return .refused(.clockBehindMarkIn(since: open.start, clock: zone.clockText(of: open.start)))
            }
        }
        return .accept(today, clockWentBack: recent.contains { $0.instant > now })
    }
}

extension Policy {
    /// How far a kiosk's clock may be from the central store's before its punches are flagged
    /// and its screen says so; also how far ahead of a kiosk's own clock a punch from another
    /// kiosk may lie and still count for its decisions.
    public static let clockTolerance: TimeInterval = 120
}

/// How much of an employee's history the deciding kiosk can see (docs/rules.md "Punches" 9).
public enum PunchKnowledge: Sendable, Hashable {
    /// Every punch made anywhere is known: a single kiosk, or one freshly synced.
    case complete
    /// Punches made at other kiosks may be missing: the central store could not be reached lately.
    case partial
}

extension Policy {
    /// One date's punches paired into sessions, punches repeated at another kiosk within the
    /// duplicate window counted once.
    public func pairing(_ punches: [Punch]) -> DayPunches {
        DayPunches(punches, maxSessionHours: maxSessionHours, mergeWindowSeconds: Double(duplicatePunchSeconds))
    }
}
