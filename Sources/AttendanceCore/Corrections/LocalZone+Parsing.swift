import Foundation

extension LocalDateTime {
    /// "2026-11-18 09:02": the local date and the minute, as managers type them after `--at`.
    public var minuteText: String { "\(date) \(time)" }
}

extension LocalZone {
    /// The instant of a local wall-clock time typed as `YYYY-MM-DD HH:MM` (a `T` may stand for
    /// the space), in this zone, optionally followed by its UTC offset (`+02:00`, `-05:00`, `Z`).
    ///
    /// docs/rules.md "Precision": a time in the hour skipped when clocks go forward never
    /// happened and is refused; one in the hour repeated when they go back happened twice and
    /// needs its offset, which the refusal offers.
    public func instant(parsingLocal text: String) throws(CoreError) -> Date {
        let trimmed = text.trimmingWhiteSpace()
        let form = Phrase(
            "\"YYYY-MM-DD HH:MM\", local time in {zone}, optionally with its UTC offset", ["zone": identifier])
        let (local, offsetText) = Self.splitOffset(trimmed)
        let parts = local.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "T" }
        guard parts.count == 2, let date = try? AttendanceDate(parsing: String(parts[0])),
            let time = try? WallClockTime(parsing: String(parts[1])), parts[1].count == 5
        else { throw .invalidValue(what: Phrase("time"), value: text, expected: form) }
        guard let offsetText else { return try uniqueInstant(on: date, at: time, typed: text, what: Phrase("time")) }
        guard let offset = Self.offsetSeconds(offsetText) else {
            throw .invalidValue(what: Phrase("time"), value: text, expected: form)
        }
        let candidates = instants(on: date, at: time)
        let naive = date.dayNumber * 86_400 + time.minuteOfDay * 60
        guard let match = candidates.first(where: { Int($0.timeIntervalSince1970) == naive - offset }) else {
            throw .invalidValue(
                what: Phrase("time"), value: text,
                expected: Phrase(
                    "an offset that {zone} had at {date} {time}: {offsets}",
                    [
                        "zone": identifier, "date": date.description, "time": time.description,
                        "offsets": candidates.map { Self.offsetText(self.offset(at: $0)) }.joined(separator: " or "),
                    ]))
        }
        return match
    }

    /// The one instant at which the wall clock showed `time` on `date`, for a time typed
    /// without its offset (`text`, a `what` in the refusal): refused in the hour skipped when
    /// clocks go forward, and in the hour repeated when they go back, where the refusal offers
    /// both offsets (docs/rules.md "Precision").
    public func uniqueInstant(
        on date: AttendanceDate, at time: WallClockTime, typed text: String, what: Phrase
    ) throws(CoreError) -> Date {
        let candidates = instants(on: date, at: time)
        switch candidates.count {
        case 1:
            return candidates[0]
        case 0:
            throw .invalidValue(
                what: what, value: text,
                expected: Phrase(
                    "a time that exists in {zone}: the clocks went forward that night, so {time} was never shown on {date}",
                    ["zone": identifier, "time": time.description, "date": date.description]))
        default:
            let choices = candidates.map { "\"\(date) \(time)\(Self.offsetText(self.offset(at: $0)))\"" }
            throw .invalidValue(
                what: what, value: text,
                expected: Phrase(
                    "its UTC offset, because in {zone} it happened twice: {first} (the first) or {second} (the second)",
                    ["zone": identifier, "first": choices[0], "second": choices[choices.count - 1]]))
        }
    }

    /// Every instant at which the wall clock showed `time` on `date`, earliest first: none in
    /// the hour skipped when clocks go forward, two in the hour repeated when they go back.
    public func instants(on date: AttendanceDate, at time: WallClockTime) -> [Date] {
        let naive = date.dayNumber * 86_400 + time.minuteOfDay * 60
        var offsets: Set<Int> = []
        for probe in [-86_400, 0, 86_400] {
            offsets.insert(offset(at: Date(timeIntervalSince1970: Double(naive + probe))))
        }
        return offsets.map { Date(timeIntervalSince1970: Double(naive - $0)) }
            .filter { candidate in
                let shown = localDateTime(of: candidate)
                return shown.date == date && shown.minuteOfDay == time.minuteOfDay
            }
            .sorted()
    }

    /// True when the local minute of `instant` happened twice (the hour repeated when clocks go
    /// back): it is shown with its offset wherever it appears.
    public func isRepeated(_ instant: Date) -> Bool {
        let local = localDateTime(of: instant)
        return instants(on: local.date, at: local.time).count > 1
    }

    /// "02:30", or "02:30+02:00" when that minute happened twice.
    public func clockText(of instant: Date) -> String {
        let time = localDateTime(of: instant).time.description
        return isRepeated(instant) ? time + Self.offsetText(offset(at: instant)) : time
    }

    /// "+02:00" for 7200 seconds.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The text and its trailing offset ("+02:00", "-0530", "Z"), if it has one.
    static func splitOffset(_ text: String) -> (String, String?) {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return (String(text.dropLast()).trimmingWhiteSpace(), "Z") }
        // An offset follows the minutes: the last '+', or a '-' after the date's own dashes.
        guard let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }),
            text[..<sign].contains(":")
        else { return (text, nil) }
        return (String(text[..<sign]).trimmingWhiteSpace(), String(text[sign...]))
    }

    /// Seconds east of UTC for "+02:00", "-0530", "+05" or "Z"; nil for anything else.
    static func offsetSeconds(_ text: String) -> Int? {
        if text == "Z" { return 0 }
        let sign = text.first == "-" ? -1 : 1
        let digits = text.dropFirst().filter { $0 != ":" }
        guard text.first == "+" || text.first == "-", digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            digits.count == 2 || digits.count == 4, let hours = Int(digits.prefix(2)),
            let minutes = digits.count == 4 ? Int(digits.suffix(2)) : 0, hours <= 14, minutes < 60
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// "2026-11-18 09:02", the local minute of `instant`; with its offset ("2026-10-25
    /// 02:30+02:00") when that minute happened twice, so the text can be typed back after `--at`.
    public func minuteText(of instant: Date) -> String {
        let text = localDateTime(of: instant).minuteText
        return isRepeated(instant) ? text + Self.offsetText(offset(at: instant)) : text
    }
}
