import Foundation

/// Every employee's month (or any ``DatePeriod``), evaluated at one moment: what the register is
/// drawn from.
///
/// A row keeps what a register shows of each date (its status, its flags, whether a punch was on
/// a simulated link, the first IN, the last OUT and the hours payroll counts) and the month's
/// summary, not the dates' punches and sessions: a register of
/// 10,000 employees then holds a few megabytes, and its punches can be read, evaluated and let go
/// a group of employees at a time (``Builder``).
///
/// Employees who share a shift share one ``MonthShifts``, so the zone is asked for each distinct
/// shift's instants once per month, not once per employee.
public struct MonthRegister: Sendable {
    /// What the register shows of one date of one employee.
    public struct Day: Sendable {
        public let date: AttendanceDate
        public let status: DayStatus
        public let flags: DayFlags
        /// A punch of the date was verified against a simulated link (docs/rules.md "WiFi verification" 5).
        public let hasSimulatedPunch: Bool
        /// A punch of the date was imported from another time clock.
        public let hasImportedPunch: Bool
        /// Beside IN (today, a session open now): the status so far (docs/rules.md status 6).
        public let provisionalStatus: DayStatus?
        /// The date's first IN and last OUT, for payroll's sheet.
        public let firstIn: Date?
        public let lastOut: Date?
        /// The hours payroll counts, in hundredths (``DayEvaluation/workedHundredths``).
        public let workedHundredths: Int
        /// The type of the date's leave (a full day's, or a half day's), if any.
        public let leaveType: LeaveType?

        /// The cell code; a full-day leave's is its type's ("LV", "SL").
        public var code: String { status == .leave ? leaveType?.code ?? status.code : status.code }

        init(_ evaluation: DayEvaluation) {
            date = evaluation.date
            status = evaluation.status
            flags = evaluation.flags
            (hasSimulatedPunch, hasImportedPunch) = evaluation.evidence
            provisionalStatus = evaluation.provisionalStatus
            firstIn = evaluation.firstIn
            lastOut = evaluation.lastOut
            workedHundredths = evaluation.workedHundredths
            leaveType = evaluation.leaveType
        }
    }

    /// One employee's line.
    public struct Row: Sendable {
        public let employee: Employee
        /// One per date of the period, first to last.
        public let days: [Day]
        public let summary: MonthSummary

        /// The dates the register marks: with a punch on a simulated link (`\.hasSimulatedPunch`),
        /// or one a manager entered or changed (`{ $0.flags.contains(.corrected) }`).
        public func dates(where marked: (Day) -> Bool) -> [AttendanceDate] {
            days.filter(marked).map(\.date)
        }

        /// The status so far of today, when the employee is in now; nil otherwise.
        public var provisionalStatus: DayStatus? { days.lazy.compactMap(\.provisionalStatus).first }
    }

    /// The dates the register covers: a month, or a payroll period.
    public let period: DatePeriod
    /// The employees employed on at least one date of the period, in the order given.
    public let rows: [Row]
    /// The leave types other than annual leave that its full-day leave shows, in the office's
    /// order: what a legend explains beside LV.
    public var shownLeaveTypes: [LeaveType] {
        var shown = Set<String>()
        for row in rows {
            for day in row.days where day.status == .leave {
                if let type = day.leaveType, type.name != LeaveType.annual.name { shown.insert(type.name) }
            }
        }
        return policy.leaveTypes.all.filter { shown.contains($0.name) }
    }

    /// The rows of each department, in order, when any employee has one (empty otherwise): the
    /// register lists each department's employees together, the ones with none last.
    public var groups: [Group] {
        guard rows.contains(where: { $0.employee.department != nil }) else { return [] }
        var groups: [Group] = []
        for (index, row) in rows.enumerated() {
            let department = row.employee.department
            if let last = groups.last, last.department?.rawValue.lowercased() == department?.rawValue.lowercased() {
                groups[groups.count - 1].rows = last.rows.lowerBound..<(index + 1)
            } else {
                groups.append(Group(department: department, rows: index..<(index + 1)))
            }
        }
        return groups
    }

    /// One department's rows of the register.
    public struct Group: Sendable {
        /// Nil: the employees with no department.
        public let department: Department?
        public var rows: Range<Int>
    }

    /// The figures of `group`'s rows added up: its subtotal.
    public func subtotal(_ group: Group) -> MonthSummary {
        MonthSummary(summing: rows[group.rows].map(\.summary), period: period)
    }

