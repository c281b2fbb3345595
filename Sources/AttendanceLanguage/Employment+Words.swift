import AttendanceCore

extension Employment {
    /// How lists show it, in `words`' language: "active", "until 2026-12-31", "left 2026-10-31",
    /// "starts 2027-01-05".
    public func worded(_ words: Speech) -> String {
        switch self {
        case .employed: words.ctr("an employee's state", "active")
        case .leaves(let date): words.tr("until {date}", ["date": date.description])
        case .left(let date?): words.tr("left {date}", ["date": date.description])
        case .left(nil): words.ctr("an employee's state", "left")
        case .starts(let date): words.tr("starts {date}", ["date": date.description])
        }
    }
}
