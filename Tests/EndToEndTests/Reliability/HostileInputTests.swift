import AttendanceTestSupport
import Foundation
import Testing

/// Hostile text at every entry point — command-line arguments, the
/// configuration file, CSV and iCalendar imports, a PIN on standard input, the kiosk's
/// keyboard. Each run ends, in time, with a clear error or a sanitised display: never a crash,
/// never a byte on standard output or error that a terminal would act on, never a control
/// character stored.
@Suite("Reliability: hostile input", .timeLimit(.minutes(5)))
struct HostileInputTests {
    /// Text that a terminal would act on, or that hides or reorders what it shows.
    static let payloads: [(name: String, bytes: [UInt8])] = [
        ("escape sequences", Array("Eve\u{1B}[2J\u{1B}]0;PWNED\u{07}".utf8)),
        ("C0 controls", Array("A\u{01}B\u{08}C\rD\tE".utf8)),
        ("a C1 control", Array("Eve\u{9B}31m".utf8)),
        ("a raw C1 byte", Array("Eve".utf8) + [0x9B] + Array("31m".utf8)),
        ("a right-to-left override", Array("Eve\u{202E}gnp.exe".utf8)),
        ("invalid UTF-8", [0x45, 0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82]),
        ("a line separator", Array("Eve\u{2028}Mallory".utf8)),
    ]

    /// Arguments cannot hold NUL, and Linux caps one at 128 KiB; files and standard input can.
    static let argumentPayloads = payloads + [("100 KB", Array(repeating: 0x41, count: 100_000))]
    static let filePayloads =
        payloads + [("1 MB", Array(repeating: 0x41, count: 1 << 20)), ("a NUL byte", [0x45, 0x00, 0x76, 0x65])]

    /// Where hostile text goes in: `P` is replaced by the payload (also inside an argument),
    /// `@DIR` by the sandbox folder, `@FILE` by the file the case writes.
    struct Case: CustomTestStringConvertible, Sendable {
        var entry: String
        var payload: String
        var arguments: [[UInt8]]
        var file: [UInt8]?
        /// The file is the configuration rather than an argument.
        var fileIsConfig = false
        var input: [UInt8] = []
        var testDescription: String { "\(entry) ← \(payload)" }
    }

    static let argumentEntries: [(String, [String])] = [
        ("mark: the code", ["mark", "in", "P"]),
        ("mark: the note", ["mark", "in", "W001", "--note", "P"]),
        ("employee add: the code", ["employee", "add", "P", "--name", "Someone"]),
        ("employee add: the name", ["employee", "add", "W900", "--name", "P"]),
        ("employee edit: the name", ["employee", "edit", "W001", "--name", "P"]),
        ("wifi allow: the BSSID", ["wifi", "allow", "--bssid", "P", "--location", "Annex"]),
        (
            "wifi allow: the SSID",
            ["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:09", "--ssid", "P", "--location", "Annex"]
        ),
        ("wifi allow: the location", ["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:09", "--location", "P"]),
        ("holiday add: the name", ["holiday", "add", "2030-01-01", "--name", "P"]),
        ("holiday add: the date", ["holiday", "add", "P", "--name", "Day"]),
        ("leave add: the reason", ["leave", "add", "W001", "2030-01-02", "--reason", "P"]),
        ("calendar: the code", ["calendar", "P"]),
        ("register: the month", ["register", "--month", "P"]),
        ("punch add: the time", ["punch", "add", "W001", "--at", "P", "--kind", "in", "--reason", "late entry"]),
        (
            "punch add: the reason",
            [
                "punch", "add", "W001", "--at", "\(ScenarioClock.day(-60)) 09:00", "--kind", "in", "--reason", "P",
                "--force",
            ]
        ),
        ("--by", ["employee", "add", "W901", "--name", "Someone", "--by", "P"]),
        ("an option's name", ["employee", "list", "--P"]),
        ("a subcommand", ["P"]),
        ("--store", ["employee", "list", "--store", "@DIR/P"]),
        ("--config", ["employee", "list", "--config", "@DIR/P"]),
        ("--format", ["employee", "list", "--format", "P"]),
        ("--simulate-wifi", ["mark", "in", "W001", "--simulate-wifi", "P@aa:bb:cc:dd:ee:01"]),
    ]