    /// The policy the month was evaluated under (before each employee's own shift).
    public let policy: Policy

    /// Evaluates `period` for every employee in `employees` who was employed on any of its dates.
    ///
    /// - Parameters:
    ///   - punches: accepted punches of the period by employee id.
    ///   - holidays: the period's holidays by date.
    ///   - leave: leave by employee id, then by date.
    ///   - correctedDates: the corrected dates by employee id.
    public init(
        period: DatePeriod, employees: [Employee], policy: Policy, now: Date, punches: [Int64: [Punch]],
        holidays: [AttendanceDate: String] = [:], leave: [Int64: [AttendanceDate: Leave]] = [:],
        correctedDates: [Int64: Set<AttendanceDate>] = [:]
    ) {
        var builder = Builder(period: period, policy: policy, now: now, holidays: holidays)
        for employee in employees {
            builder.add(
                employee, punches: punches[employee.id] ?? [], leave: leave[employee.id] ?? [:],
                correctedDates: correctedDates[employee.id] ?? [])
        }
        self = builder.register
    }

    private init(period: DatePeriod, rows: [Row], policy: Policy) {
        self.period = period
        self.rows = rows
        self.policy = policy
    }

    /// Whether `employee` is employed on at least one date of `month`.
    public static func isEmployed(_ employee: Employee, in month: YearMonth) -> Bool {
        isEmployed(employee, in: DatePeriod(month))
    }

    /// Whether `employee` is employed on at least one date of `period`.
    public static func isEmployed(_ employee: Employee, in period: DatePeriod) -> Bool {
        if let start = employee.startDate, start > period.last { return false }
        if let end = employee.endDate, end < period.first { return false }
        return true
    }

    /// A register made one employee at a time, so that each employee's punches can be let go once
    /// their row is made.
    public struct Builder: Sendable {
        public let period: DatePeriod
        let policy: Policy
        let now: Date
        let holidays: [AttendanceDate: String]
        private var shiftsByShift: [ShiftKey: MonthShifts] = [:]
        private var rows: [(position: Int, row: Row)] = []
        private var added = 0

        public init(period: DatePeriod, policy: Policy, now: Date, holidays: [AttendanceDate: String]) {
            self.period = period
            self.policy = policy
            self.now = now
            self.holidays = holidays
        }

        /// Evaluates `employee`'s period and adds their row, when they are employed in it.
        /// `punches` are their accepted punches of the period, in any order. Rows are listed by
        /// `position` (by default, the order they were added in), whatever order they come in.
        public mutating func add(
            _ employee: Employee, punches: [Punch], leave: [AttendanceDate: Leave],
            correctedDates: Set<AttendanceDate>, position: Int? = nil
        ) {
            defer { added += 1 }
            guard MonthRegister.isEmployed(employee, in: period) else { return }
            let engine = StatusEngine(employee: employee, policy: policy, now: now)
            let key = ShiftKey(start: employee.shiftStart, end: employee.shiftEnd)
            let shifts = shiftsByShift[key] ?? MonthShifts(policy: engine.policy, period: period)
            shiftsByShift[key] = shifts
            let evaluation = engine.evaluate(
                period: period, punches: punches, holidays: holidays, leave: leave, correctedDates: correctedDates,
                shifts: shifts)
            let row = Row(employee: employee, days: evaluation.days.map(Day.init), summary: evaluation.summary)
            rows.append((position ?? added, row))
        }

        /// The register of the rows added, by position.
        public var register: MonthRegister {
            // With departments, each one's rows together (by name, whatever the case; none last),
            // each department's in the order given.
            let grouped = rows.contains { $0.row.employee.department != nil }
            let key = { (row: Row) in row.employee.department.map { "0" + $0.rawValue.lowercased() } ?? "1" }
            let ordered = rows.sorted { a, b in
                guard grouped else { return a.position < b.position }
                let (ka, kb) = (key(a.row), key(b.row))
                return ka == kb ? a.position < b.position : ka < kb
            }
            return MonthRegister(period: period, rows: ordered.map(\.row), policy: policy)
        }
    }

    /// An employee's own shift, or none: the part of the effective policy that differs between employees.
    private struct ShiftKey: Hashable {
        let start: WallClockTime?
        let end: WallClockTime?
    }
}
