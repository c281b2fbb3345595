import Foundation

/// How wrong PINs slow down and finally stop guessing at the kiosk.
///
/// The first four wrong PINs cost nothing; from the fifth on, each one makes the next attempt
/// wait twice as long (2, 4, 8, 16, 32 s); the tenth locks the code until a manager unlocks it.
/// The count lives in the store, so restarting or killing the kiosk does not reset it; a
/// correct PIN does.
public enum PINLockout {
    public static let failuresBeforeDelay = 5
    public static let failuresToLock = 10

    /// The wait before another attempt is taken, after `failures` wrong PINs in a row.
    public static func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= failuresBeforeDelay else { return 0 }
        return min(60, pow(2, Double(failures - failuresBeforeDelay + 1)))
    }

    public static func isLocked(afterFailures failures: Int) -> Bool { failures >= failuresToLock }

    /// Seconds still to wait at `now`, or 0 when an attempt may be made.
    ///
    /// Never more than the delay itself: when the clock was set back after the last failure
    /// (an NTP correction, a manager fixing the time), that failure seems to lie in the future,
    /// and the wait is the full delay counted from now rather than an hour or a day.
    public static func remainingWait(failures: Int, lastFailure: Date?, now: Date) -> Int {
        guard let lastFailure else { return 0 }
        let delay = delay(afterFailures: failures)
        let until = lastFailure.addingTimeInterval(delay)
        return max(0, Int(min(delay, until.timeIntervalSince(now)).rounded(.up)))
    }
}
