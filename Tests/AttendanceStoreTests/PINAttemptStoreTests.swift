import AttendanceCore
import AttendanceStore
import Foundation
import Testing

@Suite("Store: wrong PINs of unknown codes")
struct PINAttemptStoreTests {
    let folder = TemporaryFolder()

    func rows(_ path: String) throws -> String {
        try run(
            "/usr/bin/sqlite3",
            [path, "SELECT group_concat(code || ':' || failures, ' ') FROM (SELECT * FROM pin_attempt ORDER BY code)"]
        ).output
    }

    @Test(
        "kept bounded: past the limit the longest unchanged code is forgotten, and every code a day after its last wrong PIN"
    )
    func bounded() throws {
        let path = folder.file("a.sqlite")
        let store = try AttendanceStore(path: path)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for (index, code) in ["A1", "B2", "b2", "C3"].enumerated() {
            let at = start.addingTimeInterval(Double(index))
            #expect(try store.beginPINAttempt(code: code, employeeID: nil, at: at, keep: 2) == .check)
            try store.finishPINAttempt(code: code, employeeID: nil, right: false, at: at)
        }
        // "b2" is B2 again; A1 went first.
        #expect(try rows(path) == "b2:2 c3:1\n")
        let dayLater = start.addingTimeInterval(24 * 3600 + 2.5)
        #expect(try store.beginPINAttempt(code: "D4", employeeID: nil, at: dayLater, keep: 2) == .check)
        #expect(try rows(path) == "c3:1 d4:0\n")
    }

    @Test(
        "an attempt under way makes the next one wait as if it were wrong; one left unanswered stops counting after a minute"
    )
    func attemptUnderWay() throws {
        let store = try AttendanceStore(path: folder.file("b.sqlite"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<4 {
            #expect(try store.beginPINAttempt(code: "X", employeeID: nil, at: start) == .check)
            try store.finishPINAttempt(code: "X", employeeID: nil, right: false, at: start)
        }
        #expect(try store.beginPINAttempt(code: "X", employeeID: nil, at: start) == .check)
        #expect(
            try store.beginPINAttempt(code: "x", employeeID: nil, at: start.addingTimeInterval(1)) == .wait(seconds: 1))
        // Its process died: a minute later it no longer holds the place.
        #expect(try store.beginPINAttempt(code: "X", employeeID: nil, at: start.addingTimeInterval(61)) == .check)
    }
}
