import AttendanceCore

extension DayStatus {
    /// Words for a legend: the status's name, except "in now" for IN. The codes (P, L, HD…) are
    /// the same in every language, as they are in JSON and CSV; their legend is translated.
    public func legendName(_ words: Speech = .english) -> String {
        switch self {
        case .notEmployed: words.tr("not employed")
        case .future: words.tr("future")
        case .leave: words.tr("leave")
        case .holiday: words.tr("holiday")
        case .weeklyOff: words.tr("weekly off")
        case .pending: words.tr("pending")
        case .in: words.tr("in now")
        case .missing: words.tr("missing mark-out")
        case .absent: words.tr("absent")
        case .halfDay: words.tr("half day")
        case .late: words.tr("late")
        case .present: words.tr("present")
        }
    }
}
