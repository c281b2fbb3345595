/// A zone's offsets from UTC as a TZif file of the system's time zone database gives them
/// (RFC 8536: `/usr/share/zoneinfo/Europe/Berlin`): the transitions it lists, then the POSIX
/// rule of its footer for the years after them.
///
/// Read from the system's files, the zone rules change when the system's `tzdata` package is
/// updated, as they do for `date`, cron and every other program on the machine. Foundation's
/// time zones use the rules compiled into ICU, which change only when the executable is rebuilt,
/// and making the first one cost a one-shot mark 0.7 M instructions (BENCHMARKS.md).
public struct ZoneRules: Sendable, Hashable {
    /// The transitions, in seconds since 1970-01-01 UTC, in ascending order.
    let transitions: [Int64]
    /// The offset in force from each transition on, in seconds east of UTC.
    let offsets: [Int32]
    /// The offset before the first transition (the file's time type 0).
    let initialOffset: Int32
    /// The footer's rule, for instants after the last transition; nil when the file has none.
    let footer: PosixZoneRule?

    /// What a TZif file or footer that cannot be read is.
    public struct Unreadable: Error, Equatable {
        public let reason: String
    }

    /// Reads the bytes of a TZif file, version 1 to 4. Files that count leap seconds (the
    /// "right/" zones) are refused: their transitions are not in UTC seconds.
    public init(tzif bytes: [UInt8]) throws(Unreadable) {
        var reader = Reader(bytes: bytes)
        let first = try reader.header()
        guard first.leapCount == 0 else { throw Unreadable(reason: "the file counts leap seconds") }
        guard first.version >= 2 else {
            (transitions, offsets, initialOffset) = try reader.block(first, timeSize: 4)
            footer = nil
            return
        }
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try reader.header()
        guard second.leapCount == 0 else { throw Unreadable(reason: "the file counts leap seconds") }
        (transitions, offsets, initialOffset) = try reader.block(second, timeSize: 8)
        // The footer: a newline, the POSIX TZ string, a newline.
        guard try reader.byte() == UInt8(ascii: "\n") else { throw Unreadable(reason: "no footer") }
        var text: [UInt8] = []
        while true {
            let byte = try reader.byte()
            if byte == UInt8(ascii: "\n") { break }
            text.append(byte)
        }
        footer = text.isEmpty ? nil : try PosixZoneRule(parsing: text)
    }

    /// Seconds east of UTC at `instant` (seconds since 1970-01-01 UTC).
    public func offset(at instant: Int64) -> Int {
        guard let last = transitions.last else {
            return footer?.offset(at: instant) ?? Int(initialOffset)
        }
        if instant > last, let footer { return footer.offset(at: instant) }
        guard instant >= transitions[0] else { return Int(initialOffset) }
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }

    // MARK: - Reading the file

    private struct Header {
        let version: Int
        let utIndicatorCount, standardIndicatorCount, leapCount, transitionCount, typeCount, characterCount: Int

