import Foundation
import Synchronization

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
/// month of punches costs little and never depends on the host's own zone. The offsets come from
/// the time zone database the caller passes (``ZoneDatabase``, ``ZoneRules``): the executable's is
/// the system's, as for every other program on the machine; Foundation's built-in rules are used
/// for a zone the database does not have, and alone with ``ZoneDatabase/foundation``.
public struct LocalZone: Sendable, Hashable {
    private let rules: Rules

    /// The zone's name, and the database's rules or else Foundation's zone: one object, so that
    /// copying a zone (every policy holds one) is one reference.
    private final class Rules: Sendable {
        let identifier: String
        let database: ZoneRules?
        let foundation: TimeZone?

        init(identifier: String, database: ZoneRules?, foundation: TimeZone?) {
            self.identifier = identifier
            self.database = database
            self.foundation = foundation
        }
    }

    public var identifier: String { rules.identifier }

    /// The zone `timeZone` names, with the rules `database` has for it.
    public init(_ timeZone: TimeZone, in database: ZoneDatabase = .foundation) {
        let installed = database.rules(named: timeZone.identifier)
        rules = Rules(
            identifier: timeZone.identifier, database: installed, foundation: installed == nil ? timeZone : nil)
    }

    /// A zone by IANA name ("Europe/Berlin"); nil when neither `database` nor Foundation knows it.
    public init?(identifier: String, in database: ZoneDatabase = .foundation) {
        // Foundation also accepts abbreviations like "CET": an IANA name has a slash or is UTC/GMT.
        guard identifier.contains("/") || identifier == "UTC" || identifier == "GMT" else { return nil }
        if let installed = database.rules(named: identifier) {
            rules = Rules(identifier: identifier, database: installed, foundation: nil)
        } else if let zone = TimeZone(identifier: identifier) {
            rules = Rules(identifier: zone.identifier, database: nil, foundation: zone)
        } else {
            return nil
        }
    }

    public static func == (a: LocalZone, b: LocalZone) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Seconds east of UTC at `instant`.
    public func offset(at instant: Date) -> Int {
        if let database = rules.database {
            // Whole seconds, rounded down: a transition happens at the start of its second.
            let seconds = instant.timeIntervalSince1970.rounded(.down)
            return database.offset(at: Int64(min(max(seconds, -1e15), 1e15)))
        }
        return rules.foundation?.secondsFromGMT(for: instant) ?? 0
    }

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

/// Where zone rules come from. The core reads no file: the executable passes a database that
/// reads the system's TZif files (`SystemZoneFiles` in the commands) to what makes a zone from a
/// name; ``foundation`` has none, and ``LocalZone`` then uses Foundation's built-in rules.
public final class ZoneDatabase: Sendable {
    /// The bytes of the database's TZif file for a zone name, nil when it has none.
    public typealias Reader = @Sendable (_ name: String) -> [UInt8]?

    private let reader: Reader?
    /// Rules already read, by name: a process names its zone more than once (the configuration,
    /// the host's zone), and a file is read and parsed once.
    private let cache = Mutex<[String: ZoneRules]>([:])

    public init(reading reader: @escaping Reader) { self.reader = reader }

    private init() { reader = nil }

    /// No database: Foundation's built-in rules for every zone.
    public static let foundation = ZoneDatabase()

    /// The rules of the file for `name`, nil when there is none or it cannot be read. Only names
    /// made of the characters IANA names use reach the reader: no "..", no absolute path.
    func rules(named name: String) -> ZoneRules? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 255,
            parts.allSatisfy({ part in
                !part.isEmpty && part != "." && part != ".."
                    && part.utf8.allSatisfy { c in
                        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                            || c == 0x5F || c == 0x2B || c == 0x2D
                    }
            }),
            let read = reader
        else { return nil }
        if let known = cache.withLock({ $0[name] }) { return known }
        guard let bytes = read(name), let rules = try? ZoneRules(tzif: bytes) else { return nil }
        cache.withLock { $0[name] = rules }
        return rules
    }
}
