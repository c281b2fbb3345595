import AttendanceCommands
import Foundation
import Testing

@Suite("A mistyped command is named, with the command it is closest to")
struct CommandSuggestionTests {
    let h = CommandHarness()

    @Test(
        "a near miss is 64 with the closest command, at every level",
        arguments: [
            (["regster"], "attendance: unknown command 'regster' — did you mean 'register'?\n"),
            (
                ["employee", "ad", "E001", "--name", "Asha"],
                "attendance: unknown command 'employee ad' — did you mean 'employee add'?\n"
            ),
            (["holiday", "lst", "2027"], "attendance: unknown command 'holiday lst' — did you mean 'holiday list'?\n"),
            (
                ["kiosk", "hash-exit-cod"],
                "attendance: unknown command 'kiosk hash-exit-cod' — did you mean 'kiosk hash-exit-code'?\n"
            ),
            (["stor", "check"], "attendance: unknown command 'stor' — did you mean 'store'?\n"),
            (["frobnicate"], "attendance: unknown command 'frobnicate'; `attendance --help` lists the commands\n"),
            (
                ["employee", "hire", "E001"],
                "attendance: unknown command 'employee hire'; `attendance employee --help` lists the commands\n"
            ),
            (
                ["reg\u{1B}[2Jster"],
                "attendance: unknown command 'reg\\x1b[2Jster'; `attendance --help` lists the commands\n"
            ),
        ])
    func nearMiss(arguments: [String], message: String) throws {
        let result = h.run(arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == message)
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
    }

    @Test("other mistakes keep their own messages")
    func otherMistakes() {
        let option = h.run("register", "--mnth", "2026-11")
        #expect(option.status == 64)
        #expect(option.err.contains("Unknown option '--mnth'. Did you mean '--month'?"), "\(option.err)")
        #expect(!option.err.contains("unknown command"))
        let value = h.run("register", "--month", "2026-13")
        #expect(value.status == 65)
        #expect(!value.err.contains("unknown command"))
    }
}
