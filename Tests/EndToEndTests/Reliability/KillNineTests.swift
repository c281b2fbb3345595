import AttendanceTestSupport
import Foundation
import Testing

/// `attendance mark` processes killed with SIGKILL at random moments, over and
/// over, while others write: an acknowledged punch is never lost or doubled, and the file stays
/// sound.
@Suite("Reliability: kill -9")
struct KillNineTests {
    /// One `attendance mark` run and what became of it.
    struct Attempt {
        var token: String
        var code: String
        var kind: String
        var termination: ChildProcess.Termination?
        var output: String
        var errors: String

        /// The acknowledgement, which `mark` prints only after the commit.
        var isAcknowledged: Bool { output.hasPrefix("\(kind.uppercased()) \(code) ") }
        var wasKilled: Bool { termination == .signalled(SIGKILL) }
    }

    static let writers = 4
    static let employeesPerWriter = 6
    static let killsWanted = 200

    @Test("writers SIGKILLed at random ≥ 200 times: every acknowledged punch is stored exactly once, integrity ok")
    func acknowledgedPunchesSurvive() throws {
        let s = try Office.sandbox(employees: Self.writers * Self.employeesPerWriter)
        let attempts = Shared<[Attempt]>([])
        let kills = Shared(0)
        let deadline = Date().addingTimeInterval(150)

        // Each writer marks its own employees in and out, alternating; a refusal ("already
        // marked in") means an earlier, killed attempt did commit, so the next one turns round.
        onThreads(Self.writers) { writer in
            var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(writer))
            let codes = (1...Self.employeesPerWriter).map { Office.code(writer * Self.employeesPerWriter + $0) }
            var next = Dictionary(uniqueKeysWithValues: codes.map { ($0, "in") })
            var durations: [Double] = []
            var number = 0
            while kills.current < Self.killsWanted && Date() < deadline {
                number += 1
                let code = codes[Int.random(in: 0..<codes.count, using: &random)]
                let kind = next[code] ?? "in"
                let token = "w\(writer)-\(number)"
                guard let child = try? ChildProcess.attendance(["mark", kind, code, "--note", token], sandbox: s) else {
                    continue
                }
                // The first runs of each writer are not killed: they measure a typical run on
                // this machine, under this load. After that, anywhere from the start to twice a
                // typical run: about half are killed.
                let delay = number <= 3 ? 60 : Double.random(in: 0...(2 * median(durations)), using: &random)
                if child.wait(timeout: delay) == nil { child.send(SIGKILL) }
                let ended = child.finish(timeout: 30)
                let attempt = Attempt(
                    token: token, code: code, kind: kind, termination: ended, output: child.outputText,
                    errors: child.errorText)
                if attempt.wasKilled {
                    kills.withLock { $0 += 1 }
                } else if let seconds = child.seconds {
                    durations = (durations + [seconds]).suffix(15)
                }
                if attempt.isAcknowledged || ended == .exited(10) || ended == .exited(11) {
                    next[code] = kind == "in" ? "out" : "in"
                }
                attempts.withLock { $0.append(attempt) }
            }
        }

        let all = attempts.current
        #expect(kills.current >= Self.killsWanted, "only \(kills.current) kills in \(all.count) attempts")
        let acknowledged = all.filter(\.isAcknowledged)
        #expect(acknowledged.count >= 50, "only \(acknowledged.count) punches were acknowledged")

        // Nothing but the rules' own refusals, and kills.
        for attempt in all where !attempt.wasKilled {
            switch attempt.termination {
            case .exited(0)?: #expect(attempt.isAcknowledged && attempt.errors.isEmpty, "\(attempt)")
            case .exited(10)?: #expect(attempt.errors.contains("already marked in at"), "\(attempt)")
            case .exited(11)?: #expect(attempt.errors.contains("not marked in today"), "\(attempt)")
            default: Issue.record("unexpected end: \(attempt)")
            }
        }

        // Stored: note → (code, kind) for every punch.
        let rows = try s.sqlite(
            "SELECT p.note, e.code, p.kind FROM punch p JOIN employee e ON e.id = p.employee_id ORDER BY p.id")
        var stored: [String: [(code: String, kind: String)]] = [:]
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: "|").map(String.init)
            guard fields.count == 3 else { continue }
            stored[fields[0], default: []].append((fields[1], fields[2]))
        }
        for attempt in acknowledged {
            let found = stored[attempt.token] ?? []
            #expect(found.count == 1, "acknowledged \(attempt.token) is stored \(found.count) times")
            #expect(found.first.map { $0.code == attempt.code && $0.kind == attempt.kind } ?? false, "\(attempt.token)")
        }
        let attempted = Set(all.map(\.token))
        for (token, found) in stored {
            #expect(attempted.contains(token), "a punch nobody attempted: \(token)")
            #expect(found.count == 1, "\(token) is stored \(found.count) times")
        }
        for attempt in all where attempt.termination == .exited(10) || attempt.termination == .exited(11) {
            #expect(stored[attempt.token] == nil, "refused \(attempt.token) was stored")
        }

        // The rules held under the kills: each employee's punches alternate IN, OUT, IN, …
        let sequences = try s.sqlite(
            "SELECT e.code, group_concat(p.kind, ',') FROM (SELECT * FROM punch ORDER BY id) p "
                + "JOIN employee e ON e.id = p.employee_id GROUP BY e.code")
        for line in sequences.split(separator: "\n") {
            let parts = line.split(separator: "|")
            guard parts.count == 2 else { continue }
            let kinds = parts[1].split(separator: ",")
            for (index, kind) in kinds.enumerated() {
                #expect(kind == (index % 2 == 0 ? "in" : "out"), "\(parts[0]): \(parts[1])")
            }
        }

        #expect(try s.sqlite("PRAGMA integrity_check") == "ok\n")
        let check = try s.run("store", "check", "--thorough")
        #expect(check.status == 0 && check.out.hasSuffix("ok\n"), "\(check.out)\(check.err)")
    }
}