    /// A mark-in two months before the scenario's day, as the import format writes it.
    static let monthsAgo = ScenarioClock.iso(ScenarioClock.instant(day: -60, time: "09:00"))

    static let fileEntries: [(String, String, [String], Bool)] = [
        ("config: a value", "[policy]\nshift_start = \"P\"\n", ["config", "check"], true),
        (
            "config: the office name", "[kiosk]\noffice_name = \"P\"\n",
            ["register", "--month", ScenarioClock.month(-60)], true
        ),
        ("config: a key", "[policy]\nP = 1\n", ["config", "check"], true),
        ("config: a section", "[P]\nx = 1\n", ["config", "check"], true),
        ("config: the whole file", "P", ["config", "check"], true),
        (
            "CSV: a code", "code,timestamp,kind\nP,\(monthsAgo),in\n", ["import", "punches", "@FILE"],
            false
        ),
        (
            "CSV: a note", "code,timestamp,kind,note\nW001,\(monthsAgo),in,P\n",
            ["import", "punches", "@FILE"], false
        ),
        ("CSV: a timestamp", "code,timestamp,kind\nW001,P,in\n", ["import", "punches", "@FILE"], false),
        ("CSV: the header", "P\nW001,\(monthsAgo),in\n", ["import", "punches", "@FILE"], false),
        (
            "CSV: an unclosed quote", "code,timestamp,kind,note\nW001,\(monthsAgo),in,\"P\n",
            ["import", "punches", "@FILE"], false
        ),
        ("ICS: a summary", ics("DTSTART;VALUE=DATE:20300101\r\nSUMMARY:P"), ["holiday", "import", "@FILE"], false),
        ("ICS: a date", ics("DTSTART;VALUE=DATE:P\r\nSUMMARY:Day"), ["holiday", "import", "@FILE"], false),
        (
            "ICS: a folded summary", ics("DTSTART;VALUE=DATE:20300101\r\nSUMMARY:Founders\r\n P"),
            ["holiday", "import", "@FILE"], false
        ),
    ]

