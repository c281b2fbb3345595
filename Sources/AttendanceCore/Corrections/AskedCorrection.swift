import Foundation

/// A correction an employee asked for at the kiosk: "I left at 18:00 on Tue 24", with why.
///
/// It changes nothing and counts for nothing in any status until a manager answers it: approving
/// makes the ordinary correction (a manual OUT, or the date's last OUT re-timed), refusing says why.
public struct AskedCorrection: Sendable, Hashable, Identifiable {
    /// Where a request stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        case waiting, approved, refused
    }

    public var id: Int64
    public var employee: Employee
    /// The attendance date the person means.
    public var date: AttendanceDate
    /// When they say they left, as the wall-clock time they saw.
    public var leftAt: WallClockTime
    /// The person's own words.
    public var reason: String
    public var askedAt: Date
    public var state: State
    public var decidedAt: Date?
    /// The manager who answered.
    public var decidedBy: String?
    /// The manager's words: why it was refused, or a note with the approval.
    public var answer: String?

    public init(
        id: Int64, employee: Employee, date: AttendanceDate, leftAt: WallClockTime, reason: String, askedAt: Date,
        state: State = .waiting, decidedAt: Date? = nil, decidedBy: String? = nil, answer: String? = nil
    ) {
        self.id = id
        self.employee = employee
        self.date = date
        self.leftAt = leftAt
        self.reason = reason
        self.askedAt = askedAt
        self.state = state
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
        self.answer = answer
    }
}
