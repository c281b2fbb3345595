import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation
import Synchronization

/// Reading what calendars, registers and summaries are drawn from, and drawing them: shared by
/// the `calendar`, `register` and `summary` commands, the kiosk's "my calendar" screen and the
/// benchmarks.
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

    /// How many employees' punches a register holds at once.
    public static let registerGroup = 1_000

    /// How many cores a register is read and evaluated on: all of them, at most four.
    public static let registerParts = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Everyone employed in `month`, evaluated at `now`.
    ///
    /// The employees are taken by id in chunks, four for each of `parts` (by default one per
    /// core once there are a few hundred employees), each read in one query and evaluated into
    /// rows on whichever core is free. Each thread reads through a connection of its own:
    /// `store`, or a reading copy of it (``AttendanceStore/readingCopy()``). A chunk's punches are let go once
    /// its rows are made, so a large office's register holds about ``registerGroup`` employees'
    /// punches at a time, never the whole month's. Rows stay in the order of `store.employees()`;
    /// the rules are the core's (`MonthRegister.Builder`), whatever the split.
    public static func register(
        _ month: YearMonth, policy: Policy, now: Date, store: AttendanceStore, group: Int = registerGroup,
        parts: Int? = nil
    )
        throws(StoreError) -> MonthRegister
    {
        let (first, last) = (month.firstDay, month.lastDay)
        // The employees, and the month's leave, corrections and holidays, side by side; the
        // second connection then reads punches too.
        let ((leave, corrected, holidays, copy), employees) = try onTwoThreads(
            { () throws(StoreError) in
                let reader = try store.readingCopy()
                return (
                    try reader.leaveByEmployee(from: first, through: last),
                    try reader.correctedDates(from: first, through: last),
                    try reader.holidayNames(from: first, through: last), reader
                )
            }, { () throws(StoreError) in try store.employees() })
        let empty = MonthRegister.Builder(month: month, policy: policy, now: now, holidays: holidays)
        let employed = employees.enumerated().filter { MonthRegister.isEmployed($0.element, in: month) }
        let byID = employed.sorted { $0.element.id < $1.element.id }
        // A thread is worth its start only for a few hundred employees. Four chunks a thread
        // keep the cores busy to the end even when some employees have more punches.
        let threads = max(1, min(parts ?? min(registerParts, byID.count / 200), byID.count))
        let chunk = max(1, min(group / threads, (byID.count + 4 * threads - 1) / (4 * threads)))
        let chunks = stride(from: 0, to: byID.count, by: chunk).map { byID[$0..<min($0 + chunk, byID.count)] }
        let readers = Mutex<[AttendanceStore]>([copy, store])
        let built = Mutex<[Int: Result<MonthRegister.Builder, StoreError>]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            let result = Result { () throws(StoreError) -> MonthRegister.Builder in
                let reader: AttendanceStore
                if let free = readers.withLock({ $0.popLast() }) {
                    reader = free
                } else {
                    reader = try store.readingCopy()
                }
                defer { readers.withLock { $0.append(reader) } }
                let members = chunks[index]
                let ids = members.first!.element.id...members.last!.element.id
                let punches = try reader.punchesByEmployee(
                    from: first, through: last, employeeIDs: chunks.count > 1 ? ids : nil, details: .omitted)
                var builder = empty
                for (position, employee) in members {
                    builder.add(
                        employee, punches: punches[employee.id] ?? [], leave: leave[employee.id] ?? [:],
                        correctedDates: corrected[employee.id] ?? [], position: position)
                }
                return builder
            }
            built.withLock { $0[index] = result }
        }
        var builder = empty
        for (_, result) in built.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { builder.absorb(try result.get()) }
        return builder.register
    }

    /// `first` on another thread while `second` runs on this one; the first error either throws.
    static func onTwoThreads<A: Sendable, B: Sendable>(
        _ first: @Sendable () throws(StoreError) -> A, _ second: @Sendable () throws(StoreError) -> B
    ) throws(StoreError) -> (A, B) {
        let firstResult = Mutex<Result<A, StoreError>?>(nil)
        let secondResult = Mutex<Result<B, StoreError>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let result = Result { () throws(StoreError) in try first() }
                firstResult.withLock { $0 = result }
            } else {
                let result = Result { () throws(StoreError) in try second() }
                secondResult.withLock { $0 = result }
            }
        }
        return (try firstResult.withLock { $0! }.get(), try secondResult.withLock { $0! }.get())
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

    // MARK: - Drawing

    /// The calendar view of one employee's month, as `attendance calendar` shows it.
    ///
    /// - Parameter flaggedLimit: list at most this many flagged days (the kiosk's screen has
    ///   room for a few); nil lists them all.
    public static func calendar(
        of employee: Employee, month: YearMonth, configuration: Configuration, now: Date, store: AttendanceStore,
        width: Int = 80, flaggedLimit: Int? = nil
    ) throws(StoreError) -> StyledText {
        let policy = configuration.policy
        let evaluation = try Self.month(month, of: employee, policy: policy, now: now, store: store)
        return CalendarView(
            employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone,
            flaggedLimit: flaggedLimit
        ).render(width: width)
    }

    /// The register of `month` as plain text pages, as it is printed.
    public static func registerPages(
        _ month: YearMonth, configuration: Configuration, now: Date, store: AttendanceStore, employeesPerPage: Int
    ) throws(StoreError) -> [String] {
        let register = try Self.register(month, policy: configuration.policy, now: now, store: store)
        return registerView(register, configuration: configuration, now: now, employeesPerPage: employeesPerPage)
            .pages.map(\.plainText)
    }

    static func registerView(
        _ register: MonthRegister, configuration: Configuration, now: Date, employeesPerPage: Int,
        history: (records: Int, hash: [UInt8])? = nil
    ) -> RegisterView {
        let local = configuration.policy.zone.localDateTime(of: now)
        return RegisterView(
            register: register, officeName: configuration.kiosk.officeName, employeesPerPage: employeesPerPage,
            asOf: "\(local.date) \(local.time)", history: history.map { ($0.hash.hexText, $0.records) })
    }
}
