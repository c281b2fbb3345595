import AttendanceCore
import AttendanceStore
import AttendanceSync
import Foundation
import Testing

/// What a store sends up of the corrections employees ask for, and what it takes from the centre,
/// in a real SQLite file.
@Suite("Store: requests going up and coming down")
struct RequestSyncStoreTests {
    let folder = TemporaryFolder()

    @Test("a store sends the requests asked, answered or shown there once each, and nothing it only pulled")
    func requestsTravel() throws {
        let store = try AttendanceStore(
            path: folder.file("kiosk.sqlite"), clock: { Date(timeIntervalSince1970: 1_790_000_000) })
        let asha = try store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E001"), name: try PersonName(parsing: "Asha Rao")), actor: "hr"
        )
        let asked = try store.ask(
            employeeID: asha.id, date: try AttendanceDate(parsing: "2026-09-21"),
            leftAt: try WallClockTime(parsing: "18:00"), reason: "forgot to mark out")
        let up = try store.outgoing(node: "kiosk-a", limit: 100)
        let sent = try #require(up.batch.requests.first)
        #expect(up.batch.requests.count == 1 && sent.node == "kiosk-a" && sent.originID > 0)
        #expect((sent.employeeCode, sent.date, sent.leftAt, sent.state) == ("E001", "2026-09-21", "18:00", "waiting"))
        #expect(try store.syncStatus().waitingRequests == 1)
        try store.markPushed(upTo: up.upTo)
        #expect(try store.outgoing(node: "kiosk-a", limit: 100).batch.requests.isEmpty)

        // The desk's answer comes down: it is this store's request, answered; nothing goes up for it.
        var answered = sent
        (answered.state, answered.decidedAtMs, answered.decidedBy, answered.answer) = (
            "approved", 1_790_000_100_000, "Priya", "fixed"
        )
        // Another kiosk's request comes down too, under its origin.
        var elsewhere = sent
        (elsewhere.node, elsewhere.originID, elsewhere.date) = ("kiosk-b", 7, "2026-09-22")
        var page = SyncBatch()
        page.requests = [answered, elsewhere]
        try store.apply(page, pulled: ["correction_request": 2], node: "kiosk-a")
        #expect(try store.syncStatus().waitingRequests == 0)
        #expect(try store.askedCorrection(id: asked.id).state == .approved)
        #expect(try store.askedCorrections().count == 2)
        try store.apply(page, pulled: ["correction_request": 2], node: "kiosk-a")
        #expect(try store.askedCorrections().count == 2, "a page applied again adds nothing")

        // Shown on the employee's menu: that goes up, and a later pull does not hide it again.
        let answers = try store.answersNotSeen(employeeID: asha.id)
        #expect(answers.map(\.id) == [asked.id])
        try store.markAnswersSeen(answers.map(\.id))
        let shown = try store.outgoing(node: "kiosk-a", limit: 100).batch.requests
        #expect(shown.count == 1 && shown.first?.seenAtMs != nil && shown.first?.state == "approved")
        try store.apply(page, pulled: ["correction_request": 3], node: "kiosk-a")
        #expect(try store.answersNotSeen(employeeID: asha.id).isEmpty)
    }
}
