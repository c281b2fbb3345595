import Foundation

/// One employee's month in numbers (RULES.md "Month summary").
public struct MonthSummary: Sendable, Hashable {
    public let month: YearMonth
    /// Dates per status, indexed by the status's position in `DayStatus.allCases` (an array,
    /// not a dictionary: hashing a status for every date of a register adds up).
    private let tally: [Int]
    /// Total worked time of the month's dates, in seconds (today's open session up to `now`).
    public let workedSeconds: TimeInterval
    /// Dates flagged late (L, and HD that was late); today while IN is left out until it ends.
    public let lateCount: Int
    /// Dates flagged early exit.
    public let earlyExitCount: Int
    /// `monthly_goal_days`, or nil when it is 0 (no goal).
    public let goalDays: Int?

    /// Sums `days`, the evaluated dates of `month`.
    public init(month: YearMonth, days: [DayEvaluation], goalDays: Int) {
        var tally = Array(repeating: 0, count: DayStatus.allCases.count)
        var worked: TimeInterval = 0
        var late = 0
        var early = 0
        for day in days {
            if day.status.isCounted { tally[day.status.index] += 1 }
            worked += day.workedSeconds
            if day.flags.contains(.late), day.status != .in { late += 1 }
            if day.flags.contains(.earlyExit) { early += 1 }
        }
        self.month = month
        self.tally = tally
        workedSeconds = worked
        lateCount = late
        earlyExitCount = early
        self.goalDays = goalDays > 0 ? goalDays : nil
    }

    /// The number of dates with `status` (0 for the statuses that are not counted).
    public func count(_ status: DayStatus) -> Int { tally[status.index] }

    /// Dates per status; only the counted statuses (P, L, HD, A, H, WO, LV, M) with at least one date.
    public var counts: [DayStatus: Int] {
        var counts: [DayStatus: Int] = [:]
        for status in DayStatus.allCases where tally[status.index] > 0 { counts[status] = tally[status.index] }
        return counts
    }

    // MARK: - Derived figures

    /// P + L + 0.5 × HD, in half days so that it is exact.
    public var presentHalfDays: Int { 2 * (count(.present) + count(.late)) + count(.halfDay) }

    /// P + L + 0.5 × HD.
    public var presentDays: Double { Double(presentHalfDays) / 2 }

    /// "12" or "12.5".
    public var presentDaysText: String {
        presentHalfDays % 2 == 0 ? String(presentHalfDays / 2) : String(presentHalfDays / 2) + ".5"
    }

    /// Worked hours rounded to hundredths (half up).
    public var workedHours: Double { Double(workedHundredthsOfHours) / 100 }

    /// Worked hours with two decimals: "163.25".
    public var workedHoursText: String {
        let hundredths = workedHundredthsOfHours
        let fraction = hundredths % 100
        return String(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    private var workedHundredthsOfHours: Int { Int((workedSeconds / 36).rounded(.toNearestOrAwayFromZero)) }

    /// "present days 12.5 of goal 20", or nil without a goal.
    public var goalText: String? {
        goalDays.map { "present days \(presentDaysText) of goal \($0)" }
    }
}
