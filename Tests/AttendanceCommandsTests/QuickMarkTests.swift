import ArgumentParser
import AttendanceTestSupport
import Testing

@testable import AttendanceCommands

/// `MarkCommand.quick`, the one-shot mark's way around ArgumentParser's reflection, must never
/// read a command line otherwise than ArgumentParser does: it may only decline.
@Suite("The quick route into `attendance mark`")
struct QuickMarkTests {
    /// Everything a mark reads from its command line, to compare the two routes.
    struct Inputs: Equatable, CustomStringConvertible {
        let direction: String, code: String, note: String?, config: String?, store: String?
        let simulateWifi: String?, interface: String?

        init(_ command: MarkCommand) {
            direction = command.direction.rawValue
            code = command.code
            note = command.note
            config = command.global.config
            store = command.global.store
            simulateWifi = command.link.simulateWifi
            interface = command.link.interface?.description
        }

        var description: String {
            "\(direction) \(code) note=\(note ?? "-") config=\(config ?? "-") store=\(store ?? "-") "
                + "simulate=\(simulateWifi ?? "-") interface=\(interface ?? "-")"
        }
    }

    /// What ArgumentParser makes of `arguments`: the mark's inputs, or nil for another command
    /// or an error (help and version included).
    static func parsed(_ arguments: [String]) -> Inputs? {
        guard let command = try? Attendance.parseAsRoot(arguments) as? MarkCommand else { return nil }
        return Inputs(command)
    }

    /// Words a command line may be made of: the mark's own, the other options of `mark`, the
    /// parser's special words, and values that look like options or are empty.
    static let words = [
        "mark", "in", "out", "IN", "Out", "E001", "e-7", "help", "--store", "--config", "--note", "/tmp/s.sqlite",
        "a note", "--simulate-wifi", "Net@aa:bb:cc:dd:ee:01", "--interface", "wlan0", "-h", "--help", "--version",
        "--", "-", "", "--store=/x", "--note=", "-x", "Zoë", "--by", "kiosk", "--generate-completion-script",
    ]

    /// The command lines tried: "mark" and up to two more words, every one; and 600 mark lines
    /// made the way scripts write them (options before, between or after the two words), each
    /// with up to two words inserted, replaced or removed at random.
    static let lines: [[String]] = {
        var lines: [[String]] = [["mark"]]
        var frontier: [[String]] = [["mark"]]
        for _ in 1...2 {
            frontier = frontier.flatMap { line in words.map { line + [$0] } }
            lines += frontier
        }
        var generator = SeededGenerator(seed: 17)
        let options = [
            ("--store", ["/tmp/s.sqlite", "a b.sqlite", "postgresql://k@h:5432/a"]),
            ("--config", ["/etc/a.toml"]), ("--note", ["late bus", "Zoë", "x=y"]),
        ]
        for _ in 0..<600 {
            var line = [
                ["in", "out"].randomElement(using: &generator)!,
                ["E001", "e-7", "Zoë"].randomElement(using: &generator)!,
            ]
            for (name, values) in options where Bool.random(using: &generator) {
                let at = Int.random(in: 0...line.count, using: &generator)
                line.insert(contentsOf: [name, values.randomElement(using: &generator)!], at: at)
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let at = Int.random(in: 0..<line.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: line.insert(words.randomElement(using: &generator)!, at: at)
                case 1: line[at] = words.randomElement(using: &generator)!
                default: line.remove(at: at)
                }
                if line.isEmpty { break }
            }
            lines.append(["mark"] + line)
        }
        // Lines that are not `mark` at all.
        return lines + [[], ["in", "E001"], ["kiosk"], ["register", "in", "E001"], ["--version"], ["help", "mark"]]
    }()

    /// Whatever the quick route takes, ArgumentParser takes the same way. (In four parts, so
    /// that they run side by side: the parser's error paths are slow in a debug build.)
    @Test("the quick route reads a command line as ArgumentParser does, or leaves it to it", arguments: 0..<4)
    func agreesWithArgumentParser(part: Int) {
        var taken = 0
        var declinedButValid = 0
        for (index, line) in Self.lines.enumerated() where index % 4 == part {
            let expected = Self.parsed(line)
            guard let quick = MarkCommand.quick(line) else {
                if expected != nil { declinedButValid += 1 }
                continue
            }
            taken += 1
            #expect(Inputs(quick) == expected, "\(line)")
        }
        // Not a test that passes by declining everything: the usual forms go the quick way.
        #expect(taken > 40, "the quick route took only \(taken) lines")
        #expect(declinedButValid > 0)
    }

    @Test(
        "the forms badge readers send go the quick way",
        arguments: [
            ["mark", "in", "E001"], ["mark", "out", "E001", "--note", "left early"],
            ["mark", "--store", "/var/lib/a.sqlite", "in", "E001"], ["mark", "in", "E001", "--config", "/etc/a.toml"],
        ])
    func usualForms(line: [String]) throws {
        let quick = try #require(MarkCommand.quick(line))
        #expect(Inputs(quick) == Self.parsed(line))
    }

    @Test(
        "help, errors and other options are left to ArgumentParser",
        arguments: [
            ["mark", "in"], ["mark", "in", "E001", "E002"], ["mark", "IN", "E001"], ["mark", "in", "E001", "--help"],
            ["mark", "in", "E001", "--note"], ["mark", "in", "E001", "--note", "a", "--note", "b"],
            ["mark", "in", "--", "-E001"], ["mark", "in", "E001", "--store=/x"],
            ["mark", "in", "E001", "--interface", "wlan0"], ["mark", "in", ""], ["kiosk"],
        ])
    func declines(line: [String]) {
        #expect(MarkCommand.quick(line) == nil)
    }

    /// A field the quick route forgot would crash the mark on first reading: ArgumentParser's
    /// wrappers describe themselves as "*definition*" until a value is set.
    @Test("the quick route sets every field of the command, its option groups' included")
    func setsEveryField() throws {
        let quick = try #require(MarkCommand.quick(["mark", "in", "E001"]))
        var unset: [String] = []
        func visit(_ value: Any, path: String) {
            for child in Mirror(reflecting: value).children {
                let name = path + (child.label ?? "?")
                if String(describing: child.value).contains("*definition*") { unset.append(name) }
            }
        }
        visit(quick, path: "")
        visit(quick.global, path: "global.")
        visit(quick.link, path: "link.")
        #expect(unset.isEmpty, "unset: \(unset)")
    }

    @Test("`--version` alone is answered without the parser, with the parser's own words")
    func versionWithoutParser() throws {
        let harness = CommandHarness()
        let quick = harness.run("--version")
        #expect(quick.status == 0 && quick.err.isEmpty)
        // What ArgumentParser says for the same line.
        var parserSays = ""
        do {
            _ = try Attendance.parseAsRoot(["--version"])
        } catch {
            #expect(Attendance.exitCode(for: error) == .success)
            parserSays = Attendance.fullMessage(for: error)
        }
        #expect(!parserSays.isEmpty && quick.out == parserSays + "\n", "\(quick.out) vs \(parserSays)")
    }
}
