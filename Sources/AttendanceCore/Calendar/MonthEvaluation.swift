import Foundation

/// Every date of one employee's month (or of any ``DatePeriod``), evaluated, and its summary.
///
/// What a calendar and a register row are drawn from.
public struct MonthEvaluation: Sendable {
    public let period: DatePeriod
    /// The month a calendar shows: the period's first date's.
    public var month: YearMonth { period.first.yearMonth }
    /// One evaluation per date of the period, first to last.
    public let days: [DayEvaluation]
    public let summary: MonthSummary

    /// Evaluates every date of `period` (a month, or a payroll period) for the engine's employee.
    ///
    /// - Parameters:
    ///   - punches: the employee's accepted punches whose attendance date is in `period`, any order
    ///     (punches of other dates are ignored).
    ///   - holidays: holiday names by date (other dates' entries are ignored).
    ///   - leave: the employee's leave by date.
    ///   - correctedDates: dates on which a manager corrected one of the employee's punches.
    ///   - shifts: the period's shift instants for the engine's policy, shared between employees
    ///     with the same shift; worked out here when nil or made for a different shift.
    public init(
        period: DatePeriod, engine: StatusEngine, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: Leave] = [:], correctedDates: Set<AttendanceDate> = [], shifts: MonthShifts? = nil
    ) {
        let shifts =
            shifts.flatMap { $0.fits(engine.policy, period: period) ? $0 : nil }
            ?? MonthShifts(policy: engine.policy, period: period)
        let byDate = Self.ordered(punches, in: period)
        var days: [DayEvaluation] = []
        days.reserveCapacity(period.dayCount)
        var next = 0
        for (offset, date) in period.dates.enumerated() {
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
        self.period = period
        self.days = days
        summary = MonthSummary(period: period, days: days, goalDays: engine.policy.goalDays)
    }

    /// The evaluation of `date`, a date of the period.
    public subscript(date: AttendanceDate) -> DayEvaluation? {
        guard let offset = period.offset(of: date), days.indices.contains(offset) else { return nil }
        return days[offset]
    }

    /// The dates with any flag, to list under a calendar's grid.
    public var flaggedDays: [DayEvaluation] { days.filter { !$0.flags.isEmpty || $0.status == .missing } }

    /// The period's punches by attendance date; other dates' left out.
    private static func ordered(_ punches: [Punch], in period: DatePeriod) -> [Punch] {
        let first = period.first
        let last = period.last
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
    /// Evaluates every date of `month`; see ``MonthEvaluation/init(period:engine:punches:holidays:leave:correctedDates:shifts:)``.
    public func evaluate(
        month: YearMonth, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: Leave] = [:], correctedDates: Set<AttendanceDate> = [], shifts: MonthShifts? = nil
    ) -> MonthEvaluation {
        evaluate(
            period: DatePeriod(month), punches: punches, holidays: holidays, leave: leave,
            correctedDates: correctedDates, shifts: shifts)
    }

    /// Evaluates every date of `period`; see ``MonthEvaluation/init(period:engine:punches:holidays:leave:correctedDates:shifts:)``.
    public func evaluate(
        period: DatePeriod, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: Leave] = [:], correctedDates: Set<AttendanceDate> = [], shifts: MonthShifts? = nil
    ) -> MonthEvaluation {
        MonthEvaluation(
            period: period, engine: self, punches: punches, holidays: holidays, leave: leave,
            correctedDates: correctedDates, shifts: shifts)
    }
}
