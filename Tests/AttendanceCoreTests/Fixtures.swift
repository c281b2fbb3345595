import Foundation
import Testing

@testable import AttendanceCore

/// Builders for the tests: policies, dates, instants and punches from short strings.
///
/// Force unwraps are fine here: a malformed fixture is a broken test, and it should stop loudly.
enum Fixture {
    static let berlin = LocalZone(identifier: "Europe/Berlin")!
    static let newYork = LocalZone(identifier: "America/New_York")!

    /// The docs/rules.md defaults in Europe/Berlin (09:30–18:00, Mon–Fri, day change 04:00), changed by `change`.
    static func policy(zone: LocalZone = berlin, _ change: (inout Policy) -> Void = { _ in }) -> Policy {
        var policy = Policy(zone: zone)
        change(&policy)
        return policy
    }

    static let employee = Employee(id: 7, code: try! EmployeeCode(parsing: "E007"), name: PersonName(stored: "Ada"))

    static func employee(from start: String? = nil, to end: String? = nil, shift: (String, String)? = nil) -> Employee {
        var employee = employee
        employee.startDate = start.map(date)
        employee.endDate = end.map(date)
        if let shift {
            employee.shiftStart = time(shift.0)
            employee.shiftEnd = time(shift.1)
        }
        return employee
    }

    /// "2026-03-02"
    static func date(_ text: String) -> AttendanceDate { try! AttendanceDate(parsing: text) }

    /// "09:30"
    static func time(_ text: String) -> WallClockTime { try! WallClockTime(parsing: text) }

    /// "2026-03-02 09:05" or "2026-03-02 09:05:30", read on the wall clock of `zone`.
    static func instant(_ text: String, in zone: LocalZone = berlin) -> Date {
        let parts = text.split(separator: " ")
        let clock = parts[1].split(separator: ":")
        let seconds = clock.count == 3 ? Double(clock[2])! : 0
        let wall = time(String(clock[0]) + ":" + String(clock[1]))
        return zone.instant(on: date(String(parts[0])), at: wall).addingTimeInterval(seconds)
    }

    /// One punch at local `text` ("2026-03-02 09:05"), on the attendance date `policy` gives it.
    static func punch(
        _ kind: PunchKind, _ text: String, id: Int64 = 1, policy: Policy = policy(), source: PunchSource = .simulated
    ) -> Punch {
        let at = instant(text, in: policy.zone)
        return Punch(
            id: id, employeeID: employee.id, instant: at, zone: policy.zone.identifier,
            attendanceDate: policy.attendanceDate(of: at), kind: kind, source: source, createdAt: at)
    }

    /// Punches from "in 09:05", "out 18:00", "out 01:30+1" (the next calendar day) on `day`,
    /// with ids in the order given (the order they were recorded).
    static func punches(_ specs: [String], on day: String, policy: Policy = policy(), firstID: Int64 = 1) -> [Punch] {
        specs.enumerated().map { index, spec in
            let words = spec.split(separator: " ")
            let kind = PunchKind(rawValue: String(words[0]))!
            var clock = String(words[1])
            var calendarDay = date(day)
            if clock.hasSuffix("+1") {
                clock.removeLast(2)
                calendarDay = calendarDay.adding(days: 1)
            }
            return punch(kind, "\(calendarDay) \(clock)", id: firstID + Int64(index), policy: policy)
        }
    }
}
