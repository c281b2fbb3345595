import AttendanceTestSupport
import Foundation
import Testing

/// A kiosk, badge-reader style `attendance mark` writers and report readers on
/// one store at the same time.
@Suite("Reliability: concurrency")
struct ConcurrencyTests {
    static let markWriters = 3
    static let marksPerWriter = 30
    static let kioskMarks = 10
    static let employeesPerWriter = 4

    @Test("a kiosk, three mark writers and two report readers at once: nobody sees busy, rows equal acknowledgements")
    func writersAndReaders() throws {
        let employees = (Self.markWriters + 1) * Self.employeesPerWriter
        let s = try Office.sandbox(employees: employees)
        let kiosk = try KioskSession(sandbox: s)
        try #require(try kiosk.waitFor("Employee code").contains("Employee code"))

        let acknowledgements = Shared(0)
        let problems = Shared<[String]>([])
        let writing = Shared(Self.markWriters + 1)
        let readsDone = Shared(0)
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))

        onThreads(Self.markWriters + 1 + 2) { role in
            switch role {
            case 0..<Self.markWriters:
                // A badge reader: each of its employees in, out, in, …
                let codes = (1...Self.employeesPerWriter).map { Office.code(role * Self.employeesPerWriter + $0) }
                var next = Dictionary(uniqueKeysWithValues: codes.map { ($0, "in") })
                for number in 0..<Self.marksPerWriter {
                    let code = codes[number % codes.count]
                    let kind = next[code] ?? "in"
                    let result = Self.run(["mark", kind, code], in: s)
                    if result.status == 0 && result.out.hasPrefix("\(kind.uppercased()) \(code) ") && result.err.isEmpty
                    {
                        acknowledgements.withLock { $0 += 1 }
                        next[code] = kind == "in" ? "out" : "in"
                    } else {
                        problems.withLock { $0.append("mark \(kind) \(code): \(result)") }
                    }
                }
            case Self.markWriters:
                // The kiosk, driven through its keyboard.
                let codes = (1...Self.employeesPerWriter).map {
                    Office.code(Self.markWriters * Self.employeesPerWriter + $0)
                }
                for number in 0..<Self.kioskMarks {
                    do {
                        if try Self.markAtKiosk(kiosk, code: codes[number % codes.count]) {
                            acknowledgements.withLock { $0 += 1 }
                        }
                    } catch {
                        problems.withLock { $0.append("kiosk: \(error)") }
                    }
                }
            default:
                // A manager reading reports until the writers are done.
                let reports = [
                    ["register", "--month", month], ["calendar", Office.code(1)], ["employee", "list"],
                    ["summary", "--week"], ["store", "check"],
                ]
                var number = 0
                while writing.current > 0 {
                    let report = reports[number % reports.count]
                    number += 1
                    let result = Self.run(report, in: s)
                    if result.status != 0 || !result.err.isEmpty {
                        problems.withLock { $0.append("\(report.joined(separator: " ")): \(result)") }
                    }
                    readsDone.withLock { $0 += 1 }
                }
            }
            if role <= Self.markWriters { writing.withLock { $0 -= 1 } }
        }

        #expect(problems.current.isEmpty, "\(problems.current)")
        #expect(readsDone.current >= 10, "only \(readsDone.current) reports ran alongside the writers")
        #expect(acknowledgements.current == Self.markWriters * Self.marksPerWriter + Self.kioskMarks)
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "\(acknowledgements.current)\n")
        #expect(try s.sqlite("PRAGMA integrity_check") == "ok\n")
    }

    /// Runs `attendance` and describes the outcome, words and all.
    static func run(_ arguments: [String], in s: Sandbox) -> (status: Int32, out: String, err: String) {
        guard let child = try? ChildProcess.attendance(arguments, sandbox: s) else { return (-1, "", "not started") }
        guard case .exited(let status)? = child.finish(timeout: 60) else {
            return (-1, child.outputText, "killed or hung")
        }
        return (status, child.outputText, child.errorText)
    }

    /// Marks `code` at the kiosk with whichever of IN and OUT it offers; true when it said
    /// MARKED. Any store failure on the screen is an error.
    static func markAtKiosk(_ kiosk: KioskSession, code: String) throws -> Bool {
        try kiosk.send(code, "Enter")
        let menu = try kiosk.waitFor("] Mark ")
        let key = menu.contains("[O] Mark OUT") ? "o" : "i"
        try kiosk.send(key)
        let result = try kiosk.waitFor(anyOf: ["MARKED", "NOT recorded", "Already", "Not marked in"], timeout: 15)
        guard result.contains("MARKED") else { throw KioskFailure(screen: result) }
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code: _")
        return true
    }

    struct KioskFailure: Error, CustomStringConvertible {
        let screen: String
        var description: String { "the kiosk did not mark: \(words(of: screen))" }
    }
}
