import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// Holidays and leave in a real SQLite file, each change audited in its own transaction.
@Suite("Store: holidays and leave")
struct HolidayLeaveStoreTests {
    let folder = TemporaryFolder()

    func date(_ text: String) throws -> AttendanceDate { try AttendanceDate(parsing: text) }
    func holiday(_ day: String, _ name: String) throws -> Holiday { try Holiday(date: try date(day), name: name) }

    func store() throws -> AttendanceStore {
        try AttendanceStore(path: folder.file("s.sqlite"), clock: { Date(timeIntervalSince1970: 1_790_000_000) })
    }

    @Test("holidays are added, listed by year, removed, and every change is in the audit log")
    func holidays() throws {
        let store = try store()
        try store.addHoliday(try holiday("2026-01-26", "Republic Day"), actor: "mgr")
        try store.addHoliday(try holiday("2027-01-26", "Republic Day"), actor: "mgr")
        #expect(try store.holidays(year: 2026).map(\.date.description) == ["2026-01-26"])
        #expect(try store.holidays().count == 2)
        #expect(throws: StoreError.duplicateHoliday(try date("2026-01-26"), name: "Republic Day")) {
            try store.addHoliday(try holiday("2026-01-26", "Other"), actor: "mgr")
        }
        let removed = try store.removeHoliday(on: try date("2026-01-26"), actor: "mgr")
        #expect(removed.name == "Republic Day")
        #expect(throws: StoreError.unknownHoliday(try date("2026-01-26"))) {
            try store.removeHoliday(on: try date("2026-01-26"), actor: "mgr")
        }
        let log = try store.auditLog().filter { $0.entity == "holiday" }
        #expect(
            log.map { "\($0.action) \($0.entityKey) \($0.actor)" } == [
                "add 2026-01-26 mgr", "add 2027-01-26 mgr", "remove 2026-01-26 mgr",
            ])
        #expect(log.last?.oldValue == "{\"date\":\"2026-01-26\",\"name\":\"Republic Day\"}")
    }

    @Test("importing the same holidays twice adds nothing the second time; a stored name is kept")
    func importTwice() throws {
        let store = try store()
        try store.addHoliday(try holiday("2026-08-15", "Independence Day"), actor: "mgr")
        let file = [try holiday("2026-01-26", "Republic Day"), try holiday("2026-08-15", "Independence")]
        let first = try store.importHolidays(file, source: "in.ics", actor: "mgr")
        #expect(first.added.map(\.name) == ["Republic Day"])
        #expect(first.conflicting.map(\.existingName) == ["Independence Day"])
        let second = try store.importHolidays(file, source: "in.ics", actor: "mgr")
        #expect(second.added.isEmpty)
        #expect(second.unchanged.map(\.name) == ["Republic Day"])
        #expect(
            try store.holidayNames(from: try date("2026-01-01"), through: try date("2026-12-31")) == [
                try date("2026-01-26"): "Republic Day", try date("2026-08-15"): "Independence Day",
            ])
        #expect(try store.auditLog().filter { $0.action == "import" }.map(\.reason) == ["imported from in.ics"])
    }

    @Test("a leave keeps its type; leave recorded without one is annual; the audit names a type other than annual")
    func leaveType() throws {
        let store = try store()
        let employee = try store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E001"), name: try PersonName(parsing: "Asha")), actor: "mgr")
        try store.addLeave(
            employee: employee.code, on: [try date("2026-03-04")], kind: .full, type: "sick", reason: "Flu",
            actor: "mgr")
        try store.addLeave(
            employee: employee.code, on: [try date("2026-03-05")], kind: .half, reason: "x", actor: "mgr")
        #expect(
            try store.leave(employeeID: employee.id, from: try date("2026-03-01"), through: try date("2026-03-31")) == [
                try date("2026-03-04"): Leave(.full, type: "sick"),
                try date("2026-03-05"): Leave(.half, type: "annual"),
            ])
        #expect(try store.leaveEntries().map(\.type) == ["sick", "annual"])
        let log = try store.auditLog().filter { $0.entity == "leave" }.map { $0.newValue ?? "" }
        #expect(log[0].contains("\"type\":\"sick\"") && !log[1].contains("type"))
        // The store refuses a type of another form, whoever writes it.
        #expect(throws: (any Error).self) {
            try store.addLeave(
                employee: employee.code, on: [try date("2026-03-06")], kind: .full, type: "Sick Leave", reason: "x",
                actor: "mgr")
        }
    }

    @Test("leave over several dates is one transaction: a date that already has leave records none of them")
    func leaveAtomic() throws {
        let store = try store()
        let employee = try store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E001"), name: try PersonName(parsing: "Asha")), actor: "mgr")
        try store.addLeave(
            employee: employee.code, on: [try date("2026-03-04")], kind: .half, reason: "Doctor", actor: "mgr")
        #expect(throws: StoreError.duplicateLeave(employee.code, try date("2026-03-04"), .half)) {
            try store.addLeave(
                employee: employee.code, on: [try date("2026-03-03"), try date("2026-03-04")], kind: .full,
                reason: "Trip", actor: "mgr")
        }
        #expect(
            try store.leave(employeeID: employee.id, from: try date("2026-03-01"), through: try date("2026-03-31")) == [
                try date("2026-03-04"): .half
            ])
        try store.addLeave(
            employee: employee.code, on: [try date("2026-03-02"), try date("2026-03-03")], kind: .full, reason: "Trip",
            actor: "mgr")
        #expect(
            try store.leaveByEmployee(from: try date("2026-03-01"), through: try date("2026-03-31"))[employee.id]?.count
                == 3)
        #expect(
            try store.leaveEntries(employee: employee.code).map { "\($0.date) \($0.kind) \($0.reason)" } == [
                "2026-03-02 full Trip", "2026-03-03 full Trip", "2026-03-04 half Doctor",
            ])
        let removed = try store.removeLeave(
            employee: employee.code, from: try date("2026-03-01"), through: try date("2026-03-03"), actor: "mgr")
        #expect(removed.map(\.date.description) == ["2026-03-02", "2026-03-03"])
        #expect(throws: StoreError.unknownLeave(employee.code, try date("2026-03-02"), try date("2026-03-02"))) {
            try store.removeLeave(
                employee: employee.code, from: try date("2026-03-02"), through: try date("2026-03-02"), actor: "mgr")
        }
        let log = try store.auditLog(employee: employee.code).filter { $0.entity == "leave" }
        #expect(
            log.map { "\($0.action) \($0.entityKey)" } == [
                "add E001 2026-03-04", "add E001 2026-03-02", "add E001 2026-03-03", "remove E001 2026-03-02",
                "remove E001 2026-03-03",
            ])
    }

    @Test("leave for an unknown code is refused by name")
    func unknownEmployee() throws {
        let store = try store()
        #expect(throws: StoreError.unknownEmployee("E404")) {
            try store.addLeave(
                employee: try EmployeeCode(parsing: "E404"), on: [try date("2026-03-02")], kind: .full, reason: "x",
                actor: "mgr")
        }
    }
}
