import AttendanceApp
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// `attendance request …`: answering the corrections employees ask for at the kiosk, on a real
/// SQLite store. The harness clock is Saturday 2026-11-21 14:03 in Asia/Kolkata.
@Suite("Correction request commands")
struct RequestCommandTests {
    let h = CommandHarness()
    let zone = LocalZone(identifier: "Asia/Kolkata")!

    init() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
    }

    /// What the kiosk does when E001 asks: through the application layer, at the harness's clock.
    @discardableResult
    func ask(_ date: String, _ time: String, _ reason: String) throws -> AskedCorrection {
        let store = try AttendanceStore(path: h.storePath)
        let employee = try #require(try store.employee(code: "E001"))
        return try AskedCorrections.ask(
            employee, date: try AttendanceDate(parsing: date), leftAt: try WallClockTime(parsing: time),
            reason: reason, policy: Policy(zone: zone), now: h.now, store: store)
    }

    func answers() throws -> [AskedCorrection] {
        let store = try AttendanceStore(path: h.storePath)
        return try store.answersNotSeen(employeeID: 1)
    }

    @Test("a waiting request changes nothing; approving it marks the open day out at the time asked, audited")
    func approveMarksOut() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        try ask("2026-11-18", "18:00", "forgot to mark out, left at six")
        #expect(
            h.run("request", "list").out.withoutTrailingSpaces == """
                ID  CODE  NAME      DATE        LEFT AT  REASON
                --  ----  --------  ----------  -------  -------------------------------
                1   E001  Asha Rao  2026-11-18  18:00    forgot to mark out, left at six
                1 request waiting

                """)
        // Waiting, the request counts for nothing: the date is still a missing mark-out.
        #expect(h.run("missing").out.contains("2026-11-18"))
        #expect(
            h.run("request", "approve", "1", "--note", "thanks").out == """
                approved request 1
                added punch 2: E001 OUT at 2026-11-18 18:00 on 2026-11-18
                2026-11-18 is now L (late); flags: late, corrected

                """)
        #expect(h.run("request", "list").out == "no requests are waiting\n")
        #expect(!h.run("missing").out.contains("2026-11-18"))
        let audit = h.run("audit", "--format", "json").out
        #expect(audit.contains("asked at the kiosk: forgot to mark out, left at six"), "\(audit)")
        let answer = try #require(try answers().first)
        #expect(answer.state == .approved && answer.answer == "thanks")

        let again = h.run("request", "approve", "1")
        #expect(again.status != 0 && again.err.contains("request 1 was approved already"), "\(again.err)")
    }

    @Test("a request for a day that was marked out re-times its last OUT")
    func approveRetimes() throws {
        try h.kiosk(.in, "2026-11-18 09:20")
        try h.kiosk(.out, "2026-11-18 12:00")
        try ask("2026-11-18", "18:10", "pressed OUT by mistake at noon")
        #expect(
            h.run("request", "approve", "1").out == """
                approved request 1
                re-timed punch 2: E001 OUT from 2026-11-18 12:00 to 2026-11-18 18:10 on 2026-11-18
                2026-11-18 is now P (present); flags: corrected

                """)
    }

    @Test("refusing needs a real reason, changes no punch, and the employee is told why")
    func refuse() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        try ask("2026-11-18", "18:00", "forgot")
        let bare = h.run("request", "refuse", "1")
        #expect(bare.status != 0, "\(bare.out)")
        let placeholder = h.run("request", "refuse", "1", "--reason", "REASON")
        #expect(placeholder.status != 0, "\(placeholder.out)")
        #expect(try answers().isEmpty)
        #expect(h.run("request", "refuse", "1", "--reason", "you left at 17:00").out == "refused request 1\n")
        #expect(h.run("missing").out.contains("2026-11-18"))
        let answer = try #require(try answers().first)
        #expect(answer.state == .refused && answer.answer == "you left at 17:00")
        #expect(h.run("audit").out.contains("you left at 17:00"))
        let approve = h.run("request", "approve", "1")
        #expect(approve.status != 0 && approve.err.contains("request 1 was refused already"), "\(approve.err)")
        let unknown = h.run("request", "approve", "9")
        #expect(unknown.status != 0 && unknown.err.contains("there is no request 9"), "\(unknown.err)")
    }

    @Test(
        "a request is refused for a missing, filler or unprintable reason, a day out of reach, a time to come, a day asked",
        arguments: [
            ("2026-11-18", "18:00", "   ", AskedCorrections.Refusal.reasonMissing),
            ("2026-11-18", "18:00", "reason", .reasonPlaceholder),
            ("2026-11-18", "18:00", "<why>", .reasonPlaceholder),
            ("2026-11-18", "18:00", "left \u{1B}[31mearly", .reasonInvalid),
            ("2026-11-18", "18:00", String(repeating: "a", count: 201), .reasonInvalid),
            ("2026-11-22", "18:00", "tomorrow", .dateOutOfReach),
            ("2026-09-01", "18:00", "long ago", .dateOutOfReach),
            ("2026-11-21", "18:00", "not yet", .leftInFuture),
            ("2026-11-17", "18:00", "the day before", .alreadyWaiting),
        ])
    func refusedRequests(date: String, time: String, reason: String, refusal: AskedCorrections.Refusal) throws {
        try ask("2026-11-17", "18:00", "forgot")
        #expect(throws: refusal) { try ask(date, time, reason) }
        let store = try AttendanceStore(path: h.storePath)
        #expect(try store.askedCorrections().count == 1)
    }

    @Test("a day before the employee's first day cannot be asked about, even within the edit window")
    func beforeFirstDay() throws {
        h.run("employee", "add", "E002", "--name", "Bo Chen", "--start-date", "2026-11-16")
        let store = try AttendanceStore(path: h.storePath)
        let employee = try #require(try store.employee(code: "E002"))
        let policy = Policy(zone: zone)
        let today = policy.attendanceDate(of: h.now)
        #expect(AskedCorrections.earliestDate(for: employee, today: today, policy: policy).description == "2026-11-16")
        #expect(throws: AskedCorrections.Refusal.dateOutOfReach) {
            try AskedCorrections.ask(
                employee, date: try AttendanceDate(parsing: "2026-11-13"), leftAt: try WallClockTime(parsing: "18:00"),
                reason: "before I started", policy: policy, now: h.now, store: store)
        }
        #expect(try store.askedCorrections().isEmpty)
    }
}
