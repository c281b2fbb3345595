import Foundation

/// The punches of one employee on one attendance date, paired into sessions (docs/rules.md "Punches" 5).
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
///
/// Punches from several kiosks (docs/rules.md "Punches" 9) are merged: a punch of the same kind
/// as the one before it, recorded at another kiosk within the merge window (the duplicate
/// window), is the same person's one intention pressed twice and is not counted again. Any
/// other break of the alternation stays visible, as above.
///
/// The figures the status rules read are worked out in one pass when the value is made; the
/// ``sessions`` and ``gaps`` themselves are built only when asked for (day detail), because a
/// register evaluates tens of thousands of dates and needs none of them.
public struct DayPunches: Sendable, Hashable {
    /// The date's punches in time order.
    public let punches: [Punch]
    /// Punches left out of ``punches`` because they repeat the one before them from another
    /// kiosk within the merge window: shown, never counted.
    public let repeats: [Punch]
    /// `max_session_hours` in seconds.
    public let maxSessionSeconds: TimeInterval

    /// The sum of the counted sessions' lengths, in seconds.
    public let workedSeconds: TimeInterval
    /// The instant of the first IN.
    public let firstIn: Date?
    /// The instant of the last OUT that closed a session.
    public let lastOut: Date?
    /// True when any session of the date has no OUT, including one a later IN left behind.
    public let hasOpenSession: Bool
    /// True when a later IN followed an IN that was never marked out.
    public let hasSessionLeftOpen: Bool
    /// True when a session is longer than `max_session_hours` (not counted).
    public let hasSessionOverMax: Bool
    /// True when an OUT had no open session to end.
    public let hasUnpairedPunch: Bool
    /// True when a punch recorded at the kiosk has an earlier instant than one recorded before it.
    ///
    /// Kiosk punches (`nl80211`, `simulated`) are stamped with the clock at the moment they are
    /// recorded and their ids increase in that order, so a later id with an earlier instant means
    /// the kiosk's clock went backwards. A punch the kiosk stored as earlier than one it already
    /// held, of this date or a later one (``Punch/clockWentBack``), counts too. Manual and imported
    /// punches are entered after the fact and are left out, and so are corrected kiosk punches.
    public let clockWentBack: Bool
    /// True when a kiosk punch was taken while the kiosk's clock was found off the central
    /// store's (``Punch/clockOffMinutes``): its time is the kiosk's, not the true one.
    public let clockOff: Bool
    /// The index in ``punches`` of the IN of the session still open at the end, if any.
    private let openIndex: Int?

    /// Pairs `punches` (one employee, one attendance date, any order).
    ///
    /// - Parameter maxSessionHours: `max_session_hours`; a longer session is not counted.
    public init(_ punches: [Punch], maxSessionHours: Double, mergeWindowSeconds: Double = 0) {
        var ordered = Self.isInTimeOrder(punches) ? punches : punches.sorted(by: Self.timeOrder)
        var repeats: [Punch] = []
        if mergeWindowSeconds > 0 {
            (ordered, repeats) = Self.mergingOtherKiosks(ordered, window: mergeWindowSeconds)
        }
        self.repeats = repeats
        let maximum = maxSessionHours * 3600
        var worked: TimeInterval = 0
        var firstIn: Date?
        var lastOut: Date?
        var openIndex: Int?
        var hasOpen = false
        var leftOpen = false
        var overMax = false
        var unpaired = false
        var clockWentBack = false
        var clockOff = false
        // Ids grow in recording order on each kiosk; punches from other kiosks arrive later with
        // their own order, so each kiosk's order is followed on its own. (A register evaluates
        // tens of thousands of dates, nearly all from one kiosk: the first kiosk's latest id is
        // kept aside, and a table is made only for a second one. Punches are read in place.)
        var firstKiosk: (origin: String, latest: Int64)?
        var otherKiosks: [String: Int64] = [:]
        for index in ordered.indices {
            // A corrected punch carries the manager's time, not the kiosk clock's.
            if ordered[index].source.isTakenAtKiosk && !ordered[index].isCorrected {
                if ordered[index].clockWentBack { clockWentBack = true }
                if ordered[index].clockOffMinutes != 0 { clockOff = true }
                // In time order, kiosk ids only grow unless the clock stepped back between two punches.
                let id = ordered[index].id
                let origin = ordered[index].origin ?? ""
                if let first = firstKiosk, first.origin != origin {
                    if let latest = otherKiosks[origin], id < latest { clockWentBack = true }
                    otherKiosks[origin] = max(otherKiosks[origin] ?? id, id)
                } else {
                    if let first = firstKiosk, id < first.latest { clockWentBack = true }
                    firstKiosk = (origin, max(firstKiosk?.latest ?? id, id))
                }
            }
            let instant = ordered[index].instant
            switch ordered[index].kind {
            case .in:
                if openIndex != nil {
                    leftOpen = true
                    hasOpen = true
                }
                if firstIn == nil { firstIn = instant }
                openIndex = index
            case .out:
                guard let start = openIndex else {
                    unpaired = true
                    continue
                }
                let length = instant.timeIntervalSince(ordered[start].instant)
                if length > maximum { overMax = true } else { worked += length }
                lastOut = instant
                openIndex = nil
            }
        }
        self.punches = ordered
        maxSessionSeconds = maximum
        workedSeconds = worked
        self.firstIn = firstIn
        self.lastOut = lastOut
        self.openIndex = openIndex
        hasOpenSession = hasOpen || openIndex != nil
        hasSessionLeftOpen = leftOpen
        hasSessionOverMax = overMax
        hasUnpairedPunch = unpaired
        self.clockWentBack = clockWentBack
        self.clockOff = clockOff
    }

