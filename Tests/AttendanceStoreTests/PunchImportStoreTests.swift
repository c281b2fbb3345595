import AttendanceCore
import AttendanceLanguage
import Foundation
import Testing

@testable import AttendanceStore

@Suite("Importing punches into the store")
struct PunchImportStoreTests {
    func file(_ text: String, _ o: Office) -> PunchFile { PunchFile(parsing: text, zone: o.zone) }

    @Test("unknown codes and future times are bad rows too; with any bad row nothing is imported")
    func allOrNothing() throws {
        let o = try Office()
        let text = """
            code,timestamp,kind
            E001,2026-11-18T09:00,in
            E999,2026-11-18T09:00,in
            E001,2026-11-21T12:01,out
            E001,2026-11-18T18:00,sideways

            """
        let refusal = #expect(throws: PunchFile.Refusal.self) {
            try o.store.importPunches(file(text, o), named: "old.csv", actor: "hr", policy: o.policy, now: o.now)
        }
        #expect(
            refusal?.issues.map { "line \($0.line): " + Speech.english.sentence(for: $0.problem) } == [
                "line 3: no employee has code \"E999\"",
                "line 4: 2026-11-21T12:01:00+05:30 is in the future (it is now 2026-11-21 12:00)",
                "line 5: invalid kind \"sideways\": expected in or out",
            ])
        #expect(refusal?.judgedWithoutBadRows == false)
        #expect(try o.store.punchCount() == 0)
        #expect(try o.store.auditLog().map(\.action) == ["add"])
    }

    @Test("an import is stored with source import, dated by the policy, audited once; again, it adds nothing")
    func importTwice() throws {
        let o = try Office()
        let text = """
            code,timestamp,kind,note
            e001,2026-11-18T09:00,in,from the old clock
            E001,2026-11-19T01:30:00+05:30,out,
            E001,2026-11-18T09:00,in,the same row twice

            """
        let first = try o.store.importPunches(
            file(text, o), named: "old.csv", actor: "hr", policy: o.policy, now: o.now)
        #expect(first == PunchImportSummary(rows: 3, added: 2, alreadyPresent: 1))
        let punches = try o.store.punches(
            employeeID: o.asha.id, from: o.date("2026-11-18"), through: o.date("2026-11-18"))
        #expect(punches.map(\.source) == [.import, .import])
        #expect(punches.map(\.note) == ["from the old clock", nil])
        // 01:30 belongs to the previous attendance date.
        #expect(punches.map(\.attendanceDate) == [try o.date("2026-11-18"), try o.date("2026-11-18")])
        let again = try o.store.importPunches(
            file(text, o), named: "old.csv", actor: "hr", policy: o.policy, now: o.now)
        #expect(again == PunchImportSummary(rows: 3, added: 0, alreadyPresent: 3))
        #expect(try o.store.punchCount() == 2)
        let audit = try o.store.auditLog().filter { $0.action == "import" }
        #expect(
            audit.map(\.newValue) == [
                "{\"added\":2,\"already_present\":1,\"file\":\"old.csv\",\"rows\":3}",
                "{\"added\":0,\"already_present\":3,\"file\":\"old.csv\",\"rows\":3}",
            ])
    }

    @Test("a voided punch is not brought back by importing it again")
    func voidedStaysVoid() throws {
        let o = try Office()
        let text = "code,timestamp,kind\nE001,2026-11-18T09:00,in\n"
        try o.store.importPunches(file(text, o), named: "a.csv", actor: "hr", policy: o.policy, now: o.now)
        let id = try #require(
            try o.store.punchHistories(employeeID: o.asha.id, from: o.date("2026-11-18"), through: o.date("2026-11-18"))
                .first?.id)
        try o.correct(.void(punchID: id))
        #expect(
            try o.store.importPunches(file(text, o), named: "a.csv", actor: "hr", policy: o.policy, now: o.now).added
                == 0)
        #expect(try o.times("2026-11-18").isEmpty)
    }
}
