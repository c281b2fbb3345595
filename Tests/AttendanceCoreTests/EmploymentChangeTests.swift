import AttendanceCore
import Testing

/// docs/rules.md "Employment dates": what a change of start or end date may do to recorded work.
@Suite("Employment dates")
struct EmploymentChangeTests {
    static func date(_ text: String) -> AttendanceDate { try! AttendanceDate(parsing: text) }

    static func employee(start: String?, end: String?) -> Employee {
        Employee(
            id: 1, code: try! EmployeeCode(parsing: "E001"), name: try! PersonName(parsing: "Asha"),
            startDate: start.map(date), endDate: end.map(date))
    }

    static let work = ["2026-11-03", "2026-11-03", "2026-11-17", "2026-11-18"].map(date)

    @Test(
        "hidden work is the dates with punches the change moves outside employment, each once, in order",
        arguments: [
            (nil, nil, "2026-11-18", nil, ["2026-11-03", "2026-11-17"]),
            ("2026-11-01", nil, "2026-11-01", "2026-11-17", ["2026-11-18"]),
            ("2026-11-01", nil, "2026-10-01", nil, []),
            ("2026-11-01", "2026-11-30", "2026-11-04", "2026-11-04", ["2026-11-03", "2026-11-17", "2026-11-18"]),
            // Work already outside employment is not hidden by the change.
            ("2026-11-10", nil, "2026-11-18", nil, ["2026-11-17"]),
        ] as [(String?, String?, String?, String?, [String])])
    func hidden(oldStart: String?, oldEnd: String?, newStart: String?, newEnd: String?, expected: [String]) {
        let change = EmploymentChange(
            before: Self.employee(start: oldStart, end: oldEnd), after: Self.employee(start: newStart, end: newEnd))
        #expect(change.hiddenWork(on: Self.work) == expected.map(Self.date))
        if expected.isEmpty {
            #expect(throws: Never.self) { try change.check(workDates: Self.work, force: false) }
        } else {
            let refusal = EmploymentError.hidesRecordedWork(
                code: try! EmployeeCode(parsing: "E001"), dates: expected.map(Self.date))
            #expect(throws: refusal) { try change.check(workDates: Self.work, force: false) }
        }
        #expect(throws: Never.self) { try change.check(workDates: Self.work, force: true) }
    }

    @Test("an end before the start is refused, forced or not; the same day is one day of employment")
    func endBeforeStart() throws {
        let change = EmploymentChange(
            before: Self.employee(start: "2026-11-20", end: nil),
            after: Self.employee(start: "2026-11-20", end: "2026-11-10"))
        for force in [false, true] {
            #expect(
                throws: EmploymentError.endsBeforeStart(
                    code: try EmployeeCode(parsing: "E001"), start: Self.date("2026-11-20"),
                    end: Self.date("2026-11-10"))
            ) {
                try change.check(workDates: [], force: force)
            }
        }
        let oneDay = EmploymentChange(
            before: Self.employee(start: "2026-11-20", end: nil),
            after: Self.employee(start: "2026-11-20", end: "2026-11-20"))
        #expect(throws: Never.self) { try oneDay.check(workDates: [Self.date("2026-11-20")], force: false) }
    }
}
