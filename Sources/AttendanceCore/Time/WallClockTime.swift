/// A local wall-clock time of day, `HH:MM` on a 24-hour clock (00:00–23:59).
public struct WallClockTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0…1439.
    public let minuteOfDay: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    /// For values already known to be in range.
    init(validMinuteOfDay: Int) { minuteOfDay = validMinuteOfDay }

    /// Parses `HH:MM` (an hour of one digit is accepted: `9:30`).
    public init(parsing text: String) throws(CoreError) {
        let colon = UInt8(ascii: ":")
        let fields =
            asciiNumbers(text, lengths: [2, 2], separator: colon)
            ?? asciiNumbers(text, lengths: [1, 2], separator: colon)
        guard let fields, let value = WallClockTime(hour: fields[0], minute: fields[1]) else {
            throw .invalidValue(
                what: Phrase("time"), value: text, expected: Phrase("HH:MM on a 24-hour clock, 00:00–23:59"))
        }
        self = value
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }

    public var description: String {
        String(hour).leftPadded(to: 2) + ":" + String(minute).leftPadded(to: 2)
    }

    /// 00:00, the start of a calendar day.
    public static let midnight = WallClockTime(validMinuteOfDay: 0)

    public static func < (a: Self, b: Self) -> Bool { a.minuteOfDay < b.minuteOfDay }
}
