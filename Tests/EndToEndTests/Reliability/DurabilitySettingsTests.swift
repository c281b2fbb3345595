import AttendanceTestSupport
import Foundation
import Testing

/// Every path that opens the store writes with WAL, synchronous=FULL and a
/// busy timeout of at least 5 s, as the writer connection reports them (through the hidden
/// `ATTENDANCE_STORE_SETTINGS_LOG`).
@Suite("Reliability: durability settings")
struct DurabilitySettingsTests {
    /// One settings line: `pid=… journal_mode=… synchronous=… busy_timeout=… store=…`.
    struct LoggedSettings: Equatable {
        var pid: Int32
        var journalMode: String
        var synchronous: Int
        var busyTimeout: Int
        var store: String

        init?(_ line: Substring) {
            var fields: [String: String] = [:]
            for field in line.split(separator: " ") {
                guard let equals = field.firstIndex(of: "=") else { return nil }
                fields[String(field[..<equals])] = String(field[field.index(after: equals)...])
            }
            guard let pid = fields["pid"].flatMap({ Int32($0) }), let mode = fields["journal_mode"],
                let synchronous = fields["synchronous"].flatMap({ Int($0) }),
                let timeout = fields["busy_timeout"].flatMap({ Int($0) }), let store = fields["store"]
            else { return nil }
            (self.pid, journalMode, self.synchronous, busyTimeout, self.store) = (
                pid, mode, synchronous, timeout, store
            )
        }
    }

    static func logged(_ path: String) -> [Substring] {
        String(decoding: contents(of: path), as: UTF8.self).split(separator: "\n")
    }

    /// Every command of `attendance` that takes no subcommand, read from its own help, so a
    /// command added later cannot escape this test.
    static func leafCommands(_ path: [String] = []) throws -> [[String]] {
        let help = try Executable.run(path + ["--help"])
        guard path.count < 3, let section = help.out.range(of: "SUBCOMMANDS:\n") else { return [path] }
        // "  name (default)   abstract", continued on deeper-indented lines, up to a blank line.
        let lines = help.out[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
        let names = lines.compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name.allSatisfy({ $0.isLowercase || $0 == "-" })
            else { return nil }
            return String(name)
        }
        return try names.flatMap { try leafCommands(path + [$0]) }
    }

