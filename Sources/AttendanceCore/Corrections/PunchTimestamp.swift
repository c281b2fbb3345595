import Foundation

/// The timestamps of a punch file: ISO 8601 date and time, with or without a UTC offset.
///
/// Read: `2026-11-18T09:02`, `2026-11-18T09:02:00`, `2026-11-18 09:02:00.250`, each optionally
/// followed by `Z`, `+05:30`, `+0530` or `+05`. Without an offset the time is local wall-clock
/// time in the configured zone. Written: `2026-11-18T09:02:00+05:30`, with milliseconds only
/// when there are any, so an export read back gives the very same instants.
public enum PunchTimestamp {
    /// The instant `text` names. Refused when it is not such a timestamp, and, without an
    /// offset, when the local time never happened or happened twice in `zone` (docs/rules.md
    /// "Precision": the refusal offers both offsets).
    public static func instant(parsing text: String, zone: LocalZone) throws(CoreError) -> Date {
        guard let instant = try instant(reading: text, zone: zone) else {
            throw .invalidValue(what: Phrase("timestamp"), value: text, expected: expected(zone: zone))
        }
        return instant
    }

    /// The instant `text` names; nil when it is not written as a timestamp.
    private static func instant(reading text: String, zone: LocalZone) throws(CoreError) -> Date? {
        var reader = ByteReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2),
            let date = AttendanceDate(year: year, month: month, day: day),
            reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            let time = WallClockTime(hour: hour, minute: minute)
        else { return nil }
        var seconds = 0.0
        if reader.skip(":") {
            guard let whole = reader.number(digits: 2), whole <= 59 else { return nil }
            seconds = Double(whole)
            if reader.skip(".") || reader.skip(",") {
                guard let fraction = reader.fraction() else { return nil }
                seconds += fraction
            }
        }
        let offsetSeconds: Int?
        if reader.isAtEnd {
            offsetSeconds = nil
        } else if reader.skip("Z") || reader.skip("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if reader.skip("+") {
                sign = 1
            } else if reader.skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = reader.number(digits: 2), hours <= 23 else { return nil }
            var minutes = 0
            if !reader.isAtEnd {
                _ = reader.skip(":")
                guard let value = reader.number(digits: 2), value <= 59 else { return nil }
                minutes = value
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        guard let offsetSeconds else {
            return try zone.uniqueInstant(on: date, at: time, typed: text, what: Phrase("timestamp"))
                .addingTimeInterval(
                    seconds)
        }
        let local = Double(date.dayNumber * 86_400 + time.minuteOfDay * 60) + seconds
        return Date(timeIntervalSince1970: local - Double(offsetSeconds))
    }

    /// `2026-11-18T09:02:00+05:30` (with `.250` before the offset when the instant has milliseconds).
    public static func text(of instant: Date, zone: LocalZone) -> String {
        let milliseconds = Int64((instant.timeIntervalSince1970 * 1000).rounded())
        let wholeSecond = Date(timeIntervalSince1970: Double(LocalZone.floorDiv(Int(milliseconds), 1000)))
        let local = zone.localDateTime(of: wholeSecond)
        let fraction = Int(milliseconds - Int64(LocalZone.floorDiv(Int(milliseconds), 1000)) * 1000)
        let offset = zone.offset(at: wholeSecond)
        let sign = offset < 0 ? "-" : "+"
        let offsetText =
            sign + String(abs(offset) / 3600).leftPadded(to: 2) + ":"
            + String(abs(offset) % 3600 / 60).leftPadded(to: 2)
        return "\(local.date)T\(local.time):" + String(local.second).leftPadded(to: 2)
            + (fraction == 0 ? "" : "." + String(fraction).leftPadded(to: 3)) + offsetText
    }

    /// What a timestamp must look like, for messages.
    public static func expected(zone: LocalZone) -> Phrase {
        Phrase(
            "ISO 8601 such as 2026-11-18T09:02:00+05:30 (without an offset: local time in {zone})",
            ["zone": zone.identifier])
    }
}

/// Reads ASCII digits and marks from the bytes of a timestamp.
private struct ByteReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ mark: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: mark) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// One or more digits after a decimal mark, as a fraction of a second.
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value += Double(bytes[index] - 0x30) * scale
            scale /= 10
            index += 1
        }
        return index > start ? value : nil
    }
}
