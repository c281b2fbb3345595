import Foundation

/// Why a punch was not recorded (docs/rules.md "Punches" 1, 2 and 7), in words the kiosk shows as they are.
public enum PunchRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// IN while a session of the current attendance date is open. `since` is that session's IN;
    /// `localTime` is its wall-clock time in the policy's zone.
    case alreadyIn(since: Date, localTime: WallClockTime)
    /// OUT with no open session on the current attendance date.
    case notIn
    /// OUT at an instant that is not after the open session's IN: the clock went back since the
    /// mark-in. Recording it would leave the session open while telling the person they are out.
    case clockBehindMarkIn(since: Date, localTime: WallClockTime)

    /// "already marked in at 09:02 — mark out first" / "not marked in today"
    public var description: String {
        switch self {
        case .alreadyIn(_, let localTime): "already marked in at \(localTime) — mark out first"
        case .notIn: "not marked in today"
        case .clockBehindMarkIn(_, let localTime): "the clock is earlier than your mark-in at \(localTime) — ask a manager"
        }
    }
}