    static func ics(_ event: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n\(event)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// `template` with every `P` that stands for the payload replaced by it.
    static func fill(_ template: String, with payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for (index, part) in template.components(separatedBy: "P").enumerated() {
            if index > 0 { out += payload }
            out += Array(part.utf8)
        }
        return out
    }

    static let cases: [Case] =
        argumentEntries.flatMap { entry, template in
            argumentPayloads.map { payload in
                Case(
                    entry: entry, payload: payload.name,
                    arguments: template.map { fill($0, with: payload.bytes) })
            }
        }
        + fileEntries.flatMap { entry, template, arguments, isConfig in
            filePayloads.map { payload in
                Case(
                    entry: entry, payload: payload.name, arguments: arguments.map { Array($0.utf8) },
                    file: fill(template, with: payload.bytes), fileIsConfig: isConfig)
            }
        }
        + filePayloads.map { payload in
            Case(
                entry: "mark: the PIN on standard input", payload: payload.name,
                arguments: ["mark", "in", "W002"].map { Array($0.utf8) }, input: payload.bytes + [0x0A])
        }

    /// Every stored text column, and a GLOB that matches any character a terminal would act on.
    static let unsafeStoredText: String = {
        let codes =
            Array(1...31) + Array(127...159) + [0x200E, 0x200F, 0x2028, 0x2029] + Array(0x202A...0x202E)
            + Array(0x2066...0x2069)
        let anyUnsafe = "'*[' || char(\(codes.map(String.init).joined(separator: ","))) || ']*'"
        let columns = [
            ("employee", "code"), ("employee", "name"), ("punch", "note"), ("punch", "location"), ("holiday", "name"),
            ("leave", "reason"), ("allowed_wifi", "location"), ("audit_log", "actor"), ("audit_log", "reason"),
            ("audit_log", "entity_key"),
        ]
        let union = columns.map { "SELECT \($0.1) AS t FROM \($0.0)" }.joined(separator: " UNION ALL ")
        return "SELECT count(*) FROM (\(union)) WHERE t GLOB \(anyUnsafe)"
    }()

    @Test(
        "hostile text at an entry point: a clear error or a sanitised display, in time, nothing unsafe out or stored",
        arguments: cases)
    func hostileText(_ hostile: Case) throws {
        let s = try Office.sandbox()
        if hostile.entry.hasPrefix("mark: the PIN") {
            let set = try ChildProcess.attendance(
                ["employee", "set-pin", "W002"], sandbox: s, environment: ["ATTENDANCE_PEPPER": s.folder + "/pepper"],
                input: "2468\n2468\n")
            #expect(set.finish(timeout: 30) == .exited(0))
        }
        let file = s.folder + "/hostile-file"
        var environment = ["ATTENDANCE_PEPPER": s.folder + "/pepper"]
        if let bytes = hostile.file {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            if hostile.fileIsConfig { environment["ATTENDANCE_CONFIG"] = file }
        }
        let arguments = hostile.arguments.map { argument -> [UInt8] in
            if argument == Array("@FILE".utf8) { return Array(file.utf8) }
            if argument.starts(with: Array("@DIR".utf8)) { return Array(s.folder.utf8) + argument.dropFirst(4) }
            return argument
        }
        let child = try ChildProcess.attendance(arguments, sandbox: s, environment: environment, input: hostile.input)
        let ended = child.finish(timeout: 30)

        #expect(ended != nil, "hung")
        guard case .exited(let status)? = ended else {
            Issue.record("ended by \(ended.map(String.init(describing:)) ?? "a kill after 30 s")")
            return
        }
        #expect(terminalHazards(in: child.output).isEmpty, "standard output: \(terminalHazards(in: child.output))")
        #expect(terminalHazards(in: child.errors).isEmpty, "standard error: \(terminalHazards(in: child.errors))")
        if status != 0 {
            #expect(!child.errors.isEmpty, "exit \(status) without a word")
            #expect(child.errors.count < 4096, "an error of \(child.errors.count) bytes")
            #expect(
                child.errorText.hasPrefix("attendance: ") || child.errorText.hasPrefix("Error: "),
                "\(child.errorText.prefix(200))")
        }
        // A path too long to open is the store's failure (74); anything else must not be.
        #expect(status != 75 && (status != 74 || hostile.entry == "--store"), "the store failed: \(child.errorText)")
        #expect(try s.sqlite(Self.unsafeStoredText) == "0\n", "a control character was stored")
    }

    @Test("escape sequences, C1, invalid UTF-8, NUL and 10 KB typed at the kiosk: ignored, nothing reaches the screen")
    func hostileKeys() throws {
        let s = try Office.sandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        let title = try kiosk.format("#{pane_title}")
        let bursts: [[UInt8]] = [
            Array("\u{1B}[2J\u{1B}]0;PWNED\u{07}".utf8), [0xC2, 0x9B, 0x33, 0x31, 0x6D], [0x9B, 0x33, 0x31, 0x6D],
            [0xFF, 0xFE, 0xC3, 0x28], Array("\u{202E}".utf8), [0x00], Array("\u{1B}P1;1|junk\u{1B}\\".utf8),
        ]
        for burst in bursts {
            try kiosk.tmux(["send-keys", "-t", kiosk.name, "-H"] + burst.map { String(format: "%02x", $0) })
        }
        try kiosk.send(String(repeating: "A", count: 10_000), literal: true)
        let screen = try kiosk.waitFor("Employee code: " + String(repeating: "A", count: 20))
        // The code field keeps at most 32 characters, all of them typed letters.
        #expect(screen.contains("Employee code: " + String(repeating: "A", count: 32) + "_"), "\(screen)")
        #expect(try kiosk.format("#{pane_title}") == title)
        #expect(try kiosk.format("#{alternate_on}") == "1")
        let raw = try kiosk.rawScreen()
        #expect(!raw.contains("PWNED") && !raw.contains("junk"))
        #expect(!raw.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })

        // Still a kiosk: Escape clears the field, a real code works.
        try kiosk.send("Escape")
        try kiosk.waitFor("Employee code: _")
        try kiosk.send(Office.code(1), "Enter")
        #expect(try kiosk.waitFor("Hi Worker 1").contains("Hi Worker 1 (W001)"))
    }
}
