import Foundation

/// The punches of one employee on one attendance date, paired into sessions (RULES.md "Punches" 5).
///
/// Punches are taken in time order (ties broken by id, the order they were recorded). An IN
/// starts a session and the next OUT ends it. Two irregularities can only come from imported
/// data or a clock that went backwards, never from the kiosk's own rules, and are kept visible
/// rather than guessed away:
/// - an IN while a session is already open leaves that earlier session open for good (it was
///   never marked out) and starts a new one;
/// - an OUT with no open session pairs with nothing and is listed in ``unpairedPunches``.
///
/// Worked time is the sum of the counted sessions: closed and not longer than the maximum.
public struct DayPunches: Sendable, Hashable {
    /// The date's punches in time order.
    public let punches: [Punch]
    /// The IN→OUT pairs in time order; only the last can be open unless an IN followed an IN.
    public let sessions: [Session]
    /// OUTs that had no open session to end.
    public let unpairedPunches: [Punch]

    /// Pairs `punches` (one employee, one attendance date, any order).
    ///
    /// - Parameter maxSessionHours: `max_session_hours`; a longer session is not counted.
    public init(_ punches: [Punch], maxSessionHours: Double) {
        let ordered = Self.isInTimeOrder(punches) ? punches : punches.sorted(by: Self.timeOrder)
        let maximum = maxSessionHours * 3600
        var sessions: [Session] = []
        var unpaired: [Punch] = []
        var openIn: Punch?
        for punch in ordered {
            switch punch.kind {
            case .in:
                if let earlier = openIn {
                    sessions.append(Session(inPunch: earlier, outPunch: nil, maximumSeconds: maximum))
                }
                openIn = punch
            case .out:
                if let start = openIn {
                    sessions.append(Session(inPunch: start, outPunch: punch, maximumSeconds: maximum))
                    openIn = nil
                } else {
                    unpaired.append(punch)
                }
            }
        }
        if let openIn {
            sessions.append(Session(inPunch: openIn, outPunch: nil, maximumSeconds: maximum))
        }
        self.punches = ordered
        self.sessions = sessions
        self.unpairedPunches = unpaired
    }

    // MARK: - Sessions and gaps

    /// The session still open at the end of the date's punches (the employee is "in"), if any.
    public var openSession: Session? {
        guard let last = sessions.last, last.isOpen else { return nil }
        return last
    }

    /// True when any session of the date has no OUT, including one an imported IN left behind.
    public var hasOpenSession: Bool { sessions.contains(where: \.isOpen) }

    /// Sessions longer than `max_session_hours`: not counted, and the date needs correcting.
    public var sessionsOverMax: [Session] { sessions.filter(\.isOverMax) }

    /// The times between an OUT and the next IN, in order.
    public var gaps: [Gap] {
        var gaps: [Gap] = []
        for (earlier, later) in zip(sessions, sessions.dropFirst()) {
            if let out = earlier.outPunch { gaps.append(Gap(outPunch: out, inPunch: later.inPunch)) }
        }
        return gaps
    }

    // MARK: - Worked time

    /// The sum of the counted sessions' lengths, in seconds.
    public var workedSeconds: TimeInterval {
        var total: TimeInterval = 0
        for session in sessions where session.isCounted {
            total += session.length ?? 0
        }
        return total
    }

    /// Worked time including the open session up to `now`, for "worked 3h 12m so far".
    ///
    /// The open session adds nothing once it is longer than `max_session_hours`, because it
    /// could not be counted when closed either.
    public func workedSeconds(until now: Date, maxSessionHours: Double) -> TimeInterval {
        var total = workedSeconds
        if let open = openSession {
            let soFar = open.length(until: now)
            if soFar <= maxSessionHours * 3600 { total += soFar }
        }
        return total
    }

    /// The instant of the first IN.
    public var firstIn: Date? { sessions.first?.start }

    /// The instant of the last OUT that closed a session.
    public var lastOut: Date? { sessions.last(where: { !$0.isOpen })?.end }

    /// True when a punch recorded at the kiosk has an earlier instant than one recorded before it.
    ///
    /// Kiosk punches (`nl80211`, `simulated`) are stamped with the clock at the moment they are
    /// recorded and their ids increase in that order, so a later id with an earlier instant means
    /// the kiosk's clock went backwards. Manual and imported punches are entered after the fact
    /// and are left out.
    public var clockWentBack: Bool {
        var latest: Date?
        for punch in punches.sorted(by: { $0.id < $1.id })
        where punch.source == .nl80211 || punch.source == .simulated {
            if let latest, punch.instant < latest { return true }
            latest = max(latest ?? punch.instant, punch.instant)
        }
        return false
    }

    // MARK: - Ordering

    /// Time order; punches at the same instant in the order they were recorded.
    static func timeOrder(_ a: Punch, _ b: Punch) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.id < b.id
    }

    static func isInTimeOrder(_ punches: [Punch]) -> Bool {
        zip(punches, punches.dropFirst()).allSatisfy { !timeOrder($1, $0) }
    }
}