        func blockSize(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + standardIndicatorCount + utIndicatorCount
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() throws(Unreadable) -> UInt8 {
            guard position < bytes.count else { throw Unreadable(reason: "the file ends early") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func skip(_ count: Int) throws(Unreadable) {
            guard count >= 0, bytes.count - position >= count else { throw Unreadable(reason: "the file ends early") }
            position += count
        }

        /// A big-endian signed integer of `size` bytes.
        mutating func integer(_ size: Int) throws(Unreadable) -> Int64 {
            var value: UInt64 = 0
            for _ in 0..<size { value = value << 8 | UInt64(try byte()) }
            let unused = 64 - 8 * size
            return Int64(bitPattern: value << unused) >> unused
        }

        mutating func header() throws(Unreadable) -> Header {
            guard try byte() == 0x54, try byte() == 0x5A, try byte() == 0x69, try byte() == 0x66 else {
                throw Unreadable(reason: "not a TZif file")
            }
            let versionByte = try byte()
            let version: Int
            switch versionByte {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
            default: throw Unreadable(reason: "unknown TZif version")
            }
            try skip(15)
            var counts: [Int] = []
            for _ in 0..<6 {
                let count = try integer(4)
                guard (0...1_000_000).contains(count) else { throw Unreadable(reason: "a count out of range") }
                counts.append(Int(count))
            }
            guard counts[4] >= 1 else { throw Unreadable(reason: "no time type") }
            return Header(
                version: version, utIndicatorCount: counts[0], standardIndicatorCount: counts[1],
                leapCount: counts[2], transitionCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        }

        /// The transitions, the offset from each, and time type 0's offset, of one data block.
        mutating func block(_ header: Header, timeSize: Int) throws(Unreadable) -> ([Int64], [Int32], Int32) {
            var times: [Int64] = []
            times.reserveCapacity(header.transitionCount)
            for _ in 0..<header.transitionCount {
                let time = try integer(timeSize)
                guard times.last.map({ $0 < time }) ?? true else {
                    throw Unreadable(reason: "transitions out of order")
                }
                times.append(time)
            }
            var typeIndices: [Int] = []
            for _ in 0..<header.transitionCount { typeIndices.append(Int(try byte())) }
            var typeOffsets: [Int32] = []
            for _ in 0..<header.typeCount {
                let offset = try integer(4)
                // RFC 8536: -2^31 is not a valid offset; real ones are within a day.
                guard (-89_999...93_599).contains(offset) else { throw Unreadable(reason: "an offset out of range") }
                typeOffsets.append(Int32(offset))
                try skip(2)  // is DST, the abbreviation's index: not needed for offsets
            }
            guard typeIndices.allSatisfy({ $0 < typeOffsets.count }) else {
                throw Unreadable(reason: "a transition to a time type that does not exist")
            }
            try skip(
                header.characterCount + header.leapCount * (timeSize + 4) + header.standardIndicatorCount
                    + header.utIndicatorCount)
            return (times, typeIndices.map { typeOffsets[$0] }, typeOffsets[0])
        }
    }
}

/// The POSIX TZ rule of a TZif footer: `CET-1CEST,M3.5.0,M10.5.0/3`, `<+1030>-10:30<+11>-11,…`,
/// `IST-5:30`, `<-03>3`. Offsets are written west-positive, as POSIX has them; the rule's times
/// may run from -167 to 167 hours (RFC 8536).
struct PosixZoneRule: Sendable, Hashable {
    /// Seconds east of UTC outside daylight time.
    let standardOffset: Int
    /// Daylight time: its offset and when it starts and ends, in each year; nil when there is none.
    let daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// A day of the year and a local time on it.
    struct Change: Sendable, Hashable {
        enum Day: Sendable, Hashable {
            /// `Jn`: 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: 0…365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: month 1…12, week 1…5 (5: the last), weekday 0…6 (0: Sunday).
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        let day: Day
        /// Seconds after the local midnight of that day.
        let time: Int

        /// The day number (days since 1970-01-01) of this change in `year`.
        func dayNumber(in year: Int) -> Int {
            let january1 = AttendanceDate(valid: year, 1, 1).dayNumber
            switch day {
            case .julian(let n):
                return january1 + n - 1 + (AttendanceDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return january1 + n
            case .monthWeekDay(let month, let week, let weekday):
                let first = AttendanceDate(valid: year, month, 1)
                let firstWeekday = (first.weekday.mondayIndex + 1) % 7  // POSIX counts from Sunday
                var day = first.dayNumber + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let days = AttendanceDate.daysIn(year: year, month: month)
                while day >= first.dayNumber + days { day -= 7 }
                return day
            }
        }
    }

    init(parsing text: [UInt8]) throws(ZoneRules.Unreadable) {
        var scanner = Scanner(text: text)
        try scanner.name()
        standardOffset = -(try scanner.time(maximumHours: 24))
        guard !scanner.isAtEnd else {
            daylight = nil
            return
        }
        try scanner.name()
        var daylightOffset = standardOffset + 3600
        if let next = scanner.peek, next != UInt8(ascii: ",") { daylightOffset = -(try scanner.time(maximumHours: 24)) }
        // A footer with daylight time always says when (zic writes the rule out).
        try scanner.expect(UInt8(ascii: ","))
        let start = try scanner.change()
        try scanner.expect(UInt8(ascii: ","))
        let end = try scanner.change()
        guard scanner.isAtEnd else { throw ZoneRules.Unreadable(reason: "text after the rule") }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// Seconds east of UTC at `instant`.
    func offset(at instant: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // The changes of the year around the instant and of the years beside it, in time order:
        // a change's time may push it into the next or the previous year.
        let year = AttendanceDate(dayNumber: LocalZone.floorDiv(Int(instant) + standardOffset, 86_400)).year
        var changes: [(at: Int64, isDaylight: Bool)] = []
        for y in (year - 1)...(year + 1) {
            // The start is given in standard time, the end in daylight time.
            let start = Int64(daylight.start.dayNumber(in: y) * 86_400 + daylight.start.time - standardOffset)
            let end = Int64(daylight.end.dayNumber(in: y) * 86_400 + daylight.end.time - daylight.offset)
            changes.append((end, false))
            changes.append((start, true))
        }
        // At the same instant, a start wins: daylight time all year is written as a start on
        // January 1 at 0:00 and an end on December 31 at 25:00, the same moment.
        changes.sort { $0.at < $1.at || ($0.at == $1.at && !$0.isDaylight && $1.isDaylight) }
        var isDaylight = changes.first.map { !$0.isDaylight } ?? false
        for change in changes where change.at <= instant { isDaylight = change.isDaylight }
        return isDaylight ? daylight.offset : standardOffset
    }

    private struct Scanner {
        let text: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == text.count }
        var peek: UInt8? { isAtEnd ? nil : text[position] }

        mutating func expect(_ byte: UInt8) throws(ZoneRules.Unreadable) {
            guard peek == byte else { throw ZoneRules.Unreadable(reason: "expected '\(Character(.init(byte)))'") }
            position += 1
        }

        /// `CET` (three or more letters) or `<+1030>` (letters, digits, + and -).
        mutating func name() throws(ZoneRules.Unreadable) {
            if peek == UInt8(ascii: "<") {
                position += 1
                let start = position
                while let c = peek, c != UInt8(ascii: ">") {
                    guard Self.isLetter(c) || Self.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                    else { throw ZoneRules.Unreadable(reason: "a quoted zone name with another character") }
                    position += 1
                }
                guard position - start >= 3 else { throw ZoneRules.Unreadable(reason: "a zone name too short") }
                try expect(UInt8(ascii: ">"))
            } else {
                let start = position
                while let c = peek, Self.isLetter(c) { position += 1 }
                guard position - start >= 3 else { throw ZoneRules.Unreadable(reason: "a zone name too short") }
            }
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maximumHours`.
        mutating func time(maximumHours: Int) throws(ZoneRules.Unreadable) -> Int {
            var sign = 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                sign = peek == UInt8(ascii: "-") ? -1 : 1
                position += 1
            }
            let hours = try number(digits: 1...3)
            guard hours <= maximumHours else { throw ZoneRules.Unreadable(reason: "hours out of range") }
            var seconds = hours * 3600
            for scale in [60, 1] {
                guard peek == UInt8(ascii: ":") else { break }
                position += 1
                let part = try number(digits: 2...2)
                guard part < 60 else { throw ZoneRules.Unreadable(reason: "minutes or seconds out of range") }
                seconds += part * scale
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then `/time` (2:00 when left out).
        mutating func change() throws(ZoneRules.Unreadable) -> PosixZoneRule.Change {
            let day: Change.Day
            if peek == UInt8(ascii: "J") {
                position += 1
                let n = try number(digits: 1...3)
                guard (1...365).contains(n) else { throw ZoneRules.Unreadable(reason: "a Julian day out of range") }
                day = .julian(n)
            } else if peek == UInt8(ascii: "M") {
                position += 1
                let month = try number(digits: 1...2)
                try expect(UInt8(ascii: "."))
                let week = try number(digits: 1...1)
                try expect(UInt8(ascii: "."))
                let weekday = try number(digits: 1...1)
                guard (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else {
                    throw ZoneRules.Unreadable(reason: "a month, week or weekday out of range")
                }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                let n = try number(digits: 1...3)
                guard (0...365).contains(n) else { throw ZoneRules.Unreadable(reason: "a day out of range") }
                day = .zeroBased(n)
            }
            var time = 7200
            if peek == UInt8(ascii: "/") {
                position += 1
                time = try self.time(maximumHours: 167)
            }
            return Change(day: day, time: time)
        }

        mutating func number(digits: ClosedRange<Int>) throws(ZoneRules.Unreadable) -> Int {
            var value = 0
            var count = 0
            while let c = peek, Self.isDigit(c), count < digits.upperBound {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                count += 1
                position += 1
            }
            guard digits.contains(count) else { throw ZoneRules.Unreadable(reason: "expected a number") }
            return value
        }

        static func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
        static func isLetter(_ c: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c)
        }
    }
}
