import AttendanceCore
import AttendanceLanguage
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

    @Test("employment on a date: a last date to come is a notice, one reached or a deactivation is gone")
    func employmentOnADate() throws {
        let today = Self.date("2026-11-20")
        #expect(Self.employee(start: "2026-11-01", end: nil).employment(on: today) == .employed)
        #expect(Self.employee(start: "2026-11-21", end: nil).employment(on: today) == .starts(Self.date("2026-11-21")))
        #expect(Self.employee(start: nil, end: "2026-11-20").employment(on: today) == .leaves(today))
        #expect(Self.employee(start: nil, end: "2026-11-19").employment(on: today) == .left(Self.date("2026-11-19")))
        var old = Self.employee(start: nil, end: nil)
        old.isActive = false  // deactivated before last dates were kept
        #expect(old.employment(on: today) == .left(nil))
        let marking = [Employment.employed, .leaves(today), .starts(today), .left(today), .left(nil)].map(\.mayMark)
        #expect(marking == [true, true, false, false, false])
        #expect(
            [Employment.employed, .leaves(today), .left(today), .left(nil), .starts(today)].map { $0.worded(.english) }
                == [
                    "active", "until 2026-11-20", "left 2026-11-20", "left", "starts 2026-11-20",
                ])
    }

    @Test("deactivation: a notice keeps them marking until the date; today or earlier stops them now; twice is refused")
    func deactivation() throws {
        let today = Self.date("2026-11-20")
        let asha = Self.employee(start: "2026-01-01", end: nil)
        let notice = try asha.deactivated(lastDate: Self.date("2026-12-31"), today: today)
        #expect(notice.employment(on: today) == .leaves(Self.date("2026-12-31")))
        #expect(notice.employment(on: Self.date("2026-12-31")).mayMark)
        #expect(notice.employment(on: Self.date("2027-01-01")) == .left(Self.date("2026-12-31")))
        let now = try asha.deactivated(lastDate: today, today: today)
        #expect(now.employment(on: today) == .left(today))
        // The status rules still count the last date: deactivation stops marking, not employment.
        #expect(now.isEmployed(on: today) && !now.isEmployed(on: Self.date("2026-11-21")))
        #expect(throws: EmploymentError.alreadyDeactivated(code: asha.code, lastDate: today)) {
            try now.deactivated(lastDate: Self.date("2026-11-25"), today: today)
        }
        // A notice can still be cut short by deactivating now.
        #expect(try notice.deactivated(lastDate: today, today: today).employment(on: today) == .left(today))
    }

    @Test("a new last date: none, or one to come, takes a deactivated employee back; a past one changes only the date")
    func newLastDate() throws {
        let today = Self.date("2026-11-20")
        let gone = try Self.employee(start: "2026-01-01", end: nil).deactivated(lastDate: today, today: today)
        #expect(gone.withLastDate(nil, today: today).employment(on: today) == .employed)
        #expect(gone.withLastDate(Self.date("2026-11-21"), today: today).employment(on: today).mayMark)
        let earlier = gone.withLastDate(Self.date("2026-11-10"), today: today)
        #expect(earlier.employment(on: today) == .left(Self.date("2026-11-10")) && !earlier.isActive)
        #expect(!gone.withLastDate(today, today: today).isActive)
    }
}
