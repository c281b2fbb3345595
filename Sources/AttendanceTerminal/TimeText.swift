import AttendanceCore
import Foundation

/// Times and durations as reports write them.
public enum TimeText {
    /// "8h 05m", "45m", "0m": whole minutes, rounded down. `minuteUnit` names the minutes of a
    /// duration under an hour: reports write "45m", the kiosk speaks "45 min".
    public static func duration(_ seconds: TimeInterval, minuteUnit: String = "m") -> String {
        let minutes = max(0, Int(seconds / 60))
        guard minutes >= 60 else { return "\(minutes)\(minuteUnit)" }
        let rest = minutes % 60
        return "\(minutes / 60)h \(rest < 10 ? "0" : "")\(rest)m"
    }

    /// "09:47" on the wall clock of `zone`; "01:30 (+1)" when the local date is after `date`
    /// (a mark-out after midnight that still belongs to the attendance date); "02:30+02:00"
    /// in the hour that happened twice when the clocks went back.
    public static func clock(_ instant: Date, in zone: LocalZone, on date: AttendanceDate) -> String {
        let local = zone.localDateTime(of: instant)
        let offset = date.distance(to: local.date)
        let suffix = offset == 0 ? "" : " (\(offset > 0 ? "+" : "")\(offset))"
        return zone.clockText(of: instant) + suffix
    }
}
