import AttendanceCore
import AttendanceLanguage

/// A figure after the dates of the register, as the PDF writes it and the workbook stores it:
/// Days, L, HD, A, LV, then one column per leave type the register shows (SL, UL…, each a part
/// of LV), M, Hours, Late and Early.
struct RegisterFigure: Sendable {
    let heading: String
    /// As the PDF writes it: "3", "2.5", "171.17".
    let text: @Sendable (MonthSummary) -> String
    /// As the workbook stores it.
    let number: @Sendable (MonthSummary) -> Double
    /// Hours, with two decimals; otherwise a count of dates.
    var isHours = false

    /// The figures of `register`, in order, headed in `words`' language.
    static func all(of register: MonthRegister, _ words: Speech) -> [RegisterFigure] {
        all(leaveTypes: register.shownLeaveTypes, words)
    }

    static func all(leaveTypes: [LeaveType], _ words: Speech) -> [RegisterFigure] {
        let count = { (status: DayStatus) in
            RegisterFigure(heading: status.code, text: { $0.countText(status) }, number: { $0.count(status) })
        }
        let types = leaveTypes.map { type in
            RegisterFigure(
                heading: type.code, text: { $0.leaveText(type.name) },
                number: { Double($0.leaveHalvesByType[type.name] ?? 0) / 2 })
        }
        return [
            RegisterFigure(heading: days(words), text: { $0.presentDaysText }, number: { $0.presentDays }),
            count(.late), count(.halfDay), count(.absent), count(.leave),
        ] + types + [
            count(.missing),
            RegisterFigure(
                heading: hours(words), text: { $0.workedHoursText }, number: { $0.workedHours }, isHours: true),
            RegisterFigure(heading: late(words), text: { String($0.lateCount) }, number: { Double($0.lateCount) }),
            RegisterFigure(
                heading: early(words), text: { String($0.earlyExitCount) }, number: { Double($0.earlyExitCount) }),
        ]
    }

    // MARK: - Headings

    /// The headings of the word columns: narrow, as the text register's are.
    static func days(_ words: Speech) -> String { words.ctr("register column, at most 4 letters", "Days") }
    static func hours(_ words: Speech) -> String { words.ctr("register column, at most 6 letters", "Hours") }
    static func late(_ words: Speech) -> String {
        // Translators: the number of late dates, as a column of the PDF register 25 points wide.
        words.ctr("register column, at most 5 letters", "Late")
    }
    static func early(_ words: Speech) -> String {
        // Translators: the number of dates left early, as a column of the PDF register 25 points wide.
        words.ctr("register column, at most 5 letters", "Early")
    }

    /// What the word columns mean, under the legend.
    static func explained(goalDays: Int?, _ words: Speech) -> String {
        let headings = ["days": days(words), "hours": hours(words), "late": late(words), "early": early(words)]
        guard let goalDays else {
            return words.tr(
                "{days}: present days, P + L + ½ HD.  {hours}: worked hours.  {late}, {early}: counts.  A blank date is still to come.",
                headings)
        }
        return words.tr(
            "{days}: present days, P + L + ½ HD of goal {goal}.  {hours}: worked hours.  {late}, {early}: counts.  A blank date is still to come.",
            headings.merging(["goal": String(goalDays)]) { $1 })
    }
}
