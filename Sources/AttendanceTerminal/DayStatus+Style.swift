import AttendanceCore
import AttendanceLanguage

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

    /// "P present", "L late", …: each status a legend explains, its code in its colour.
    static func legendItems(_ words: Speech) -> [StyledText] {
        legendOrder.map { StyledText($0.code, style: $0.style) + StyledText(" " + $0.legendName(words)) }
    }

    /// The statuses a legend explains, in the order it lists them.
    public static let legendOrder: [DayStatus] = [
        .present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing, .in, .notEmployed,
    ]

    /// The statuses a month summary counts, in the order it lists them.
    public static let summaryOrder: [DayStatus] = [
        .present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing,
    ]
}
