import Foundation
import Testing

/// Corrections with the built executable, and the database's own refusal to rewrite history.
@Suite("Corrections, end to end")
struct CorrectionsEndToEndTests {
    @Test("import, find the missing mark-out, close it, see it in the audit log; sqlite3 cannot undo any of it")
    func walkThrough() throws {
        let s = Sandbox(config: "[policy]\ntimezone = \"\(ScenarioClock.zoneName)\"\n")
        #expect(try s.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2020-01-01").status == 0)
        // A mark-in three weeks ago that was never closed.
        let day = ScenarioClock.day(-21)
        let month = ScenarioClock.month(-21)
        let file = s.folder + "/old.csv"
        let at = ScenarioClock.iso(ScenarioClock.instant(day: -21, time: "09:05"))
        try Data("code,timestamp,kind\nE001,\(at),in\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try s.run("import", "punches", file).out == "imported 1 punch from \(file)\n")

        let missing = try s.run("missing", "--month", month)
        #expect(missing.status == 0)
        #expect(missing.out.contains("E001  Asha Rao  \(day)  IN 09:05 (punch 1)"), "\(missing.out)")
        let command = try #require(missing.out.split(separator: "\n").dropFirst(2).first?.split(separator: "  ").last)
        #expect(
            command
                == "attendance punch add E001 --at \"\(day) 18:00\" --kind out --reason \"<why, e.g. forgot to mark out>\""
        )

        // The suggestion's placeholder, copied unchanged, is not a reason.
        for placeholder in ["<why, e.g. forgot to mark out>", "REASON"] {
            let copied = try s.run(
                "punch", "add", "E001", "--at", "\(day) 18:00", "--kind", "out", "--reason", placeholder, "--force")
            #expect(copied.status == 65 && copied.err.contains("stands where a reason goes"), "\(copied.err)")
        }
        let closed = try s.run(
            "punch", "add", "E001", "--at", "\(day) 18:00", "--kind", "out", "--reason", "forgot to mark out",
            "--by", "Priya", "--force")
        #expect(closed.status == 0, "\(closed.err)")
        #expect(closed.out.contains("\(day) is now P (present)"), "\(closed.out)")
        #expect(
            try s.run("missing", "--month", month).out == "no missing mark-outs in \(ScenarioClock.monthTitle(-21))\n")
        let audit = try s.run("audit", "--employee", "E001").out
        // --by is recorded beside the OS user who ran the command, never instead.
        let user = "\(String(cString: getpwuid(geteuid())!.pointee.pw_name)) (uid \(geteuid()))"
        #expect(
            audit.contains(
                "  Priya via \(user)  added punch 2 of E001 (OUT 18:00 on \(day))\n  why: forgot to mark out\n"),
            "\(audit)")

        for sql in [
            "UPDATE punch SET instant_ms = 0", "DELETE FROM punch WHERE id = 2", "UPDATE punch SET note = 'x'",
            "DELETE FROM punch_correction", "UPDATE punch_correction SET actor = 'nobody'",
            "UPDATE audit_log SET reason = NULL", "DELETE FROM audit_log",
        ] {
            let output = try s.sqlite(sql)
            #expect(output.contains("Runtime error") || output.contains("Error"), "\(sql): \(output)")
        }
        #expect(try s.sqlite("SELECT count(*) FROM punch; SELECT count(*) FROM punch_correction") == "2\n1\n")
        #expect(try s.run("audit", "--employee", "E001").out == audit)
    }
}
