import Foundation

/// The checks a manager's correction must pass before it is stored (docs/rules.md "Punches" 5–6).
///
/// Pure: the store hands over the employee's effective punches around the dates a change
/// touches, before and after it, and the current instant. A correction must not make the record
/// worse: after it, each date it touches has punches that alternate IN, OUT, IN, OUT in time
/// order, sessions of at least a minute and at most `max_session_hours`, and no punch inside a
/// session of another date. Problems the date already had and the change does not touch are
/// left for further corrections, so a badly broken date can be repaired one step at a time.
public struct CorrectionCheck: Sendable {
    /// The employee's policy (zone, day change, `max_session_hours`, `edit_window_days`).
    public let policy: Policy
    public let now: Date

    /// The id the check gives a punch that is being added and has none yet.
    public static let newPunchID = Int64.max

    /// Sessions shorter than this are refused: a slip of the finger, not work.
    public static let minimumSessionSeconds: TimeInterval = 60

    public init(policy: Policy, now: Date) {
        self.policy = policy
        self.now = now
    }

    // MARK: - Time

    /// Refuses an instant after now.
    public func checkNotInFuture(_ instant: Date) throws(CorrectionError) {
        guard instant > now else { return }
        throw .inFuture(time: policy.zone.minuteText(of: instant), now: policy.zone.minuteText(of: now))
    }

    /// Whether correcting `dates` reaches back past `edit_window_days`; throws when it does and
    /// `force` is false. The result is recorded with the correction as its flag.
    public func isOutsideEditWindow(_ dates: [AttendanceDate], force: Bool) throws(CorrectionError) -> Bool {
        guard let oldest = dates.min(), policy.isOutsideEditWindow(oldest, now: now) else { return false }
        guard force else { throw .outsideEditWindow(oldest, days: policy.editWindowDays) }
        return true
    }

    // MARK: - The punches of a date

    /// Refuses the change from `before` to `after` when it leaves a date in `dates` with a
    /// problem it did not have.
    ///
    /// - Parameters:
    ///   - before: the employee's effective punches (voided ones left out) around `dates`, from the
    ///     day before the first through the day after the last, as they are now.
    ///   - after: the same punches as they would be after the change.
    ///   - dates: the attendance dates the change touches.
    public func check(before: [Punch], after: [Punch], dates: Set<AttendanceDate>) throws(CorrectionError) {
        let existing = Set(problems(in: before, dates: dates))
        let new = problems(in: after, dates: dates).filter { !existing.contains($0) }
        guard new.isEmpty else { throw .irregular(new) }
    }

    /// Every problem of `dates` in `punches`, in date and time order.
    public func problems(in punches: [Punch], dates: Set<AttendanceDate>) -> [CorrectionProblem] {
        let byDate = Dictionary(grouping: punches, by: \.attendanceDate)
        return dates.sorted().flatMap { sequenceProblems(policy.pairing(byDate[$0] ?? [])) }
            + overlaps(byDate, dates: dates)
    }

    /// Alternation and session lengths on one date.
    private func sequenceProblems(_ day: DayPunches) -> [CorrectionProblem] {
        var problems: [CorrectionProblem] = []
        var previous: Punch?
        for (index, punch) in day.punches.enumerated() {
            defer { previous = punch }
            let date = punch.attendanceDate
            switch (previous?.kind, punch.kind) {
            case (.in, .in), (.out, .out):
                if let previous {
                    problems.append(
                        CorrectionProblem(
                            kind: .notAlternating, ids: [previous.id, punch.id],
                            facts: .notAlternating(
                                date: date, first: label(previous, on: date), second: label(punch, on: date))))
                }
            case (nil, .out):
                // An OUT stamped before the IN it was meant to close (a clock set back, a typo)
                // says so, as the kiosk does (docs/rules.md "Punches" 7).
                let next = day.punches.dropFirst(index + 1).first.flatMap { $0.kind == .in ? label($0, on: date) : nil }
                problems.append(
                    CorrectionProblem(
                        kind: .outWithoutIn, ids: [punch.id],
                        facts: .outWithoutIn(date: date, punch: label(punch, on: date), next: next)))
            case (.in, .out):
                guard let start = previous else { break }
                let length = punch.instant.timeIntervalSince(start.instant)
                let (from, to) = (label(start, on: date), label(punch, on: date))
                if length < Self.minimumSessionSeconds {
                    problems.append(
                        CorrectionProblem(
                            kind: .sessionTooShort, ids: [start.id, punch.id],
                            facts: .sessionTooShort(date: date, start: from, end: to)))
                } else if length > day.maxSessionSeconds {
                    problems.append(
                        CorrectionProblem(
                            kind: .sessionTooLong, ids: [start.id, punch.id],
                            facts: .sessionTooLong(
                                date: date, start: from, end: to, maxHours: policy.maxSessionHoursText)))
                }
            default:
                break
            }
        }
        return problems
    }

