/// A person who marks attendance. Employees are never deleted: deactivation sets an end date.
public struct Employee: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var code: EmployeeCode
    public var name: PersonName
    /// The first date they are employed (nil: always). Dates before it show "–".
    public var startDate: AttendanceDate?
    /// The last date they are employed (nil: still employed). Dates after it show "–".
    public var endDate: AttendanceDate?
    /// Their own shift, overriding the policy's when set.
    public var shiftStart: WallClockTime?
    public var shiftEnd: WallClockTime?
    /// False once deactivated with a last date already reached: they no longer mark in or out,
    /// even on that last date. A last date still to come is a notice and leaves this true; a new
    /// last date to come, or none, makes it true again (``withLastDate(_:today:)``).
    public var isActive: Bool
    /// Whether a PIN is set for them.
    public var hasPIN: Bool
    /// Whether their code is locked after too many wrong PINs, until a manager unlocks it.
    public var isPINLocked: Bool
    /// Whether their PIN was handed out on a slip (`employee pins`) rather than set for them since.
    public var hasOneTimePIN = false
    /// The language the kiosk speaks to them; nil: the office's.
    public var language: Language?
    /// Their department, to filter and group the register by; nil: none.
    public var department: Department?

    public init(
        id: Int64, code: EmployeeCode, name: PersonName, startDate: AttendanceDate? = nil,
        endDate: AttendanceDate? = nil, shiftStart: WallClockTime? = nil, shiftEnd: WallClockTime? = nil,
        isActive: Bool = true, hasPIN: Bool = false, isPINLocked: Bool = false, language: Language? = nil,
        department: Department? = nil
    ) {
        self.language = language
        self.department = department
        self.id = id
        self.code = code
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.shiftStart = shiftStart
        self.shiftEnd = shiftEnd
        self.isActive = isActive
        self.hasPIN = hasPIN
        self.isPINLocked = isPINLocked
    }

    /// Whether `date` lies within their employment.
    public func isEmployed(on date: AttendanceDate) -> Bool {
        if let startDate, date < startDate { return false }
        if let endDate, date > endDate { return false }
        return true
    }

    /// Where their employment stands on `today` (their attendance date now).
    public func employment(on today: AttendanceDate) -> Employment {
        if let startDate, today < startDate { return .starts(startDate) }
        if !isActive || endDate.map({ today > $0 }) == true { return .left(endDate) }
        return endDate.map(Employment.leaves) ?? .employed
    }

    /// When they are employed, in words: "employed from 2026-12-01", "employed 2026-01-01 to
    /// 2026-10-31", "employed until 2026-10-31".
    public var employedText: String {
        switch (startDate, endDate) {
        case (let start?, let end?): "employed \(start) to \(end)"
        case (let start?, nil): "employed from \(start)"
        case (nil, let end?): "employed until \(end)"
        case (nil, nil): "employed throughout"
        }
    }

    /// Refuses `what` (a punch, leave) on `dates` outside their employment: there it would show
    /// "–" and count nothing, and an import of the same would be refused.
    public func requireEmployed(on dates: [AttendanceDate], for what: String) throws(EmploymentError) {
        let outside = Set(dates.filter { !isEmployed(on: $0) }).sorted()
        guard outside.isEmpty else {
            throw .outsideEmployment(code: code, dates: outside, employed: employedText, what: what)
        }
    }

    /// Deactivated with `lastDate` as their last date, on `today`: a last date still to come is a
    /// notice, and they mark until it; one today or earlier ends their marking now. Deactivating
    /// someone already deactivated is refused: their last date changes with an edit, on purpose.
    public func deactivated(lastDate: AttendanceDate, today: AttendanceDate) throws(EmploymentError) -> Employee {
        guard isActive else { throw .alreadyDeactivated(code: code, lastDate: endDate) }
        var changed = self
        changed.endDate = lastDate
        changed.isActive = lastDate > today
        return changed
    }

    /// With `lastDate` (nil: none) as their last date, on `today`. No last date, or one still to
    /// come, makes them active again: that is how someone deactivated by mistake, or re-hired,
    /// comes back. A last date today or earlier leaves them as they were.
    public func withLastDate(_ lastDate: AttendanceDate?, today: AttendanceDate) -> Employee {
        var changed = self
        changed.endDate = lastDate
        if lastDate.map({ $0 > today }) ?? true { changed.isActive = true }
        return changed
    }

    /// The policy with their own shift applied.
    public func policy(from policy: Policy) -> Policy {
        policy.applying(shiftStart: shiftStart, shiftEnd: shiftEnd)
    }
}

/// Where an employee's employment stands on a date: what the kiosk and the lists go by.
public enum Employment: Equatable, Sendable {
    /// Not yet: their first date is later.
    case starts(AttendanceDate)
    /// Employed, with no last date.
    case employed
    /// Employed until this last date, that date included (a notice).
    case leaves(AttendanceDate)
    /// Gone: past their last date, or deactivated (nil: deactivated before last dates were kept).
    case left(AttendanceDate?)

    /// Whether they may mark in and out.
    public var mayMark: Bool {
        switch self {
        case .employed, .leaves: true
        case .starts, .left: false
        }
    }
}
