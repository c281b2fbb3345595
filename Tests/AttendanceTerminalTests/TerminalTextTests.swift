import AttendanceCore
import Testing

@testable import AttendanceTerminal

/// The one place untrusted text meets the terminal, and the widths the views lay out with.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test(
        "control characters become visible, layout survives",
        arguments: [
            ("Eve\u{1B}[2J", "Eve␛[2J"),
            ("bell\u{07}", "bell␇"),
            ("C1 \u{9B}31m", "C1 �31m"),
            ("right\u{202E}left", "right�left"),
            ("two\nlines\tand a tab\r\n", "two\nlines\tand a tab\r\n"),
            ("lone\rreturn", "lone␍return"),
        ])
    func sanitised(raw: String, shown: String) {
        #expect(TerminalOutput.safe(raw) == shown)
    }

    /// Printable ASCII is checked by its bytes before its scalars: both must keep the same text.
    @Test("every ASCII character is kept exactly when it is printable, a line feed or a tab")
    func asciiCharacters() {
        for byte in UInt8(0)...0x7F {
            let scalar = Unicode.Scalar(byte)
            let text = "a" + String(Character(scalar)) + "b"
            let kept = TerminalOutput.safe(text) == text
            #expect(kept == (!scalar.isUnsafeForTerminal || byte == 0x0A || byte == 0x09), "byte \(byte)")
        }
    }

    @Test("widths count columns: wide scripts take two, combining marks none")
    func widths() {
        #expect("Asha".terminalWidth == 4)
        #expect("李小龍".terminalWidth == 6)
        #expect("e\u{301}".terminalWidth == 1)
        #expect("Wolfgang Amadeus Mozart".truncated(toWidth: 8) == "Wolfgan…")
        #expect("7".leftPadded(toWidth: 3) == "  7")
    }
}

@Suite("Register counts")
struct RegisterCountTests {
    @Test("half days print as ½ in two columns", arguments: [(0, "0"), (1, "½"), (2, "1"), (7, "3½"), (20, "10")])
    func halves(halves: Int, text: String) throws {
        // A month whose only counted dates are `halves` half-day-leave absences (0.5 LV + 0.5 A each).
        let month = try #require(YearMonth(year: 2026, month: 3))
        let policy = Policy(zone: try #require(LocalZone(identifier: "Europe/Berlin")))
        let employee = Employee(
            id: 1, code: try EmployeeCode(parsing: "E1"), name: try PersonName(parsing: "Asha Rao"), startDate: nil,
            endDate: nil, shiftStart: nil, shiftEnd: nil, isActive: true, hasPIN: false)
        let engine = StatusEngine(
            employee: employee, policy: policy,
            now: policy.zone.instant(on: month.lastDay.adding(days: 5), at: policy.shiftStart))
        let working = month.dates.filter(policy.isWorkingDay).prefix(halves)
        let evaluation = engine.evaluate(
            month: month, punches: [], leave: Dictionary(uniqueKeysWithValues: working.map { ($0, LeaveKind.half) }))
        #expect(RegisterView.count(evaluation.summary, .leave) == text)
    }
}

@Suite("Keys")
struct KeyDecoderTests {
    @Test(
        "a pasted OSC or APC string is dropped whole, whatever ends it",
        arguments: ["\u{1B}]52;c;aGk=\u{07}", "\u{1B}]52;c;aGk=\u{1B}\\", "\u{1B}_hidden\u{07}", "\u{1B}^pm\u{1B}\\"])
    func stringSequences(sequence: String) {
        let keys = KeyDecoder().decode(Array(("E0" + sequence + "1").utf8))
        #expect(keys == [.character("E"), .character("0"), .character("1")])
    }

    @Test("arrows and a lone escape still decode")
    func arrows() {
        #expect(KeyDecoder().decode(Array("\u{1B}[A\u{1B}[B".utf8)) == [.up, .down])
        #expect(KeyDecoder().decode([0x1B]) == [.escape])
    }

    @Test("wrapping printable ASCII by its bytes gives the lines wrapping by characters gives")
    func asciiWrappingMatches() {
        // A fixed sequence (a 64-bit LCG), so a failure repeats.
        struct Sequence: RandomNumberGenerator {
            var state: UInt64 = 17
            mutating func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state
            }
        }
        var random = Sequence()
        let alphabet = Array("ab -Z9;.")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            for width in [1, 2, 3, 5, 8, 13, 40] where text.terminalWidth > width {
                #expect(text.wrapped(toWidth: width) == text.wrappedByCharacters(toWidth: width), "\(text) at \(width)")
            }
        }
    }
}
