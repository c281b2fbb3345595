import AttendanceCommands
import AttendanceCore
import AttendanceTerminal
import AttendanceTestSupport
import Foundation
import Testing

/// The same views with colours on: the right SGR codes, and nothing else that escapes.
@Suite("Colour output")
struct ColourOutputTests {
    /// Runs `arguments` with standard output treated as a colour terminal.
    static func runInColour(
        _ fixture: ReportFixture, palette: ColorPalette = .extended, _ arguments: String...
    ) -> String {
        runInColour(fixture, palette: palette, arguments: arguments)
    }

    static func runInColour(_ fixture: ReportFixture, palette: ColorPalette = .extended, arguments: [String]) -> String
    {
        let out = CapturingSink()
        let base = fixture.harness.context()
        let context = Context(
            out: Console(sink: out, usesColor: true, palette: palette), err: base.err, environment: base.environment,
            now: base.now, userName: "tester", isRoot: false, hostZone: base.hostZone, outputIsTerminal: true)
        _ = Attendance.run(arguments, in: context)
        return out.text
    }

    /// The text with every SGR sequence taken out.
    static func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test(
        "each status has its colour: P green, L yellow, HD orange (208), A red, WO grey, LV blue, M magenta; today inverse"
    )
    func colours() throws {
        let fixture = try ReportFixture.seeded()
        let text = Self.runInColour(fixture, "calendar", "E001", "--month", "2026-11")
        let esc = "\u{1B}["
        #expect(text.contains(" 2 \(esc)32mP \(esc)0m"))
        #expect(text.contains(" 3 \(esc)33mL \(esc)0m"))
        #expect(text.contains(" 5 \(esc)38;5;208mHD\(esc)0m"))
        #expect(text.contains(" 4 \(esc)31mA \(esc)0m"))
        #expect(text.contains(" 7 \(esc)90mWO\(esc)0m"))
        #expect(text.contains("16 \(esc)34mLV\(esc)0m"))
        #expect(text.contains("10 \(esc)35mM \(esc)0m"))
        #expect(text.contains("[\(esc)7m21 \(esc)0m\(esc)1;7;32mIN\(esc)0m]"))
        // Same layout as plain text.
        #expect(Self.stripped(text) == fixture.harness.run("calendar", "E001", "--month", "2026-11").out)
    }

    @Test("on a 16-colour terminal (TERM=linux) orange falls back to 33 and yellow is bright")
    func sixteenColours() throws {
        let fixture = try ReportFixture.seeded()
        let text = Self.runInColour(
            fixture, palette: ColorPalette(term: "linux"), "calendar", "E001", "--month", "2026-11")
        #expect(text.contains(" 5 \u{1B}[33mHD\u{1B}[0m"))
        #expect(text.contains(" 3 \u{1B}[1;33mL \u{1B}[0m"))
        #expect(!text.contains("38;5"))
        #expect(ColorPalette(term: "xterm-256color") == .extended)
    }

    @Test("a hostile name stored by direct means sends no escape byte of its own, in colour or not")
    func hostileName() throws {
        let fixture = try ReportFixture.seeded()
        try fixture.addEmployee("E666", "Eve\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m")
        for arguments in [["calendar", "E666"], ["register"], ["calendar", "E666", "--day", "2026-11-02"]] {
            let coloured = Self.runInColour(fixture, arguments: arguments)
            #expect(!Self.stripped(coloured).contains("\u{1B}"), "\(arguments)")
            #expect(!coloured.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x9B })
            #expect(coloured.contains("Eve␛"), "\(arguments)")
            let plain = fixture.harness.run(arguments).out
            #expect(!plain.unicodeScalars.contains { $0.isUnsafeForTerminal && $0 != "\n" }, "\(arguments)")
        }
    }
}
