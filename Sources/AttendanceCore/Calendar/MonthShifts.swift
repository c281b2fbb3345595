import Foundation

/// A policy's shift instants for every date of a month, worked out once.
///
/// Turning wall-clock shift times into instants asks the zone for its offsets; doing it once per
/// distinct shift per month, instead of once per employee per date, is what keeps a register of
/// thousands of employees fast. Reuse one value for every employee whose effective policy
/// (`employee.policy(from:)`) is equal.
public struct MonthShifts: Sendable {
    public let month: YearMonth
    /// The policy the instants were worked out for.
    public let policy: Policy
    private let days: [ShiftTimes]
    /// Whether each date is one of the policy's working days, by day of the month − 1.
    let workingDays: [Bool]

    public init(policy: Policy, month: YearMonth) {
        self.month = month
        self.policy = policy
        let dates = month.dates
        days = dates.map { ShiftTimes(policy: policy, date: $0) }
        workingDays = dates.map(policy.isWorkingDay)
    }

    /// The shift on `date`, a date of ``month``.
    public subscript(date: AttendanceDate) -> ShiftTimes? {
        guard date.yearMonth == month else { return nil }
        return days[date.day - 1]
    }

    /// Whether these instants are the ones `other` would give for `month`.
    func fits(_ other: Policy, month: YearMonth) -> Bool {
        month == self.month && other.shiftStart == policy.shiftStart && other.shiftEnd == policy.shiftEnd
            && other.lateGraceMinutes == policy.lateGraceMinutes
            && other.earlyExitGraceMinutes == policy.earlyExitGraceMinutes
            && other.zone.identifier == policy.zone.identifier && other.workingDays == policy.workingDays
    }
}
