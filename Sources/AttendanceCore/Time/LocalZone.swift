import Foundation

/// A point on the local wall clock: a date and the minute and second within it.
public struct LocalDateTime: Hashable, Sendable {
    public let date: AttendanceDate
    public let minuteOfDay: Int
    public let second: Int

    /// The hour and minute, dropping the second.
    public var time: WallClockTime { WallClockTime(validMinuteOfDay: minuteOfDay) }
}

/// The configured IANA zone, and the two directions between instants (UTC) and wall-clock time.
///
/// Only the zone's UTC offsets are consulted; the rest is integer arithmetic, so converting a
/// month of punches costs little and never depends on the host's own zone.
public struct LocalZone: Sendable, Hashable {
    public let timeZone: TimeZone

    public init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    /// A zone by IANA name ("Europe/Berlin"); nil when the system does not know it.
    public init?(identifier: String) {
        // TimeZone(identifier:) also accepts abbreviations like "CET"; an IANA name has a slash
        // or is UTC/GMT, and the resolved identifier must be the one asked for.
        guard let zone = TimeZone(identifier: identifier),
            identifier.contains("/") || identifier == "UTC" || identifier == "GMT"
        else { return nil }
        timeZone = zone
    }

    public var identifier: String { timeZone.identifier }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Date) -> Int { timeZone.secondsFromGMT(for: instant) }

    /// The wall-clock date and time of `instant` in this zone.
    public func localDateTime(of instant: Date) -> LocalDateTime {
        let utc = Int(instant.timeIntervalSince1970.rounded(.down))
        let local = utc + offset(at: instant)
        let day = Self.floorDiv(local, 86_400)
        let secondOfDay = local - day * 86_400
        return LocalDateTime(
            date: AttendanceDate(dayNumber: day), minuteOfDay: secondOfDay / 60, second: secondOfDay % 60)
    }

    /// The instant at which the wall clock shows `time` on `date`.
    ///
    /// In the hour skipped when clocks go forward, the time is read with the offset from before
    /// the change (02:30 becomes 03:30 summer time); in the hour repeated when they go back,
    /// the first occurrence is meant.
    public func instant(on date: AttendanceDate, at time: WallClockTime) -> Date {
        // `instants(on:at:)` knows every instant that shows this time; a skipped time shows at none.
        if let first = instants(on: date, at: time).first { return first }
        let local = date.dayNumber * 86_400 + time.minuteOfDay * 60
        return Date(
            timeIntervalSince1970: Double(local - offset(at: Date(timeIntervalSince1970: Double(local - 86_400)))))
    }

    /// The attendance date of `instant`: the local date of (local time − `dayChange`).
    public func attendanceDate(of instant: Date, dayChange: WallClockTime) -> AttendanceDate {
        let local = localDateTime(of: instant)
        return local.minuteOfDay < dayChange.minuteOfDay ? local.date.adding(days: -1) : local.date
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