    /// How each command is run here; `nil` for those that never open the store to write.
    static func invocations(_ s: Sandbox) throws -> [[String]: (arguments: [String], input: String)?] {
        let ics = s.folder + "/holidays.ics"
        try Data(
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20301225\r\nSUMMARY:Christmas\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                .utf8
        ).write(to: URL(fileURLWithPath: ics))
        let csv = s.folder + "/punches.csv"
        // Two months back: a day for an import and the day before it for corrections.
        let imported = ScenarioClock.iso(ScenarioClock.instant(day: -59, time: "09:00"))
        let corrected = ScenarioClock.day(-60)
        try Data("code,timestamp,kind\nW003,\(imported),in\n".utf8).write(to: URL(fileURLWithPath: csv))
        let people = s.folder + "/employees.csv"
        try Data("code,name\nW901,Imported Person\n".utf8).write(to: URL(fileURLWithPath: people))
        // Two requests W003 asked at the kiosk about the corrected date: one approved, one refused.
        for reason in ["left at five", "left at six"] {
            _ = try s.sqlite(
                "INSERT INTO correction_request (employee_id, date, left_at, reason, asked_at_ms) "
                    + "SELECT id, '\(corrected)', '17:00', '\(reason)', 0 FROM employee WHERE code = 'W003'")
        }
        return [
            ["kiosk", "run"]: (["kiosk", "run"], ""),  // in tmux, below
            // Serves until stopped; Console/ConsoleBrowserTests runs it (its store opened by the same
            // Context.openStore, with the pool as the kiosk's).
            ["serve"]: (["serve"], ""),
            ["manager", "add"]: (["manager", "add", "boss", "--role", "manager"], "long enough password\n"),
            ["manager", "list"]: (["manager", "list"], ""),
            ["manager", "passwd"]: (["manager", "passwd", "boss"], "another long password\n"),
            ["manager", "remove"]: (["manager", "remove", "boss"], ""),
            // Opened to refuse an exit code that is an employee's code.
            ["kiosk", "hash-exit-code"]: (["kiosk", "hash-exit-code"], "abcdef12\n"),
            // Opens the store for reading only, to check the office against the settings: no writer.
            ["config", "check"]: nil,
            // These need a central store; Central/CentralStoreTests runs them against a real server
            // (the local store they open is opened by the same Context.openStore).
            ["sync"]: nil,
            ["central", "init"]: nil,
            ["mark"]: (["mark", "in", "W002"], ""),
            ["calendar"]: (["calendar", "W001"], ""),
            ["register"]: (["register", "--month", ScenarioClock.month(-60)], ""),
            ["summary"]: (["summary", "--week", corrected], ""),
            ["employee", "add"]: (["employee", "add", "W900", "--name", "New Person"], ""),
            ["employee", "list"]: (["employee", "list"], ""),
            ["employee", "show"]: (["employee", "show", "W001"], ""),
            ["employee", "edit"]: (["employee", "edit", "W900", "--name", "Renamed Person"], ""),
            ["employee", "deactivate"]: (["employee", "deactivate", "W900"], ""),
            ["employee", "set-pin"]: (["employee", "set-pin", "W004"], "4321\n4321\n"),
            ["employee", "unlock"]: (["employee", "unlock", "W004"], ""),
            ["wifi", "current"]: (["wifi", "current"], ""),
            ["wifi", "allow"]: (["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:02", "--location", "Annex"], ""),
            ["wifi", "list"]: (["wifi", "list"], ""),
            ["wifi", "revoke"]: (["wifi", "revoke", "aa:bb:cc:dd:ee:02"], ""),
            ["holiday", "add"]: (["holiday", "add", "2030-01-01", "--name", "New Year"], ""),
            ["holiday", "list"]: (["holiday", "list", "--all"], ""),
            ["holiday", "remove"]: (["holiday", "remove", "2030-01-01"], ""),
            ["holiday", "import"]: (["holiday", "import", ics], ""),
            ["leave", "add"]: (["leave", "add", "W002", "2030-03-04", "--reason", "Family"], ""),
            ["leave", "list"]: (["leave", "list"], ""),
            ["leave", "remove"]: (["leave", "remove", "W002", "2030-03-04"], ""),
            ["missing"]: (["missing", "--month", ScenarioClock.month(-60)], ""),
            ["punch", "list"]: (["punch", "list", "W001"], ""),
            ["punch", "add"]: (
                [
                    "punch", "add", "W003", "--at", "\(corrected) 09:00", "--kind", "in", "--reason", "forgot",
                    "--force",
                ],
                ""
            ),
            ["punch", "void"]: (["punch", "void", "2", "--reason", "entered twice", "--force"], ""),
            ["punch", "restore"]: (["punch", "restore", "2", "--reason", "was right", "--force"], ""),
            ["punch", "retime"]: (
                ["punch", "retime", "2", "--at", "\(corrected) 09:10", "--reason", "clock", "--force"], ""
            ),
            ["audit"]: (["audit"], ""),
            ["import", "punches"]: (["import", "punches", csv], ""),
            ["export", "punches"]: (["export", "punches", "--month", ScenarioClock.month(-60)], ""),
            ["store", "check"]: (["store", "check"], ""),
            ["store", "verify"]: (["store", "verify"], ""),
            ["store", "backup"]: (["store", "backup", s.folder + "/copy.sqlite"], ""),
            ["employee", "import"]: (["employee", "import", people], ""),
            ["employee", "pins"]: (["employee", "pins", "W002"], ""),
            ["request", "list"]: (["request", "list"], ""),
            // After `punch add` gave W003 an IN on the corrected date: approving marks it out.
            ["request", "approve"]: (["request", "approve", "1", "--force"], ""),
            ["request", "refuse"]: (["request", "refuse", "2", "--reason", "you left at four"], ""),
        ]
    }

