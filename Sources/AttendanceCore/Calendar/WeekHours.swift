/// One employee's worked hours on each date of a week, and the note payroll asks for.
///
/// Hours are kept in hundredths (rounded half up per date) and the week's total is the sum of
/// the dates as shown, so the lines of a payroll note always add up to its total.
public struct WeekHours: Sendable, Hashable {
    /// The week's dates, first to last (seven of them).
    public let days: [DayEvaluation]

    /// The evaluated dates of one week, in order.
    public init(days: [DayEvaluation]) { self.days = days }

    /// The week's first date.
    public var firstDay: AttendanceDate? { days.first?.date }

    /// Worked hours of each date in hundredths. Today's session that is still open is left out:
    /// payroll counts what was marked out.
    public var hundredthsByDay: [Int] { days.map(\.workedHundredths) }

    /// The week's total in hundredths of hours: the sum of the dates.
    public var totalHundredths: Int { hundredthsByDay.reduce(0, +) }

    /// The payroll note: a heading, one line per working date of the employment (and per other
    /// date that has hours), and the total.
    ///
    /// The week is named by its first date as ISO 8601 (no reader mistakes 11/02 for 2 November),
    /// and every figure has two decimals, as payroll keys them in:
    ///
    ///     Hours – Week of 2026-02-09:
    ///     Mon: 8.50 hrs
    ///     Tue: 0.00 hrs (leave)
    ///     Wed: 0.00 hrs (absent)
    ///     …
    ///     Total: 44.50 hrs
    public var payrollText: String {
        let hours = hundredthsByDay
        var lines = ["Hours – Week of \(firstDay?.description ?? ""):"]
        for (day, hundredths) in zip(days, hours)
        where hundredths > 0 || (day.isWorkingDay && day.status != .notEmployed) {
            lines.append("\(day.date.weekday.shortName): \(Self.decimalText(hundredths)) hrs\(Self.note(day))")
        }
        lines.append("Total: \(Self.decimalText(totalHundredths)) hrs")
        return lines.joined(separator: "\n") + "\n"
    }

    /// " (leave)", " (absent)", " (holiday)", " (half-day leave)", " (worked on a holiday)", " (worked on a weekly
    /// off)", " (missing
    /// mark-out — not final)", " (in now — not counted yet)", " (still to come)": why a date has the hours it has, where
    /// payroll asks. A forgotten mark-out counts nothing until a manager corrects it, and payroll
    /// must not take its 0 for the day's pay.
    static func note(_ day: DayEvaluation) -> String {
        if day.status == .leave { return " (leave)" }
        if day.status == .absent { return " (absent)" }
        if day.status == .missing { return " (missing mark-out — not final)" }
        if day.status == .in { return " (in now — not counted yet)" }
        if !day.isOver && !day.isToday { return " (still to come)" }
        if day.leave == .half { return " (half-day leave)" }
        if day.status == .holiday { return " (holiday)" }
        // The calendar's "worked on holiday" flag, for a listed holiday or a weekly off alike.
        if day.flags.contains(.workedOnHoliday) {
            return day.holidayName != nil ? " (worked on a holiday)" : " (worked on a weekly off)"
        }
        return ""
    }

    // MARK: - Numbers

    /// Hundredths of an hour with two decimals, for payroll and spreadsheets: "8.50", "0.00".
    public static func decimalText(_ hundredths: Int) -> String {
        String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }

    /// Hundredths of an hour with as few decimals as they need: "8", "8.5", "8.25".
    public static func hoursText(_ hundredths: Int) -> String {
        let whole = String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction == 0 { return whole }
        if fraction % 10 == 0 { return whole + "." + String(fraction / 10) }
        return whole + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

extension StatusEngine {
    /// Evaluates the seven dates of the week that starts on `firstDay`.
    ///
    /// - Parameters:
    ///   - punches: the employee's accepted punches of those dates, any order.
    ///   - holidays: holiday names by date.
    ///   - leave: the employee's leave by date.
    ///   - correctedDates: dates on which a manager corrected one of the employee's punches.
    public func evaluate(
        weekStarting firstDay: AttendanceDate, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: Leave] = [:], correctedDates: Set<AttendanceDate> = []
    ) -> WeekHours {
        let byDate = Dictionary(grouping: punches, by: \.attendanceDate)
        let days = firstDay.dates(through: firstDay.adding(days: 6)).map { date in
            evaluate(
                date, punches: byDate[date] ?? [], holiday: holidays[date], leave: leave[date],
                isCorrected: correctedDates.contains(date))
        }
        return WeekHours(days: days)
    }
}
