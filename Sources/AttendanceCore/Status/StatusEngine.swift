import Foundation

/// The status rules of docs/rules.md for one employee, as seen at one moment (`now`).
///
/// The engine is pure: the current instant is passed in, never read from the system clock.
/// "Today" is the attendance date of `now`; a date before it is over.
///
/// ## Half-day leave
/// docs/rules.md "Half-day leave": rules 1–2 and 4–8 apply as on any date (no punches on a
/// holiday is still H; pending, IN, M and A still happen), and where rules 9–11 would give HD, L
/// or P the status is **HD**, flagged `halfDayLeave`. The late and early-exit flags are not
/// raised on such a date because the leave may be either half of the shift; IN shows HD as its
/// provisional status. ``MonthSummary`` counts such a date as 0.5 LV plus its other half.
public struct StatusEngine: Sendable {
    public let employee: Employee
    /// The policy with the employee's own shift applied.
    public let policy: Policy
    /// The current instant.
    public let now: Date
    /// The attendance date of `now`.
    public let today: AttendanceDate

    /// The rules for `employee` under `policy` (their own shift overriding it) at `now`.
    public init(employee: Employee, policy: Policy, now: Date) {
        self.employee = employee
        self.policy = employee.policy(from: policy)
        self.now = now
        today = policy.attendanceDate(of: now)
    }

    /// Evaluates attendance date `date`.
    ///
    /// - Parameters:
    ///   - punches: the employee's accepted punches of `date` (voided ones left out), any order.
    ///   - holiday: the holiday's name when `date` is in the holiday list.
    ///   - leave: the leave recorded for `date`.
    ///   - isCorrected: whether a manager corrected a punch of `date`.
    public func evaluate(
        _ date: AttendanceDate, punches: [Punch], holiday: String? = nil, leave: Leave? = nil,
        isCorrected: Bool = false
    ) -> DayEvaluation {
        evaluate(
            date, punches: punches, holiday: holiday, leave: leave, isCorrected: isCorrected,
            shift: policy.shiftTimes(on: date), isWorkingDay: policy.isWorkingDay(date))
    }

    /// As above, with the date's shift instants and working-day status already worked out (a
    /// month's at once, see ``MonthShifts``), which is what makes a register of thousands of
    /// employees cheap.
    func evaluate(
        _ date: AttendanceDate, punches: [Punch], holiday: String?, leave recorded: Leave?, isCorrected: Bool,
        shift: ShiftTimes, isWorkingDay: Bool
    ) -> DayEvaluation {
        let day = policy.pairing(punches)
        let isToday = date == today
        let isOver = date < today
        var flags: DayFlags = isCorrected ? .corrected : []
        let leave = recorded?.kind
        let leaveType = recorded.map { policy.leaveTypes.type(named: $0.type) }

        func result(
            _ status: DayStatus, provisional: DayStatus? = nil, worked: TimeInterval? = nil, minutesLate: Int? = nil
        ) -> DayEvaluation {
            DayEvaluation(
                date: date, status: status, provisionalStatus: provisional, flags: flags, punches: day,
                workedSeconds: worked ?? day.workedSeconds, minutesLate: minutesLate, holidayName: holiday,
                leave: leave, leaveType: leaveType, isWorkingDay: isWorkingDay, isToday: isToday, isOver: isOver,
                shift: shift)
        }

        // 1. Not employed, 2. future: nothing else about the date matters.
        guard employee.isEmployed(on: date) else { return result(.notEmployed, worked: 0) }
        guard date <= today else { return result(.future, worked: 0) }

        // Irregular punches are worth a manager's look whatever the status turns out to be.
        if day.hasSessionOverMax { flags.insert(.overMaxSession) }
        if day.hasUnpairedPunch { flags.insert(.unpairedPunch) }
        if day.clockWentBack { flags.insert(.clockWentBack) }
        if day.clockOff { flags.insert(.clockOff) }
        if isOver ? day.hasOpenSession : day.hasSessionLeftOpen { flags.insert(.missingMarkOut) }

        // 3. Leave.
        if leave == .full { return result(.leave) }
        let isHalfDayLeave = leave == .half
        if isHalfDayLeave { flags.insert(.halfDayLeave) }

        // 4. Holiday / weekly off without punches; with punches, rules 6–11 decide, but nobody
        // was expected at a shift time: no L, no late or early-exit flag.
        let isDayOff = holiday != nil || !isWorkingDay
        if isDayOff {
            if day.punches.isEmpty { return result(holiday != nil ? .holiday : .weeklyOff) }
            flags.insert(.workedOnHoliday)
        }

        // 5. Pending.
        if isToday, day.punches.isEmpty, now < shift.pendingUntil { return result(.pending) }

        let isLate = !isHalfDayLeave && !isDayOff && (day.firstIn.map(shift.isLate(firstIn:)) ?? false)
        let minutesLate = isLate ? day.firstIn.map(shift.minutesLate(firstIn:)) : nil

        // 6. In, with what the date would be if it ended now.
        if isToday, let openFor = day.openSessionLength(until: now) {
            if isLate { flags.insert(.late) }
            if openFor > day.maxSessionSeconds { flags.insert(.overMaxSession) }
            let provisional: DayStatus = isHalfDayLeave ? .halfDay : isLate ? .late : .present
            return result(
                .in, provisional: provisional, worked: day.workedSeconds(until: now), minutesLate: minutesLate)
        }

        // 7. Missing mark-out.
        if isOver, day.hasOpenSession || day.hasSessionOverMax { return result(.missing) }

        // 8. Absent. Without punches this is a working date (rule 4 took the others) that is over
        // or past pending (rule 5 took the rest).
        let worked = day.workedSeconds
        if day.punches.isEmpty { return result(.absent) }
        if policy.absentBelowHours > 0, worked < policy.absentBelowHours * 3600 { return result(.absent) }

        // From here the date counts as attended, so the attendance flags apply.
        if isLate { flags.insert(.late) }
        if !isHalfDayLeave, !isDayOff, let lastOut = day.lastOut, shift.isEarlyExit(lastOut: lastOut) {
            flags.insert(.earlyExit)
        }

        // 9. Half day (always, on a half-day leave).
        if isHalfDayLeave || worked < policy.halfDayBelowHours * 3600 {
            return result(.halfDay, minutesLate: minutesLate)
        }
        // 10. Late, 11. present.
        return result(isLate ? .late : .present, minutesLate: minutesLate)
    }
}
