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
    /// False once deactivated: they can no longer mark in or out.
    public var isActive: Bool
    /// Whether a PIN is set for them.
    public var hasPIN: Bool

    public init(
        id: Int64, code: EmployeeCode, name: PersonName, startDate: AttendanceDate? = nil,
        endDate: AttendanceDate? = nil, shiftStart: WallClockTime? = nil, shiftEnd: WallClockTime? = nil,
        isActive: Bool = true, hasPIN: Bool = false
    ) {
        self.id = id
        self.code = code
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.shiftStart = shiftStart
        self.shiftEnd = shiftEnd
        self.isActive = isActive
        self.hasPIN = hasPIN
    }

    /// Whether `date` lies within their employment.
    public func isEmployed(on date: AttendanceDate) -> Bool {
        if let startDate, date < startDate { return false }
        if let endDate, date > endDate { return false }
        return true
    }

    /// The policy with their own shift applied.
    public func policy(from policy: Policy) -> Policy {
        policy.applying(shiftStart: shiftStart, shiftEnd: shiftEnd)
    }
}
