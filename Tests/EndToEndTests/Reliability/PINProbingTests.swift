import AttendanceTestSupport
import Foundation
import Testing

/// A made-up code answers wrong PINs exactly as a real one does (counted,
/// delayed, locked), and the delay cannot be skipped by trying many PINs at once.
///
/// These scenarios stop the clock (libfaketime with an absolute time, read afresh on every call)
/// so that "at once" and "immediately after" do not depend on how fast this machine starts
/// processes.
@Suite("Reliability: code probing and parallel PIN guesses", .serialized)
struct PINProbingTests {
    /// A stopped clock at `instant` for every process started with its environment.
    static func stopped(_ s: Sandbox, at instant: Date) throws -> [String: String] {
        let file = s.folder + "/stopped-clock"
        try Data((ScenarioClock.format(instant, "yyyy-MM-dd HH:mm:ss") + "\n").utf8)
            .write(to: URL(fileURLWithPath: file), options: .atomic)
        return ["ATTENDANCE_PEPPER": s.folder + "/pin-pepper", "FAKETIME_TIMESTAMP_FILE": file]
    }

    /// `mark in CODE` with a wrong PIN: its exit status and what it said.
    static func wrongPIN(_ s: Sandbox, _ code: String, _ environment: [String: String]) throws -> String {
        let child = try ChildProcess.attendance(
            ["mark", "in", code], sandbox: s, environment: environment, input: "11112222\n")
        let ended = child.finish(timeout: 60)
        #expect(child.outputText.isEmpty, "a wrong PIN marked \(code)")
        return "\(ended.map(String.init(describing:)) ?? "hung") \(child.errorText)"
    }

    @Test("a made-up code is counted, delayed and locked with the same words and status as a real one")
    func unknownCodeLocksLikeARealOne() throws {
        let (s, _) = try PINAttackTests.sandbox()
        var answers: [String: [String]] = [:]
        for code in [Office.code(2), "NOBODY"] {
            // Each step two minutes after the last (longer than any delay), and a second try at
            // once: from the fifth wrong PIN on, that one is told to wait.
            for step in 0..<11 {
                let environment = try Self.stopped(
                    s, at: ScenarioClock.instant(time: "11:00").addingTimeInterval(Double(step) * 120))
                answers[code, default: []].append(try Self.wrongPIN(s, code, environment))
                answers[code, default: []].append(try Self.wrongPIN(s, code, environment))
            }
        }
        let real = answers[Office.code(2)] ?? []
        #expect(real.contains("exit 15 attendance: too many wrong PINs; try again in 2 s — NOT recorded\n"), "\(real)")
        #expect(real.last == "exit 15 " + PINAttackTests.locked, "\(real)")
        #expect(answers["NOBODY"] == real)
        // Kept in the store, one row for the made-up code, and no audit entry per attempt.
        #expect(try s.sqlite("SELECT failures FROM pin_attempt WHERE code = 'nobody'") == "10\n")
        #expect(try s.sqlite("SELECT count(*) FROM audit_log WHERE entity_key = 'NOBODY'") == "0\n")
        // In another case it is the same code, as a real one is.
        let environment = try Self.stopped(s, at: ScenarioClock.instant(time: "11:30"))
        #expect(try Self.wrongPIN(s, "nobody", environment) == "exit 15 " + PINAttackTests.locked)
    }

    @Test(
        "8 wrong PINs at once on a code with 4 failures: one is checked, 7 are told to wait",
        arguments: ["W001", "NOBODY"])
    func parallelGuessesWait(code: String) throws {
        let (s, _) = try PINAttackTests.sandbox()
        let environment = try Self.stopped(s, at: ScenarioClock.instant(time: "11:00"))
        for _ in 0..<4 {
            #expect(try Self.wrongPIN(s, code, environment) == "exit 14 " + PINAttackTests.rejected)
        }
        let children = try (0..<8).map { _ in
            try ChildProcess.attendance(
                ["mark", "in", code], sandbox: s, environment: environment, input: "11112222\n")
        }
        var answers: [String] = []
        for child in children {
            let ended = child.finish(timeout: 120)
            answers.append("\(ended.map(String.init(describing:)) ?? "hung") \(child.errorText)")
        }
        let checked = answers.filter { $0 == "exit 14 " + PINAttackTests.rejected }
        let waiting = answers.filter {
            $0 == "exit 15 attendance: too many wrong PINs; try again in 2 s — NOT recorded\n"
        }
        #expect(checked.count == 1 && waiting.count == 7, "\(answers)")
        if code == "W001" {
            #expect(try PINAttackTests.pinState(s, code) == (5, false))
        } else {
            #expect(try s.sqlite("SELECT failures FROM pin_attempt WHERE code = 'nobody'") == "5\n")
        }
    }
}
