import AttendanceCore

extension DayStatus {
    /// How the status's code is drawn: P green, L yellow, HD orange, A red, H and WO grey, LV
    /// blue, M magenta, IN bold green; the rest plain.
    public var style: TextStyle {
        switch self {
        case .present: .color(.green)
        case .late: .color(.yellow)
        case .halfDay: .color(.orange)
        case .absent: .color(.red)
        case .holiday, .weeklyOff, .notEmployed: .color(.grey)
        case .leave: .color(.blue)
        case .missing: .color(.magenta)
        case .in: TextStyle(color: .green, isBold: true)
        case .future, .pending: .plain
        }
    }

    /// Words for a legend: the status's name, except "in now" for IN.
    public var legendName: String { self == .in ? "in now" : name }

    /// The statuses a legend explains, in the order it lists them.
    public static let legendOrder: [DayStatus] = [
        .present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing, .in, .notEmployed,
    ]

    /// The statuses a month summary counts, in the order it lists them.
    public static let summaryOrder: [DayStatus] = [
        .present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing,
    ]
}
