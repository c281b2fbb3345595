import Foundation

/// How far a kiosk's clock is from the central store's, in whole minutes (ahead positive):
/// AttendanceLanguage words it ("31 min ahead", "1 h 5 min behind").
public enum ClockOffset {
    /// `seconds` (ahead positive) in whole minutes, nil when within ``Policy/clockTolerance``.
    public static func minutes(ofSeconds seconds: TimeInterval) -> Int? {
        guard abs(seconds) > Policy.clockTolerance else { return nil }
        let minutes = Int((seconds / 60).rounded())
        return minutes == 0 ? nil : minutes
    }
}

extension Punch {
    /// The minutes the kiosk's clock was off the centre's as it took this punch (ahead
    /// positive); nil when it was not.
    public var clockOff: Int? { clockOffMinutes == 0 ? nil : Int(clockOffMinutes) }
}
