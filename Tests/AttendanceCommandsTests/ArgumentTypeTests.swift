import AttendanceCommands
import AttendanceTestSupport
import Foundation
import Testing

/// Codes, dates, months, times and BSSIDs are parsed by the argument parser into their types,
/// and a malformed one keeps the documented status 65 and the type's own message.
@Suite("Typed command-line values")
struct ArgumentTypeTests {
    let h = CommandHarness()

    @Test(
        "a malformed value exits 65 with the value's own message, not the parser's",
        arguments: [
            (
                ["employee", "show", "bad code!"],
                "invalid employee code \"bad code!\": expected 1–32 letters, digits, '_' or '-' (for example E001)"
            ),
            (
                ["holiday", "add", "2026-02-30", "--name", "Leap"],
                "invalid date \"2026-02-30\": expected a real date as YYYY-MM-DD"
            ),
            (["register", "--month", "2026-13"], "invalid month \"2026-13\": expected YYYY-MM, for example 2026-11"),
            (
                ["employee", "add", "E1", "--name", "A", "--shift-start", "25:00", "--shift-end", "06:00"],
                "invalid time \"25:00\": expected HH:MM on a 24-hour clock, 00:00–23:59"
            ),
            (
                ["wifi", "revoke", "aa:bb:cc:dd:ee"],
                "invalid BSSID \"aa:bb:cc:dd:ee\": expected six two-digit hex bytes such as aa:bb:cc:dd:ee:ff (separators ':', '-', '.' or none)"
            ),
            (
                ["employee", "edit", "E1", "--end-date", "soon"],
                "invalid date \"soon\": expected a real date as YYYY-MM-DD"
            ),
            (
                ["leave", "add", "E1", "2026-11-16", "--to", "2026-11-31", "--reason", "x"],
                "invalid date \"2026-11-31\": expected a real date as YYYY-MM-DD"
            ),
        ])
    func malformed(arguments: [String], message: String) {
        let result = h.run(arguments)
        #expect(result.status == 65)
        #expect(result.err == "attendance: \(message)\n")
        #expect(result.out.isEmpty)
    }

    @Test("valid values arrive typed: a BSSID in any spelling, a code in any case, a date cleared with none")
    func valid() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-01-05")
        #expect(
            h.run("wifi", "allow", "--bssid", "AABB.CCDD.EE01", "--location", "HQ").out
                == "allowed aa:bb:cc:dd:ee:01 at HQ\n")
        #expect(h.run("wifi", "revoke", "AA-BB-CC-DD-EE-01").out == "revoked aa:bb:cc:dd:ee:01\n")
        #expect(h.run("employee", "edit", "e001", "--start-date", "none").status == 0)
        #expect(h.run("employee", "show", "e001").out.contains("employed:  — to now"))
        #expect(h.run("employee", "edit", "E001", "--shift-start", "8:00", "--shift-end", "16:30").status == 0)
        #expect(h.run("employee", "show", "E001").out.contains("shift:     08:00–16:30 (own)"))
    }

    @Test(
        "notes, reasons and locations follow the one free-text rule: 65 with the same wording",
        arguments: [
            (
                ["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "\u{200b}"],
                "invalid location \"\u{200b}\": expected at least one visible letter, digit or mark"
            ),
            (
                ["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ\u{1b}[2J"],
                "invalid location \"HQ\\x1b[2J\": expected at most 500 characters without control characters"
            ),
            (
                ["leave", "add", "E001", "2026-11-16", "--reason", "sick\nleave"],
                "invalid reason \"sick\\x0aleave\": expected at most 500 characters without control characters"
            ),
            (
                ["mark", "in", "E001", "--note", "x\u{7}", "--simulate-wifi", "OfficeNet@aa:bb:cc:dd:ee:01"],
                "invalid note \"x\\x07\": expected at most 500 characters without control characters"
            ),
            (
                ["punch", "void", "1", "--reason", "\u{200b}"],
                "invalid reason \"\u{200b}\": expected at least one visible letter, digit or mark"
            ),
        ])
    func freeText(arguments: [String], message: String) {
        h.run("employee", "add", "E001", "--name", "Asha Rao")
        let result = h.run(arguments)
        #expect(result.status == 65)
        #expect(result.err == "attendance: \(message)\n")
    }

    @Test("an argument that is not UTF-8 is refused with 65 before anything runs; nothing is stored as U+FFFD")
    func invalidUTF8() {
        let argv: [[UInt8]] =
            [Array("employee".utf8), Array("add".utf8), Array("E001".utf8), Array("--name".utf8)]
            + [[0x4A, 0x6F, 0x73, 0xE9]]  // "José" in Latin-1
        let out = CapturingSink()
        let err = CapturingSink()
        #expect(Attendance.run(argv: argv, in: h.context(out: out, err: err)) == 65)
        #expect(
            err.text
                == "attendance: argument 5 (\"Jos\u{FFFD}\") is not valid UTF-8; type it again in a UTF-8 terminal "
                + "(check the locale with `locale`); nothing was done\n")
        #expect(out.text.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
        // UTF-8 goes through as before.
        let good = argv.dropLast() + [Array("José".utf8)]
        #expect(Attendance.run(argv: Array(good), in: h.context()) == 0)
        #expect(h.run("employee", "list").out.contains("José"))
    }

    @Test("what is not a value at all is still the parser's usage error, 64")
    func usage() {
        let unknown = h.run("register", "--mnth", "2026-11")
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("Unknown option '--mnth'"))
        #expect(h.run("wifi", "revoke").status == 64)
    }

    @Test("help names the value forms")
    func help() {
        let help = h.run("leave", "add", "--help").out
        #expect(help.contains("<code> <YYYY-MM-DD>"))
        #expect(help.contains("--to <YYYY-MM-DD>"))
    }
}
