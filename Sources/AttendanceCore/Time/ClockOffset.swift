import Foundation

/// How far a kiosk's clock is from the central store's, in words: "31 min ahead",
/// "1 h 5 min behind".
public enum ClockOffset {
    /// `seconds` (ahead positive) in whole minutes, nil when within ``Policy/clockTolerance``.
    public static func describe(seconds: TimeInterval) -> String? {
        abs(seconds) > Policy.clockTolerance ? describe(minutes: Int((seconds / 60).rounded())) : nil
    }

    /// `minutes` (ahead positive), nil when 0.
    public static func describe(minutes: Int) -> String? {
        guard minutes != 0 else { return nil }
        let size = abs(minutes)
        let length = size < 60 ? "\(size) min" : size % 60 == 0 ? "\(size / 60) h" : "\(size / 60) h \(size % 60) min"
        return "\(length) \(minutes > 0 ? "ahead" : "behind")"
    }
}

extension Punch {
    /// "31 min ahead" when the kiosk's clock was off the centre's as it took this punch.
    public var clockOffText: String? { ClockOffset.describe(minutes: Int(clockOffMinutes)) }
}
