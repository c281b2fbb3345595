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

    /// The columns tmux 3.3 and glibc's wcwidth give each text: a table padded by these lines up.
    @Test(
        "widths are terminal cells: combining marks and zero-width none, East Asian wide two, the rest one",
        arguments: [
            ("प्रिया शर्मा", 10),  // प ् र ि य ा: the virama none, the vowel signs one each
            ("नमस्ते", 4),
            ("李小龍", 6),
            ("ｱｲｳ", 3),  // halfwidth katakana
            ("ＡＢ", 4),  // fullwidth Latin
            ("김민준", 6),
            ("José", 4),
            ("Jose\u{301}", 4),
            ("Zoë Ñuñez", 9),
            ("a\u{200B}b", 2),  // a zero-width space
            ("👍", 2),
            ("👍🏽", 4),
            ("👨\u{200D}👩\u{200D}👧", 2),  // one picture
            ("❤\u{FE0F}", 1),
            ("🇮🇳", 2),  // one flag
        ])
    func cellWidths(text: String, columns: Int) {
        #expect(text.terminalWidth == columns)
    }

    @Test("a table lines its columns up in cells whatever the script")
    func tableInOtherScripts() {
        var table = TextTable(headers: ["CODE", "NAME", "DEPT"])
        table.append(["E001", "प्रिया शर्मा", "Sales"])
        table.append(["E002", "李小龍", "Ops"])
        table.append(["E003", "Asha Rao", "HR"])
        #expect(
            table.render() == """
                CODE  NAME        DEPT
                ----  ----------  -----
                E001  प्रिया शर्मा  Sales
                E002  李小龍      Ops
                E003  Asha Rao    HR

                """)
        #expect("प्रिया शर्मा".truncated(toWidth: 6) == "प्रिया…")
        #expect("李小龍李小龍".truncated(toWidth: 6) == "李小…")
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

@Suite("Calendar marks")
struct CalendarMarkTests {
    @Test(
        "runs of simulated dates are joined first–last",
        arguments: [
            ([1], "1"), ([2, 3], "2–3"), ([2, 3, 4, 9, 11, 12], "2–4, 9, 11–12"),
            (Array(1...31), "1–31"), ([5, 7, 9], "5, 7, 9"),
        ])
    func runs(days: [Int], text: String) {
        #expect(CalendarView.runs(days) == text)
    }
}

@Suite("Register closing lists")
struct RegisterClosingListTests {
    @Test("lines break between entries, never inside one, and the entries' spaces come back")
    func entriesKeptWhole() {
        let entries = (1...40).map { "E\(1000 + $0)~\($0 % 2 == 0 ? "L" : "HD")" }
        let lines = RegisterView.wrappedKeepingEntries("In now, status so far: " + entries.joined(separator: "; "))
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= RegisterView.width && !$0.contains("~") })
        let pieces = lines.joined(separator: " ").dropFirst("In now, status so far: ".count)
            .components(separatedBy: "; ")
        #expect(pieces == entries.map { $0.replacingOccurrences(of: "~", with: " ") })
        // Each line ends with a whole entry: a status, not a code.
        #expect(
            lines.allSatisfy { $0.hasSuffix("L") || $0.hasSuffix("HD") || $0.hasSuffix("L;") || $0.hasSuffix("HD;") })
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
            month: month, punches: [], leave: Dictionary(uniqueKeysWithValues: working.map { ($0, Leave.half) }))
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

    @Test("the Linux console's F1–F5 type nothing", arguments: ["A", "B", "C", "D", "E"])
    func linuxConsoleFunctionKeys(final: String) {
        let keys = KeyDecoder().decode(Array(("E0\u{1B}[[" + final + "1").utf8))
        #expect(keys == [.character("E"), .character("0"), .character("1")])
    }

    @Test("arrows and a lone escape still decode")
    func arrows() {
        #expect(KeyDecoder().decode(Array("\u{1B}[A\u{1B}[B".utf8)) == [.up, .down])
        #expect(KeyDecoder().decode([0x1B]) == [.escape])
    }
}

@Suite("Register pages")
struct RegisterPagesTests {
    final class Collected: TextSink, @unchecked Sendable {
        var text = ""
        func write(_ text: String) { self.text += text }
    }

    /// 60 employees, seven to a page; leave on dates that differ by employee, long names.
    static func view() throws -> RegisterView {
        let month = try #require(YearMonth(year: 2026, month: 3))
        let policy = Policy(zone: try #require(LocalZone(identifier: "Europe/Berlin")))
        let employees = try (1...60).map { number in
            Employee(
                id: Int64(number), code: try EmployeeCode(parsing: "E\(number)"),
                name: try PersonName(parsing: "Given\(number) Middle Family-Name-\(number)"), startDate: nil,
                endDate: nil, shiftStart: nil, shiftEnd: nil, isActive: true, hasPIN: false)
        }
        let leave = Dictionary(
            uniqueKeysWithValues: employees.map { employee in
                let dates = month.dates.filter { ($0.day + Int(employee.id)) % 5 == 0 }
                return (employee.id, Dictionary(uniqueKeysWithValues: dates.map { ($0, Leave.half) }))
            })
        let register = MonthRegister(
            period: DatePeriod(month), employees: employees, policy: policy,
            now: policy.zone.instant(on: month.lastDay, at: policy.shiftStart), punches: [:], leave: leave)
        return RegisterView(register: register, officeName: "Office", employeesPerPage: 7, asOf: "2026-03-31 09:00")
    }

    @Test("the pages are the register's rows a page's worth at a time, in order")
    func pagesInOrder() throws {
        let view = try Self.view()
        let rows = view.register.rows
        #expect(view.bands == [0..<31])
        let oneByOne = stride(from: 0, to: rows.count, by: 7).enumerated().map { index, start in
            view.page(start..<min(start + 7, rows.count), band: 0..<31, number: index + 1, of: 9)
        }
        #expect(view.pages == oneByOne)
        #expect(view.pages.count == 9)
    }

    @Test("written a page per core, in colour or plain, the text is the joined register's", arguments: [true, false])
    func writtenByPages(color: Bool) throws {
        let view = try Self.view()
        let (byPages, joined) = (Collected(), Collected())
        Console(sink: byPages, usesColor: color).write(view.parts)
        Console(sink: joined, usesColor: color).write(view.render())
        #expect(byPages.text == joined.text)
        #expect(byPages.text.contains("Page 9 of 9") && byPages.text.contains("\u{1B}[") == color)
    }

    @Test("lateness reads as the kiosk says it: minutes under an hour, hours and minutes from one")
    func lateText() {
        #expect(CalendarView.lateText(17) == "late by 17 min")
        #expect(CalendarView.lateText(59) == "late by 59 min")
        #expect(CalendarView.lateText(60) == "late by 1h 00m")
        #expect(CalendarView.lateText(750) == "late by 12h 30m")
    }

    @Test("a day detail's span and length never run together, however long the span")
    func detailRows() {
        #expect(DayDetailView.row("  09:00–13:00", "4h 00m") == "  09:00–13:00           4h 00m")
        let long = "  02:30+02:00 (+1)–02:40+01:00 (+1)"
        #expect(DayDetailView.row(long, "1h 10m") == long + "  1h 10m")
    }
}
