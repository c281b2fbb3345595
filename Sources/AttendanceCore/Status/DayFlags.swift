/// Facts about an attendance date that never change its status (docs/rules.md "Flags"), and the
/// irregularities a manager should correct.
public struct DayFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    // MARK: - The flags of docs/rules.md

    /// The first IN is after `shift_start + late_grace_minutes`. Raised on L, on HD, and on the
    /// provisional status of IN; not on A or M, which do not count as attendance.
    public static let late = DayFlags(rawValue: 1 << 0)
    /// The last OUT is before `shift_end − early_exit_grace_minutes` and nothing is open after it.
    /// Raised on P, L and HD.
    public static let earlyExit = DayFlags(rawValue: 1 << 1)
    /// Punches on a holiday or a non-working day (the date was evaluated by rules 6–11).
    public static let workedOnHoliday = DayFlags(rawValue: 1 << 2)
    /// A manager corrected a punch of the date.
    public static let corrected = DayFlags(rawValue: 1 << 3)

    // MARK: - Needing correction

    /// A session was longer than `max_session_hours` and is not counted.
    public static let overMaxSession = DayFlags(rawValue: 1 << 4)
    /// A session was never marked out: the date is over, or a later IN followed it.
    public static let missingMarkOut = DayFlags(rawValue: 1 << 5)
    /// An OUT had no open session to end.
    public static let unpairedPunch = DayFlags(rawValue: 1 << 6)
    /// A kiosk punch is earlier than one recorded before it.
    public static let clockWentBack = DayFlags(rawValue: 1 << 7)
    /// A kiosk punch was taken while that kiosk's clock was off the central store's by more than
    /// ``Policy/clockTolerance``: its time is not the true one.
    public static let clockOff = DayFlags(rawValue: 1 << 9)

    // MARK: - Leave

    /// A half-day leave was recorded: the date is at most HD ("HD-with-leave").
    public static let halfDayLeave = DayFlags(rawValue: 1 << 8)

    /// Every flag with its words, in the order they are listed.
    public static let named: [(flag: DayFlags, name: String)] = [
        (.late, "late"), (.earlyExit, "early exit"), (.workedOnHoliday, "worked on holiday"),
        (.corrected, "corrected"), (.overMaxSession, "session over max hours"),
        (.missingMarkOut, "missing mark-out"), (.unpairedPunch, "OUT without IN"),
        (.clockWentBack, "clock went back"), (.clockOff, "kiosk clock off"),
        (.halfDayLeave, "half-day leave"),
    ]

    /// The words of each flag that is set: ["late", "early exit"].
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    /// "late, early exit"
    public var description: String { names.joined(separator: ", ") }
}