    /// Sessions of two dates that overlap, and open INs inside a session of another date, where
    /// either side is a date the change touches.
    ///
    /// Attendance dates follow from instants, so this only happens when punches were dated under
    /// another `day_change` or zone than the one in force now; the check keeps a correction from
    /// making such a record worse.
    private func overlaps(_ byDate: [AttendanceDate: [Punch]], dates: Set<AttendanceDate>) -> [CorrectionProblem] {
        var closed: [(date: AttendanceDate, session: Session, out: Punch)] = []
        var open: [(date: AttendanceDate, punch: Punch)] = []
        for (date, punches) in byDate {
            for session in policy.pairing(punches).sessions {
                if let out = session.outPunch {
                    closed.append((date, session, out))
                } else {
                    open.append((date, session.inPunch))
                }
            }
        }
        closed.sort { $0.session.start < $1.session.start }
        func describe(_ item: (date: AttendanceDate, session: Session, out: Punch)) -> SessionLabel {
            SessionLabel(
                date: item.date, start: label(item.session.inPunch, on: item.date), end: label(item.out, on: item.date))
        }
        var problems: [CorrectionProblem] = []
        // Sessions in start order: once one starts after `first` ends, none later overlaps it.
        for (index, first) in closed.enumerated() {
            for second in closed[(index + 1)...] {
                guard second.session.start < first.out.instant else { break }
                guard second.date != first.date, dates.contains(first.date) || dates.contains(second.date) else {
                    continue
                }
                problems.append(
                    CorrectionProblem(
                        kind: .overlap,
                        ids: [first.session.inPunch.id, first.out.id, second.session.inPunch.id, second.out.id],
                        facts: .overlap(first: describe(first), second: describe(second))))
            }
        }
        for lone in open.sorted(by: { $0.punch.instant < $1.punch.instant }) {
            for session in closed {
                guard session.session.start < lone.punch.instant else { break }
                guard session.date != lone.date, dates.contains(lone.date) || dates.contains(session.date),
                    lone.punch.instant < session.out.instant
                else { continue }
                problems.append(
                    CorrectionProblem(
                        kind: .overlap, ids: [lone.punch.id, session.session.inPunch.id, session.out.id],
                        facts: .inside(
                            punch: label(lone.punch, on: lone.date), date: lone.date, session: describe(session))))
            }
        }
        return problems
    }

    // MARK: - Labels

    /// IN at 09:02 (punch 12), the new OUT at 18:00; the local date is added when it is not the
    /// attendance date (a mark-out after midnight).
    func label(_ punch: Punch, on date: AttendanceDate) -> PunchLabel {
        let local = policy.zone.localDateTime(of: punch.instant)
        let time = local.date == date ? local.time.description : local.minuteText
        if punch.id == Self.newPunchID { return PunchLabel(kind: punch.kind, time: time, origin: .new) }
        // An import's row not stored yet carries minus its line number.
        if punch.id < 0 { return PunchLabel(kind: punch.kind, time: time, origin: .line(Int(-punch.id))) }
        return PunchLabel(kind: punch.kind, time: time, origin: .punch(punch.id))
    }
}
