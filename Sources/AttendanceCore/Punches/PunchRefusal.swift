import Foundation

/// Why a punch was not recorded (RULES.md "Punches" 1–2), in words the kiosk shows as they are.
public enum PunchRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// IN while a session of the current attendance date is open. `since` is that session's IN;
    /// `localTime` is its wall-clock time in the policy's zone.
    case alreadyIn(since: Date, localTime: WallClockTime)
    /// OUT with no open session on the current attendance date.
    case notIn

    /// "already marked in at 09:02 — mark out first" / "not marked in today"
    public var description: String {
        switch self {
        case .alreadyIn(_, let localTime): "already marked in at \(localTime) — mark out first"
        case .notIn: "not marked in today"
        }
    }
}