    @Test(
        "every one-shot command that opens the store writes with journal_mode=wal, synchronous=2, busy_timeout ≥ 5000 (the kiosk below; serve, sync and central init need a port or a central store)"
    )
    func everyCommand() throws {
        let s = try Office.sandbox()
        let log = s.folder + "/settings.log"
        let environment = ["ATTENDANCE_STORE_SETTINGS_LOG": log, "ATTENDANCE_PEPPER": s.folder + "/pepper"]
        #expect(try s.run("mark", "in", "W001").status == 0)
        let table = try Self.invocations(s)
        let leaves = try Self.leafCommands()
        #expect(leaves.count >= 30)
        #expect(Set(leaves) == Set(table.keys), "commands without a row here: \(Set(leaves).subtracting(table.keys))")

        // In the order of the table's dependencies: added before edited, punch 2 before voided.
        let order = leaves.sorted { Self.rank($0) < Self.rank($1) }
        let needCentral: Set<[String]> = [["sync"], ["central", "init"]]
        let longRunning: Set<[String]> = [["kiosk", "run"], ["serve"]]
        for command in order where !longRunning.contains(command) && !needCentral.contains(command) {
            guard let entry = table[command] else { continue }
            let before = Self.logged(log).count
            let child = try ChildProcess.attendance(
                entry?.arguments ?? command, sandbox: s, environment: environment, input: entry?.input ?? "abcdef12\n")
            let ended = child.finish(timeout: 30)
            #expect(
                ended == .exited(0), "\(command): \(ended.map(String.init(describing:)) ?? "hung") \(child.errorText)")
            let lines = Self.logged(log).dropFirst(before)
            guard entry != nil else {
                #expect(lines.isEmpty, "\(command) opened the store")
                continue
            }
            #expect(lines.count == 1, "\(command) logged \(lines.count) openings")
            let settings = try #require(lines.first.flatMap(LoggedSettings.init), "\(command): \(lines)")
            #expect(settings.pid == child.pid)
            #expect(settings.journalMode == "wal", "\(command)")
            #expect(settings.synchronous == 2, "\(command)")
            #expect(settings.busyTimeout >= 5000, "\(command)")
            #expect(settings.store == s.store)
        }
    }

    @Test("the kiosk writes with journal_mode=wal, synchronous=2, busy_timeout ≥ 5000")
    func kiosk() throws {
        let s = try Office.sandbox()
        let log = s.folder + "/settings.log"
        let kiosk = try KioskSession(sandbox: s, environment: ["ATTENDANCE_STORE_SETTINGS_LOG": log])
        try kiosk.waitFor("Employee code")
        let pid = try #require(try kiosk.kioskPID())
        let lines = Self.logged(log)
        #expect(lines.count == 1)
        let settings = try #require(lines.first.flatMap(LoggedSettings.init), "\(lines)")
        #expect(settings.pid == pid)
        #expect(settings.journalMode == "wal" && settings.synchronous == 2 && settings.busyTimeout >= 5000)
        #expect(settings.store == s.store)
    }

    /// Commands that need another's result run after it.
    static func rank(_ command: [String]) -> Int {
        let later: [[String]: Int] = [
            ["employee", "add"]: 1, ["employee", "edit"]: 2, ["employee", "deactivate"]: 3, ["employee", "set-pin"]: 1,
            ["employee", "unlock"]: 2, ["wifi", "allow"]: 1, ["wifi", "revoke"]: 2, ["holiday", "add"]: 1,
            ["holiday", "remove"]: 2, ["leave", "add"]: 1, ["leave", "remove"]: 2, ["punch", "add"]: 1,
            ["punch", "void"]: 2, ["punch", "restore"]: 3, ["punch", "retime"]: 4, ["manager", "add"]: 1,
            ["manager", "passwd"]: 2, ["manager", "remove"]: 3, ["request", "approve"]: 5, ["request", "refuse"]: 5,
        ]
        return later[command] ?? 0
    }
}
