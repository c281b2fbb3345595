import Foundation

/// One IN→OUT pair of an attendance date: the time between a mark-in and the mark-out after it.
///
/// A session without an OUT is open. Sessions are built by ``DayPunches``, which also decides
/// whether a session counts towards worked time (docs/rules.md "Punches" 5).
public struct Session: Sendable, Hashable {
    /// The IN that started it.
    public let inPunch: Punch
    /// The OUT that ended it; nil while the session is open.
    public let outPunch: Punch?
    /// True when the session is longer than `max_session_hours`: it is not counted and its
    /// date needs a manager's correction.
    public let isOverMax: Bool

    init(inPunch: Punch, outPunch: Punch?, maximumSeconds: TimeInterval) {
        self.inPunch = inPunch
        self.outPunch = outPunch
        if let outPunch {
            isOverMax = outPunch.instant.timeIntervalSince(inPunch.instant) > maximumSeconds
        } else {
            isOverMax = false
        }
    }

    public var start: Date { inPunch.instant }
    public var end: Date? { outPunch?.instant }
    public var isOpen: Bool { outPunch == nil }

    /// The length of a closed session; nil while it is open.
    public var length: TimeInterval? { end.map { $0.timeIntervalSince(start) } }

    /// The length of a closed session, or of an open one up to `now` (never negative).
    public func length(until now: Date) -> TimeInterval {
        max(0, (end ?? now).timeIntervalSince(start))
    }

    /// Whether the session adds to worked time: closed and not longer than the maximum.
    public var isCounted: Bool { outPunch != nil && !isOverMax }
}
