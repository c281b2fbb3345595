import AttendanceCore

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

    /// The figures of `register`, in order.
    static func all(of register: MonthRegister) -> [RegisterFigure] {
        all(leaveTypes: register.shownLeaveTypes)
    }

    static func all(leaveTypes: [LeaveType]) -> [RegisterFigure] {
        let count = { (status: DayStatus) in
            RegisterFigure(heading: status.code, text: { $0.countText(status) }, number: { $0.count(status) })
        }
        let types = leaveTypes.map { type in
            RegisterFigure(
                heading: type.code, text: { $0.leaveText(type.name) },
                number: { Double($0.leaveHalvesByType[type.name] ?? 0) / 2 })
        }
        return [
            RegisterFigure(heading: "Days", text: { $0.presentDaysText }, number: { $0.presentDays }),
            count(.late), count(.halfDay), count(.absent), count(.leave),
        ] + types + [
            count(.missing),
            RegisterFigure(heading: "Hours", text: { $0.workedHoursText }, number: { $0.workedHours }, isHours: true),
            RegisterFigure(heading: "Late", text: { String($0.lateCount) }, number: { Double($0.lateCount) }),
            RegisterFigure(
                heading: "Early", text: { String($0.earlyExitCount) }, number: { Double($0.earlyExitCount) }),
        ]
    }
}
