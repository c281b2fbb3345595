import Foundation

/// Every date of one employee's month, evaluated, and the month's summary.
///
/// What a calendar and a register row are drawn from.
public struct MonthEvaluation: Sendable {
    public let month: YearMonth
    /// One evaluation per date of the month, first to last.
    public let days: [DayEvaluation]
    public let summary: MonthSummary

    /// Evaluates every date of `month` for the engine's employee.
    ///
    /// - Parameters:
    ///   - punches: the employee's accepted punches whose attendance date is in `month`, any order
    ///     (punches of other dates are ignored).
    ///   - holidays: holiday names by date (other months' entries are ignored).
    ///   - leave: the employee's leave by date.
    ///   - correctedDates: dates on which a manager corrected one of the employee's punches.
    ///   - shifts: the month's shift instants for the engine's policy, shared between employees
    ///     with the same shift; worked out here when nil or made for a different shift.
    public init(
        month: YearMonth, engine: StatusEngine, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: LeaveKind] = [:], correctedDates: Set<AttendanceDate> = [], shifts: MonthShifts? = nil
    ) {
        let shifts =
            shifts.flatMap { $0.fits(engine.policy, month: month) ? $0 : nil }
            ?? MonthShifts(policy: engine.policy, month: month)
        let byDate = Self.ordered(punches, in: month)
        var days: [DayEvaluation] = []
        days.reserveCapacity(month.dayCount)
        var next = 0
        for (offset, date) in month.dates.enumerated() {
            var end = next
            while end < byDate.count, byDate[end].attendanceDate == date { end += 1 }
            let dayPunches = next == end ? [] : Array(byDate[next..<end])
            next = end
            guard let shift = shifts[date] else { continue }
            // Most employees have no leave or corrections in a month: skip hashing the date then.
            days.append(
                engine.evaluate(
                    date, punches: dayPunches, holiday: holidays.isEmpty ? nil : holidays[date],
                    leave: leave.isEmpty ? nil : leave[date],
                    isCorrected: correctedDates.isEmpty ? false : correctedDates.contains(date), shift: shift,
                    isWorkingDay: shifts.workingDays[offset]))
        }
        self.month = month
        self.days = days
        summary = MonthSummary(month: month, days: days, goalDays: engine.policy.goalDays)
    }

    /// The evaluation of `date`, a date of the month.
    public subscript(date: AttendanceDate) -> DayEvaluation? {
        guard date.yearMonth == month, days.indices.contains(date.day - 1) else { return nil }
        return days[date.day - 1]
    }

    /// The dates with any flag, to list under a calendar's grid.
    public var flaggedDays: [DayEvaluation] { days.filter { !$0.flags.isEmpty || $0.status == .missing } }

    /// The dates the register marks: with a punch on a simulated link (`\.hasSimulatedPunch`),
    /// or one a manager entered or changed (`{ $0.flags.contains(.corrected) }`).
    public func dates(where marked: (DayEvaluation) -> Bool) -> [AttendanceDate] {
        days.filter(marked).map(\.date)
    }

    /// The month's punches by attendance date; other months' left out.
    private static func ordered(_ punches: [Punch], in month: YearMonth) -> [Punch] {
        let first = month.firstDay
        let last = month.lastDay
        let isInMonth = { (punch: Punch) in punch.attendanceDate >= first && punch.attendanceDate <= last }
        let inMonth = punches.allSatisfy(isInMonth) ? punches : punches.filter(isInMonth)
        // By date only: DayPunches puts each date's punches in time order itself. The store
        // usually hands them over in date order already; then there is nothing to copy.
        for index in inMonth.indices.dropFirst() {
            let (earlier, later) = (inMonth[index - 1].attendanceDate, inMonth[index].attendanceDate)
            if later < earlier { return inMonth.sorted { $0.attendanceDate < $1.attendanceDate } }
        }
        return inMonth
    }
}

extension StatusEngine {
    /// Evaluates every date of `month`; see ``MonthEvaluation/init(month:engine:punches:holidays:leave:correctedDates:shifts:)``.
    public func evaluate(
        month: YearMonth, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: LeaveKind] = [:], correctedDates: Set<AttendanceDate> = [], shifts: MonthShifts? = nil
    ) -> MonthEvaluation {
        MonthEvaluation(
            month: month, engine: self, punches: punches, holidays: holidays, leave: leave,
            correctedDates: correctedDates, shifts: shifts)
    }
}
