import Foundation

extension LocalDateTime {
    /// "2026-11-18 09:02": the local date and the minute, as managers type them after `--at`.
    public var minuteText: String { "\(date) \(time)" }
}

extension LocalZone {
    /// The instant of a local wall-clock time typed as `YYYY-MM-DD HH:MM` (a `T` may stand for
    /// the space), in this zone.
    ///
    /// A time in the hour skipped when clocks go forward, or repeated when they go back, is read
    /// as ``instant(on:at:)`` reads it.
    public func instant(parsingLocal text: String) throws(CoreError) -> Date {
        let trimmed = text.trimmingWhiteSpace()
        let parts = trimmed.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "T" }
        guard parts.count == 2, let date = try? AttendanceDate(parsing: String(parts[0])),
            let time = try? WallClockTime(parsing: String(parts[1])), parts[1].count == 5
        else {
            throw .invalidValue(
                what: "time", value: text, expected: "\"YYYY-MM-DD HH:MM\", local time in \(identifier)")
        }
        return instant(on: date, at: time)
    }

    /// "2026-11-18 09:02", the local minute of `instant`.
    public func minuteText(of instant: Date) -> String { localDateTime(of: instant).minuteText }
}
