/// A change to an employee's dates of employment, judged before it is saved (docs/rules.md
/// "Employment dates"): dates that cannot be are refused; dates that would hide work already
/// recorded are named and need the manager to insist.
public struct EmploymentChange: Sendable, Equatable {
    public let before: Employee
    public let after: Employee

    public init(before: Employee, after: Employee) {
        self.before = before
        self.after = after
    }

    /// The dates with recorded work that the new dates put outside employment (and the old ones
    /// did not), in order: those would show "–" and count nothing. `workDates` are the
    /// attendance dates of the employee's effective punches.
    public func hiddenWork(on workDates: some Sequence<AttendanceDate>) -> [AttendanceDate] {
        Set(workDates.filter { !Self.isEmployed($0, after) && Self.isEmployed($0, before) }).sorted()
    }

    /// Refuses what cannot be; with `force` false, also a change that hides recorded work. Returns
    /// the dates whose work a forced change hides (none otherwise).
    @discardableResult
    public func check(
        workDates: some Sequence<AttendanceDate>, force: Bool
    ) throws(EmploymentError) -> [AttendanceDate] {
        if let start = after.startDate, let end = after.endDate, end < start {
            throw .endsBeforeStart(code: after.code, start: start, end: end)
        }
        let hidden = hiddenWork(on: workDates)
        if !hidden.isEmpty && !force { throw .hidesRecordedWork(code: after.code, dates: hidden) }
        return hidden
    }

    private static func isEmployed(_ date: AttendanceDate, _ employee: Employee) -> Bool {
        (employee.startDate.map { date >= $0 } ?? true) && (employee.endDate.map { date <= $0 } ?? true)
    }
}

/// What ``EmploymentChange/check(workDates:force:)`` refuses.
public enum EmploymentError: WordedError, Equatable, Sendable {
    /// The last date of employment would come before the first.
    case endsBeforeStart(code: EmployeeCode, start: AttendanceDate, end: AttendanceDate)
    /// Dates with recorded work would fall outside employment.
    case hidesRecordedWork(code: EmployeeCode, dates: [AttendanceDate])
    /// Deactivated already: a second deactivation would quietly move their last date.
    case alreadyDeactivated(code: EmployeeCode, lastDate: AttendanceDate?)
    /// A punch or leave (`what`) on dates outside employment, where it would count nothing;
    /// `employed` says when they are employed.
    case outsideEmployment(code: EmployeeCode, dates: [AttendanceDate], employed: String, what: String)

    /// Up to ten dates, then how many more.
    private static func list(_ dates: [AttendanceDate], _ words: some Wording) -> String {
        let shown = dates.prefix(10).map(\.description).joined(separator: ", ")
        guard dates.count > 10 else { return shown }
        return words.tr("{dates} and {count} more", ["dates": shown, "count": "\(dates.count - 10)"])
    }

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .endsBeforeStart(let code, let start, let end):
            return words.tr(
                "{code}'s last date of employment ({end}) would come before their first ({start}); nothing was changed",
                ["code": code.rawValue, "end": end.description, "start": start.description])
        case .hidesRecordedWork(let code, let dates):
            return words.tr(
                "{code} has recorded work on {dates}, which the new dates would put outside employment (shown as \"–\", counted as nothing); nothing was changed — give --force to change them anyway (the audit log keeps the dates)",
                ["code": code.rawValue, "dates": Self.list(dates, words)])
        case .outsideEmployment(let code, let dates, let employed, let what):
            return words.tr(
                "{code} is not employed on {dates} ({employed}): {what} there would show \"–\" and count nothing; nothing was changed — if they worked then, change their dates first (attendance employee edit {code})",
                ["code": code.rawValue, "dates": Self.list(dates, words), "employed": employed, "what": what])
        case .alreadyDeactivated(let code, let lastDate):
            let values = ["code": code.rawValue]
            guard let lastDate else {
                return words.tr(
                    "{code} is deactivated already; nothing was changed — to change the last date: attendance employee edit {code} --end-date YYYY-MM-DD (none takes them back)",
                    values)
            }
            return words.tr(
                "{code} is deactivated already, last date {date}; nothing was changed — to change the last date: attendance employee edit {code} --end-date YYYY-MM-DD (none takes them back)",
                ["code": code.rawValue, "date": lastDate.description])
        }
    }
}
