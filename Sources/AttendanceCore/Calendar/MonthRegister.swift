import Foundation

/// Every employee's month, evaluated at one moment: what the monthly register is drawn from.
///
/// Employees who share a shift share one ``MonthShifts``, so the zone is asked for each distinct
/// shift's instants once per month, not once per employee.
public struct MonthRegister: Sendable {
    /// One employee's line.
    public struct Row: Sendable {
        public let employee: Employee
        public let evaluation: MonthEvaluation
    }

    public let month: YearMonth
    /// The employees employed on at least one date of the month, in the order given.
    public let rows: [Row]
    /// The policy the month was evaluated under (before each employee's own shift).
    public let policy: Policy

    /// Evaluates `month` for every employee in `employees` who was employed on any of its dates.
    ///
    /// - Parameters:
    ///   - punches: accepted punches of the month by employee id.
    ///   - holidays: the month's holidays by date.
    ///   - leave: leave by employee id, then by date.
    ///   - correctedDates: the corrected dates by employee id.
    public init(
        month: YearMonth, employees: [Employee], policy: Policy, now: Date, punches: [Int64: [Punch]],
        holidays: [AttendanceDate: String] = [:], leave: [Int64: [AttendanceDate: LeaveKind]] = [:],
        correctedDates: [Int64: Set<AttendanceDate>] = [:]
    ) {
        var shiftsByShift: [ShiftKey: MonthShifts] = [:]
        var rows: [Row] = []
        rows.reserveCapacity(employees.count)
        for employee in employees where Self.isEmployed(employee, in: month) {
            let engine = StatusEngine(employee: employee, policy: policy, now: now)
            let key = ShiftKey(start: employee.shiftStart, end: employee.shiftEnd)
            let shifts = shiftsByShift[key] ?? MonthShifts(policy: engine.policy, month: month)
            shiftsByShift[key] = shifts
            let evaluation = engine.evaluate(
                month: month, punches: punches[employee.id] ?? [], holidays: holidays, leave: leave[employee.id] ?? [:],
                correctedDates: correctedDates[employee.id] ?? [], shifts: shifts)
            rows.append(Row(employee: employee, evaluation: evaluation))
        }
        self.month = month
        self.rows = rows
        self.policy = policy
    }

    /// Whether `employee` is employed on at least one date of `month`.
    public static func isEmployed(_ employee: Employee, in month: YearMonth) -> Bool {
        if let start = employee.startDate, start > month.lastDay { return false }
        if let end = employee.endDate, end < month.firstDay { return false }
        return true
    }

    /// An employee's own shift, or none: the part of the effective policy that differs between employees.
    private struct ShiftKey: Hashable {
        let start: WallClockTime?
        let end: WallClockTime?
    }
}
