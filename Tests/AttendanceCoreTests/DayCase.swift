import Foundation
import Testing

@testable import AttendanceCore

/// One row of a status table: a date's inputs and exactly what the rules must conclude.
///
/// Dates default to Monday 2026-03-02 evaluated at Tuesday 2026-03-10 12:00 (Europe/Berlin), so a
/// date is over unless a row says otherwise; the policy is docs/rules.md's defaults unless changed.
struct DayCase: Sendable, CustomTestStringConvertible {
    let name: String
    var date = "2026-03-02"
    var now = "2026-03-10 12:00"
    var punches: [String] = []
    var holiday: String?
    var leave: LeaveKind?
    var corrected = false
    var employed: (from: String?, to: String?) = (nil, nil)
    var shift: (String, String)?
    var policy: @Sendable (inout Policy) -> Void = { _ in }
    var zone = Fixture.berlin

    let status: DayStatus
    var flags: DayFlags = []
    var provisional: DayStatus?
    /// Worked minutes, checked when given.
    var worked: Double?
    /// Minutes late, checked when given; when not, none on a day whose expected flags are not late.
    var minutesLate: Int?

    init(
        _ name: String, date: String = "2026-03-02", now: String = "2026-03-10 12:00", punches: [String] = [],
        holiday: String? = nil, leave: LeaveKind? = nil, corrected: Bool = false,
        employed: (from: String?, to: String?) = (nil, nil), shift: (String, String)? = nil,
        zone: LocalZone = Fixture.berlin, policy: @escaping @Sendable (inout Policy) -> Void = { _ in },
        _ status: DayStatus, flags: DayFlags = [], provisional: DayStatus? = nil, worked: Double? = nil,
        minutesLate: Int? = nil
    ) {
        self.name = name
        self.date = date
        self.now = now
        self.punches = punches
        self.holiday = holiday
        self.leave = leave
        self.corrected = corrected
        self.employed = employed
        self.shift = shift
        self.zone = zone
        self.policy = policy
        self.status = status
        self.flags = flags
        self.provisional = provisional
        self.worked = worked
        self.minutesLate = minutesLate
    }

    var testDescription: String { name }

    func evaluate() -> DayEvaluation {
        let engine = StatusEngine(
            employee: Fixture.employee(from: employed.from, to: employed.to, shift: shift),
            policy: Fixture.policy(zone: zone, policy), now: Fixture.instant(now, in: zone))
        return engine.evaluate(
            Fixture.date(date), punches: Fixture.punches(punches, on: date, policy: engine.policy),
            holiday: holiday, leave: leave.map { Leave($0) }, isCorrected: corrected)
    }

    /// Checks every expectation of the row.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let result = evaluate()
        #expect(result.status == status, sourceLocation: sourceLocation)
        #expect(result.flags == flags, "flags \(result.flags) ≠ \(flags)", sourceLocation: sourceLocation)
        #expect(result.provisionalStatus == provisional, sourceLocation: sourceLocation)
        if let worked { #expect(result.workedSeconds == worked * 60, sourceLocation: sourceLocation) }
        if let minutesLate {
            #expect(result.minutesLate == minutesLate, sourceLocation: sourceLocation)
        } else if !flags.contains(.late) {
            // Minutes late are only counted on a day flagged late.
            #expect(
                result.minutesLate == nil, "\(result.minutesLate ?? 0) minutes late", sourceLocation: sourceLocation)
        }
    }
}
