import Foundation

/// Why a punch was not recorded (docs/rules.md "Punches" 1, 2 and 7), in words the kiosk shows as they are.
public enum PunchRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// IN while a session of the current attendance date is open. `since` is that session's IN;
    /// `clock` its wall-clock time in the policy's zone, with its offset in the hour that
    /// happened twice ("09:02", "02:30+02:00").
    case alreadyIn(since: Date, clock: String)
    /// OUT with no open session on the current attendance date.
    case notIn
    /// OUT at an instant that is not after the open session's IN: the clock went back since the
    /// mark-in. Recording it would leave the session open while telling the person they are out.
    case clockBehindMarkIn(since: Date, clock: String)

    /// "already marked in at 09:02 — mark out first" / "not marked in today"
    public var description: String {
        switch self {
        case .alreadyIn(_, let clock): "already marked in at \(clock) — mark out first"
        case .notIn: "not marked in today"
        case .clockBehindMarkIn(_, let clock): "the clock is earlier than your mark-in at \(clock) — ask a manager"
        }
    }
}
