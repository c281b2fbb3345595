/// A day of the week, named in configuration as `mon`…`sun`.
public enum Weekday: String, CaseIterable, Sendable, Hashable, Comparable {
    case monday = "mon", tuesday = "tue", wednesday = "wed", thursday = "thu", friday = "fri"
    case saturday = "sat", sunday = "sun"

    public static let mondayFirst: [Weekday] = [
        .monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday,
    ]

    /// 0 for Monday … 6 for Sunday.
    public var mondayIndex: Int { Self.mondayFirst.firstIndex(of: self) ?? 0 }

    /// "Monday"
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// "Mon"
    public var shortName: String { String(name.prefix(3)) }

    public static func < (a: Self, b: Self) -> Bool { a.mondayIndex < b.mondayIndex }
}
