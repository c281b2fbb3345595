import AttendanceCore
import AttendanceStore
import Foundation

/// Reading what calendars, registers and summaries are drawn from, in one place for every
/// front-end: each evaluation reads a period's punches, holidays, leave and corrections and hands
/// them to the core. The `calendar`, `register` and `summary` commands, the kiosk's "my calendar"
/// screen and the benchmarks draw from it; drawing is each front-end's.
public enum Reports {
    // MARK: - Evaluating

    /// One employee's month, evaluated at `now`.
    public static func month(
        _ month: YearMonth, of employee: Employee, policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> MonthEvaluation {
        let (first, last) = (month.firstDay, month.lastDay)
        let engine = StatusEngine(employee: employee, policy: policy, now: now)
        return engine.evaluate(
            month: month, punches: try store.punches(employeeID: employee.id, from: first, through: last),
            holidays: try store.holidayNames(from: first, through: last),
            leave: try store.leave(employeeID: employee.id, from: first, through: last),
            correctedDates: try store.correctedDates(employeeID: employee.id, from: first, through: last))
    }

    /// One date of one employee, evaluated at `now` with everything the calendar reads for it:
    /// its punches, holiday, leave and corrections.
    public static func day(
        _ date: AttendanceDate, of employee: Employee, policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> DayEvaluation {
        let engine = StatusEngine(employee: employee, policy: policy, now: now)
        return engine.evaluate(
            date, punches: try store.punches(employeeID: employee.id, from: date, through: date),
            holiday: try store.holidayNames(from: date, through: date)[date],
            leave: try store.leave(employeeID: employee.id, from: date, through: date)[date],
            isCorrected: try store.correctedDates(employeeID: employee.id, from: date, through: date).contains(date))
    }

    /// The dates of `employee` that are M (missing mark-out) and that a correction can still reach
    /// without `--force` (within `edit_window_days` of today), latest first: the same evaluation as
    /// `attendance missing` and the calendars.
    public static func missingMarkOuts(
        of employee: Employee, policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> [AttendanceDate] {
        let today = employee.policy(from: policy).attendanceDate(of: now)
        let first = today.adding(days: -policy.editWindowDays)
        var dates: [AttendanceDate] = []
        var shown = first.yearMonth
        while shown <= today.yearMonth {
            dates += try month(shown, of: employee, policy: policy, now: now, store: store).days
                .filter { $0.status == .missing && $0.date >= first }.map(\.date)
            shown = shown.next
        }
        return dates.reversed()
    }

    /// How many employees' punches a register holds at once.
    public static let registerGroup = 1_000

    /// Everyone employed in `month`, evaluated at `now`.
    ///
    /// The month's leave, corrections and holidays are read once; the employees' punches in
    /// chunks of `group` employees by id, each chunk's let go once its rows are made, so a large
    /// office's register holds about ``registerGroup`` employees' punches at a time, never the
    /// whole month's. Rows stay in the order of `store.employees()`; the rules are the core's
    /// (`MonthRegister.Builder`).
    public static func register(
        _ month: YearMonth, policy: Policy, now: Date, store: AttendanceStore, group: Int = registerGroup
    ) throws(StoreError) -> MonthRegister {
        try register(DatePeriod(month), policy: policy, now: now, store: store, group: group)
    }

    /// Everyone employed in `period` (a month, or a payroll period), evaluated at `now`, as
    /// ``register(_:policy:now:store:group:)-(YearMonth,_,_,_,_)`` a month.
    public static func register(
        _ period: DatePeriod, policy: Policy, now: Date, store: AttendanceStore, group: Int = registerGroup,
        department: Department? = nil
    ) throws(StoreError) -> MonthRegister {
        let (first, last) = (period.first, period.last)
        let leave = try store.leaveByEmployee(from: first, through: last)
        let corrected = try store.correctedDates(from: first, through: last)
        var builder = MonthRegister.Builder(
            period: period, policy: policy, now: now, holidays: try store.holidayNames(from: first, through: last))
        let employed = try store.employees().enumerated().filter { entry in
            MonthRegister.isEmployed(entry.element, in: period)
                && department.map { entry.element.department?.isSame(as: $0) ?? false } ?? true
        }
        let byID = employed.sorted { $0.element.id < $1.element.id }
        for start in stride(from: 0, to: byID.count, by: max(1, group)) {
            let members = byID[start..<min(start + max(1, group), byID.count)]
            guard let low = members.first?.element.id, let high = members.last?.element.id else { continue }
            let punches = try store.punchesByEmployee(
                from: first, through: last, employeeIDs: members.count < byID.count ? low...high : nil,
                details: .omitted)
            for (position, employee) in members {
                builder.add(
                    employee, punches: punches[employee.id] ?? [], leave: leave[employee.id] ?? [:],
                    correctedDates: corrected[employee.id] ?? [], position: position)
            }
        }
        return builder.register
    }

    /// The week holding `date` (weeks start on `policy.weekStarts`) for each of `employees`
    /// employed in it, in the order given.
    public static func week(
        of date: AttendanceDate, employees: [Employee], policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> [(employee: Employee, hours: WeekHours)] {
        let first = date.startOfWeek(policy.weekStarts)
        let last = first.adding(days: 6)
        let punches = try store.punchesByEmployee(from: first, through: last, details: .omitted)
        let holidays = try store.holidayNames(from: first, through: last)
        let leave = try store.leaveByEmployee(from: first, through: last)
        let corrected = try store.correctedDates(from: first, through: last)
        return employees.filter { employee in
            first.dates(through: last).contains(where: employee.isEmployed(on:))
        }.map { employee in
            let engine = StatusEngine(employee: employee, policy: policy, now: now)
            let hours = engine.evaluate(
                weekStarting: first, punches: punches[employee.id] ?? [], holidays: holidays,
                leave: leave[employee.id] ?? [:], correctedDates: corrected[employee.id] ?? [])
            return (employee, hours)
        }
    }
}

extension Reports {
    /// The week holding `date`: its first date (`week_starts`) and the hours of everyone employed
    /// that week, or of `department` alone (refused as ``department(_:store:)`` refuses it).
    public static func week(
        of date: AttendanceDate, department: Department?, policy: Policy, now: Date, store: AttendanceStore
    ) throws -> (firstDay: AttendanceDate, rows: [(employee: Employee, hours: WeekHours)]) {
        var employees = try store.employees()
        if let department {
            let only = try Self.department(department, among: employees)
            employees = employees.filter { $0.department == only }
        }
        return (
            date.startOfWeek(policy.weekStarts),
            try week(of: date, employees: employees, policy: policy, now: now, store: store)
        )
    }
}

extension Reports {
    /// The departments the employees are in, each once (in any case, as the first employee to
    /// have it writes it), sorted.
    public static func departments(store: AttendanceStore) throws(StoreError) -> [Department] {
        departments(of: try store.employees())
    }

    private static func departments(of employees: [Employee]) -> [Department] {
        var known: [String: Department] = [:]
        for department in employees.compactMap(\.department) {
            known[department.rawValue.lowercased()] = known[department.rawValue.lowercased()] ?? department
        }
        return known.values.sorted { $0.rawValue < $1.rawValue }
    }

    /// The department called `name` (in any case) as the employees have it; refused, naming the
    /// departments there are, when no employee has it: a register of nobody would look like one
    /// of a department where nobody came.
    public static func department(_ name: Department, store: AttendanceStore) throws -> Department {
        try department(name, among: try store.employees())
    }

    private static func department(_ name: Department, among employees: [Employee]) throws -> Department {
        let known = departments(of: employees)
        if let found = known.first(where: { $0.rawValue.lowercased() == name.rawValue.lowercased() }) { return found }
        let names = known.map(\.rawValue)
        let department = name.rawValue.quotedForMessage
        throw AppFailure { words in
            names.isEmpty
                ? words.tr(
                    "no employee is in the department {department}; no employee has a department yet (employee edit CODE --department NAME)",
                    ["department": department])
                : words.tr(
                    "no employee is in the department {department}; the departments are {departments}",
                    ["department": department, "departments": names.joined(separator: ", ")])
        }
    }
}

extension Reports {
    /// The employee with `code` (in any case), or the store's refusal naming the code.
    public static func employee(_ code: EmployeeCode, store: AttendanceStore) throws(StoreError) -> Employee {
        guard let employee = try store.employee(code: code.rawValue) else {
            throw StoreError.unknownEmployee(code.rawValue)
        }
        return employee
    }
}

extension Reports {
    /// Every employee, in the order of the employee list.
    public static func employees(store: AttendanceStore) throws(StoreError) -> [Employee] { try store.employees() }
}

extension Reports {
    /// One employee's punches of one date, voided ones too, each with its corrections: what a
    /// manager corrects from.
    public static func punchHistories(
        of employee: Employee, on date: AttendanceDate, store: AttendanceStore
    ) throws(StoreError) -> [PunchHistory] {
        try store.punchHistories(employeeID: employee.id, from: date, through: date)
    }
}

extension Reports {
    /// The audit log, newest last: for one employee, changes made in one month (in `zone`'s
    /// local time), or all.
    public static func audit(
        employee code: EmployeeCode?, month: YearMonth?, zone: LocalZone, store: AttendanceStore
    ) throws(StoreError) -> [AuditEntry] {
        let midnight = WallClockTime.midnight
        let start = month.map { zone.instant(on: $0.firstDay, at: midnight) }
        let end = month.map { zone.instant(on: $0.next.firstDay, at: midnight) }
        return try store.auditLog(employee: code, from: start, to: end)
    }
}