    /// `ordered` without the punches that repeat the one before them from another kiosk within
    /// `window` seconds, and those punches.
    static func mergingOtherKiosks(_ ordered: [Punch], window: Double) -> (kept: [Punch], repeats: [Punch]) {
        guard ordered.contains(where: { $0.origin != ordered.first?.origin }) else { return (ordered, []) }
        var kept: [Punch] = []
        var repeats: [Punch] = []
        kept.reserveCapacity(ordered.count)
        for punch in ordered {
            if let previous = kept.last, previous.kind == punch.kind, previous.origin != punch.origin,
                punch.instant.timeIntervalSince(previous.instant) <= window
            {
                repeats.append(punch)
                continue
            }
            kept.append(punch)
        }
        return (kept, repeats)
    }

    // MARK: - Sessions and gaps

    /// The IN→OUT pairs in time order; only the last can be open unless an IN followed an IN.
    public var sessions: [Session] {
        var sessions: [Session] = []
        var openIn: Punch?
        for punch in punches {
            switch punch.kind {
            case .in:
                if let earlier = openIn {
                    sessions.append(Session(inPunch: earlier, outPunch: nil, maximumSeconds: maxSessionSeconds))
                }
                openIn = punch
            case .out:
                if let start = openIn {
                    sessions.append(Session(inPunch: start, outPunch: punch, maximumSeconds: maxSessionSeconds))
                    openIn = nil
                }
            }
        }
        if let openIn { sessions.append(Session(inPunch: openIn, outPunch: nil, maximumSeconds: maxSessionSeconds)) }
        return sessions
    }

    /// The session still open at the end of the date's punches (the employee is "in"), if any.
    public var openSession: Session? {
        openIndex.map { Session(inPunch: punches[$0], outPunch: nil, maximumSeconds: maxSessionSeconds) }
    }

    /// OUTs that had no open session to end.
    public var unpairedPunches: [Punch] {
        guard hasUnpairedPunch else { return [] }
        let paired = Set(sessions.compactMap { $0.outPunch?.id })
        return punches.filter { $0.kind == .out && !paired.contains($0.id) }
    }

    /// Sessions longer than `max_session_hours`: not counted, and the date needs correcting.
    public var sessionsOverMax: [Session] { hasSessionOverMax ? sessions.filter(\.isOverMax) : [] }

    /// The times between an OUT and the next IN, in order.
    public var gaps: [Gap] {
        let sessions = sessions
        return zip(sessions, sessions.dropFirst()).compactMap { earlier, later in
            earlier.outPunch.map { Gap(outPunch: $0, inPunch: later.inPunch) }
        }
    }

    // MARK: - Worked time

    /// Worked time including the open session up to `now`, for "worked 3h 12m so far".
    ///
    /// The open session adds nothing once it is longer than `max_session_hours`, because it
    /// could not be counted when closed either.
    public func workedSeconds(until now: Date) -> TimeInterval {
        guard let openIndex else { return workedSeconds }
        let soFar = max(0, now.timeIntervalSince(punches[openIndex].instant))
        return soFar <= maxSessionSeconds ? workedSeconds + soFar : workedSeconds
    }

    /// How long the session open at the end has been open at `now`; nil when none is open.
    public func openSessionLength(until now: Date) -> TimeInterval? {
        openIndex.map { max(0, now.timeIntervalSince(punches[$0].instant)) }
    }

    // MARK: - Ordering

    /// Time order; punches at the same instant in the order they were recorded.
    public static func timeOrder(_ a: Punch, _ b: Punch) -> Bool {
        a.instant != b.instant ? a.instant < b.instant : a.id < b.id
    }

    static func isInTimeOrder(_ punches: [Punch]) -> Bool {
        var index = punches.startIndex
        while index + 1 < punches.endIndex {
            if timeOrder(punches[index + 1], punches[index]) { return false }
            index += 1
        }
        return true
    }
}
