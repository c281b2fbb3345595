import Foundation

/// A policy's shift instants for every date of a month (or any ``DatePeriod``), worked out once.
///
/// Turning wall-clock shift times into instants asks the zone for its offsets; doing it once per
/// distinct shift per month, instead of once per employee per date, is what keeps a register of
/// thousands of employees fast. Reuse one value for every employee whose effective policy
/// (`employee.policy(from:)`) is equal.
public struct MonthShifts: Sendable {
    public let period: DatePeriod
    /// The policy the instants were worked out for.
    public let policy: Policy
    private let days: [ShiftTimes]
    /// Whether each date is one of the policy's working days, by its offset in the period.
    let workingDays: [Bool]

    public init(policy: Policy, period: DatePeriod) {
        self.period = period
        self.policy = policy
        let dates = period.dates
        days = dates.map { ShiftTimes(policy: policy, date: $0) }
        workingDays = dates.map(policy.isWorkingDay)
    }

    /// The shift on `date`, a date of ``period``.
    public subscript(date: AttendanceDate) -> ShiftTimes? {
        period.offset(of: date).map { days[$0] }
    }

    /// Whether these instants are the ones `other` would give for `period`.
    func fits(_ other: Policy, period: DatePeriod) -> Bool {
        period == self.period && other.shiftStart == policy.shiftStart && other.shiftEnd == policy.shiftEnd
            && other.lateGraceMinutes == policy.lateGraceMinutes
            && other.earlyExitGraceMinutes == policy.earlyExitGraceMinutes
            && other.zone.identifier == policy.zone.identifier && other.workingDays == policy.workingDays
    }
}
