import AttendanceCore
import AttendanceStore
import Foundation

/// Corrections employees ask for at the kiosk, and the manager's answers, for every front-end.
///
/// A request counts for nothing until it is approved; approving makes the ordinary correction
/// (``Corrections``' rules, audit and edit window), so nothing is decided twice.
public enum AskedCorrections {
    /// Why a request cannot be taken as asked; each front-end words it.
    public enum Refusal: Error, Sendable, Equatable {
        case reasonMissing
        /// Filler rather than a reason ("reason", "…").
        case reasonPlaceholder
        /// Control characters, or too long.
        case reasonInvalid
        /// The date is after today, or before the edit window.
        case dateOutOfReach
        /// The time they left has not come yet.
        case leftInFuture
        /// A request for that date is already waiting.
        case alreadyWaiting
    }

    /// The longest reason the kiosk takes: the correction's reason quotes it whole.
    public static let reasonLimit = 200

    /// Stores a waiting request from `employee`: they left at `leftAt` on `date`, because `reason`.
    public static func ask(
        _ employee: Employee, date: AttendanceDate, leftAt: WallClockTime, reason text: String, policy global: Policy,
        now: Date, store: AttendanceStore
    ) throws -> AskedCorrection {
        let reason: String
        do {
            reason = try CorrectionText.reason(text)
        } catch .reasonRequired {
            throw Refusal.reasonMissing
        } catch .placeholderReason {
            throw Refusal.reasonPlaceholder
        } catch {
            throw Refusal.reasonInvalid
        }
        guard reason.count <= reasonLimit else { throw Refusal.reasonInvalid }
        let policy = employee.policy(from: global)
        let today = policy.attendanceDate(of: now)
        guard date <= today, date >= earliestDate(for: employee, today: today, policy: global) else {
            throw Refusal.dateOutOfReach
        }
        guard policy.instant(leavingAt: leftAt, on: date) <= now else { throw Refusal.leftInFuture }
        guard try store.askedCorrections(state: .waiting, employeeID: employee.id).allSatisfy({ $0.date != date })
        else { throw Refusal.alreadyWaiting }
        return try store.ask(employeeID: employee.id, date: date, leftAt: leftAt, reason: reason)
    }

    /// The first date `employee` can ask about on `today`: the edit window's first, or their first
    /// day when they started since (a correction before it would be refused).
    public static func earliestDate(for employee: Employee, today: AttendanceDate, policy: Policy) -> AttendanceDate {
        let window = today.adding(days: -policy.editWindowDays)
        return employee.startDate.map { max(window, $0) } ?? window
    }

    /// The day a new request starts on: the person's latest missing mark-out still in reach
    /// (`missing`, latest first, as ``Reports/missingMarkOuts(of:policy:now:store:)`` lists them),
    /// else their latest day before `today` in reach that is neither a weekly off nor a holiday,
    /// else `today`. Nobody forgets to mark out on a day nobody works.
    public static func firstDateToAsk(
        for employee: Employee, missing: [AttendanceDate], today: AttendanceDate, policy: Policy,
        store: AttendanceStore
    ) throws(StoreError) -> AttendanceDate {
        let earliest = earliestDate(for: employee, today: today, policy: policy)
        if let latest = missing.first(where: { $0 >= earliest && $0 <= today }) { return latest }
        let yesterday = today.adding(days: -1)
        guard earliest <= yesterday else { return today }
        let holidays = try store.holidayNames(from: earliest, through: yesterday)
        let own = employee.policy(from: policy)
        var date = yesterday
        while date >= earliest {
            if own.isWorkingDay(date), holidays[date] == nil { return date }
            date = date.adding(days: -1)
        }
        return today
    }

    /// Every waiting request, oldest date first.
    public static func waiting(store: AttendanceStore) throws(StoreError) -> [AskedCorrection] {
        try store.askedCorrections(state: .waiting)
    }

    /// The correction approving `asked` makes, as the date's punches stand: the date's open
    /// session marked out at the time given, else its last OUT re-timed to it.
    public static func correction(
        for asked: AskedCorrection, policy: Policy, now: Date, store: AttendanceStore
    ) throws -> CorrectionRequest {
        let own = asked.employee.policy(from: policy)
        let instant = own.instant(leavingAt: asked.leftAt, on: asked.date)
        let sessions = try Reports.day(asked.date, of: asked.employee, policy: policy, now: now, store: store).sessions
        if sessions.contains(where: \.isOpen) {
            return .add(employee: asked.employee.code, kind: .out, at: instant, note: nil)
        }
        guard let out = sessions.last?.outPunch else {
            let values = ["code": asked.employee.code.rawValue, "date": asked.date.description]
            throw AppFailure { words in
                words.tr(
                    "{code} has no punch on {date} to mark out or re-time; refuse the request, or enter the day with `attendance punch add`",
                    values)
            }
        }
        return .retime(punchID: out.id, to: instant)
    }

    /// Approves request `id`: its correction is made and the request answered, or neither.
    /// `note` is shown to the employee with the approval.
    public static func approve(
        _ id: Int64, note: String?, actor: String, force: Bool, policy: Policy, now: Date, store: AttendanceStore
    ) throws -> CorrectionResult {
        let asked = try store.askedCorrection(id: id)
        guard asked.state == .waiting else { throw StoreError.requestAnswered(id, state: asked.state.rawValue) }
        let note = try CorrectionText.note(note)
        let outcome = try store.approve(
            askedCorrection: id, making: try correction(for: asked, policy: policy, now: now, store: store),
            reason: "asked at the kiosk: \(asked.reason)", answer: note, actor: actor, force: force, policy: policy,
            now: now)
        return try Corrections.result(of: outcome, policy: policy, now: now, store: store)
    }

    /// Refuses request `id`, telling the employee `answer` (required, as a correction's reason is).
    public static func refuse(_ id: Int64, answer: String?, actor: String, store: AttendanceStore) throws {
        let answer = try CorrectionText.reason(answer)
        try store.refuse(askedCorrection: id, answer: answer, actor: actor)
    }

    /// The answers `employee` has not seen yet, noted as seen: their next visit shows each once.
    public static func answersToShow(
        _ employee: Employee, store: AttendanceStore
    ) throws(StoreError)
        -> [AskedCorrection]
    {
        let answers = try store.answersNotSeen(employeeID: employee.id)
        try store.markAnswersSeen(answers.map(\.id))
        return answers
    }
}
