import Foundation

/// One employee's month in numbers (docs/rules.md "Month summary").
///
/// Counts are kept in half days, because a date with a half-day leave counts 0.5 LV plus its
/// other half: 0.5 A when that half was not worked, or HD (half a day present) when it was. A
/// forgotten mark-out on such a date stays a whole M, with its 0.5 LV beside it.
public struct MonthSummary: Sendable, Hashable {
    /// The dates summed: a month, or a payroll period.
    public let period: DatePeriod
    /// Half days per status, indexed by the status's position in `DayStatus.allCases` (an
    /// array, not a dictionary: hashing a status for every date of a register adds up).
    private let halves: [Int]
    /// Total worked time of the month's closed sessions, in seconds (today's open session counts
    /// once it is marked out).
    public let workedSeconds: TimeInterval
    /// The month's worked hours in hundredths: the sum of its dates' (``DayEvaluation/workedHundredths``),
    /// as a week's payroll note adds them, so the two agree over the same dates.
    private let workedHundredthsOfHours: Int
    /// Dates flagged late (L, and HD that was late); today while IN is left out until it ends.
    public let lateCount: Int
    /// Dates flagged early exit.
    public let earlyExitCount: Int
    /// `monthly_goal_days`, or nil when it is 0 (no goal).
    public let goalDays: Int?
    /// The LV half days by leave type name ("sick": 4): LV is their sum (docs/rules.md "Month summary").
    public let leaveHalvesByType: [String: Int]

    /// Sums `days`, the evaluated dates of `period`.
    public init(period: DatePeriod, days: [DayEvaluation], goalDays: Int?) {
        var halves = Array(repeating: 0, count: DayStatus.allCases.count)
        var worked: TimeInterval = 0
        var hundredths = 0
        var late = 0
        var early = 0
        var byType: [String: Int] = [:]
        for day in days {
            if day.status.isCounted {
                if day.flags.contains(.halfDayLeave), Self.halfLeaveSplits(day.status) {
                    halves[DayStatus.leave.index] += 1
                    byType[day.leaveType?.name ?? LeaveType.annual.name, default: 0] += 1
                    // The other half: absent for half a day, or HD (which is half a day present).
                    halves[day.status.index] += day.status == .absent ? 1 : 2
                } else {
                    halves[day.status.index] += 2
                    if day.status == .leave { byType[day.leaveType?.name ?? LeaveType.annual.name, default: 0] += 2 }
                }
            }
            worked += day.countedSeconds
            hundredths += day.workedHundredths
            if day.flags.contains(.late), day.status != .in { late += 1 }
            if day.flags.contains(.earlyExit) { early += 1 }
        }
        self.period = period
        self.halves = halves
        workedSeconds = worked
        workedHundredthsOfHours = hundredths
        lateCount = late
        earlyExitCount = early
        self.goalDays = goalDays
        leaveHalvesByType = byType
    }

    /// The dates of leave of type `name`, as people write them: "3", "2.5", "0".
    public func leaveText(_ name: String) -> String { Self.halvesText(leaveHalvesByType[name] ?? 0) }

    /// The sum of `summaries`, each over `period`: a department's subtotal. It has no goal.
    public init(summing summaries: [MonthSummary], period: DatePeriod) {
        var halves = Array(repeating: 0, count: DayStatus.allCases.count)
        var byType: [String: Int] = [:]
        for summary in summaries {
            for index in halves.indices { halves[index] += summary.halves[index] }
            byType.merge(summary.leaveHalvesByType, uniquingKeysWith: +)
        }
        self.period = period
        self.halves = halves
        workedSeconds = summaries.reduce(0) { $0 + $1.workedSeconds }
        workedHundredthsOfHours = summaries.reduce(0) { $0 + $1.workedHundredthsOfHours }
        lateCount = summaries.reduce(0) { $0 + $1.lateCount }
        earlyExitCount = summaries.reduce(0) { $0 + $1.earlyExitCount }
        goalDays = nil
        leaveHalvesByType = byType
    }

    /// The statuses of a half-day-leave date that add 0.5 LV: the ones the punches decide.
    private static func halfLeaveSplits(_ status: DayStatus) -> Bool {
        status == .halfDay || status == .absent || status == .missing
    }

    /// The number of dates with `status`, in halves of a date (0 for statuses not counted).
    public func halfDays(_ status: DayStatus) -> Int { halves[status.index] }

    /// The number of dates with `status`: 3, or 2.5 where a half-day leave split a date.
    public func count(_ status: DayStatus) -> Double { Double(halves[status.index]) / 2 }

    /// ``count(_:)`` as people write it: "3", "2.5".
    public func countText(_ status: DayStatus) -> String { Self.halvesText(halves[status.index]) }

    /// Dates per status; only the counted statuses (P, L, HD, A, H, WO, LV, M) with at least one half.
    public var counts: [DayStatus: Double] {
        var counts: [DayStatus: Double] = [:]
        for status in DayStatus.allCases where halves[status.index] > 0 { counts[status] = count(status) }
        return counts
    }

    static func halvesText(_ halves: Int) -> String {
        halves % 2 == 0 ? String(halves / 2) : String(halves / 2) + ".5"
    }

    // MARK: - Derived figures

    /// P + L + 0.5 × HD, in half days so that it is exact.
    public var presentHalfDays: Int {
        halves[DayStatus.present.index] + halves[DayStatus.late.index] + halves[DayStatus.halfDay.index] / 2
    }

    /// P + L + 0.5 × HD.
    public var presentDays: Double { Double(presentHalfDays) / 2 }

    /// "12" or "12.5".
    public var presentDaysText: String { Self.halvesText(presentHalfDays) }

    /// Worked hours in hundredths: each date rounded half up, then added.
    public var workedHours: Double { Double(workedHundredthsOfHours) / 100 }

    /// Worked hours with two decimals: "163.25".
    public var workedHoursText: String {
        let hundredths = workedHundredthsOfHours
        let fraction = hundredths % 100
        return String(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
