import AttendanceCore
import AttendanceDocuments
import AttendanceTestSupport
import Foundation
import Testing

/// The register as a workbook, made by libxlsxwriter and read back by openpyxl (Debian's
/// python3-openpyxl, through /usr/bin/python3): values, fills, number formats, frozen panes and
/// filters as a spreadsheet program sees them.
@Suite("The register as a spreadsheet")
struct RegisterWorkbookTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracles/xlsx_facts.py").path

    /// The PDF tests' office (W001 worked 09:00–17:30 today, W002 has leave today, every day a
    /// working day), and W005 whose name is markup and a formula.
    static func office() throws -> Sandbox {
        let s = try RegisterPDFTests.office()
        let added = try s.run(
            "employee", "add", "W005", "--name", #"=HYPERLINK("x") <b>&amp; O'Brien"#, "--start-date", "2020-01-01")
        #expect(added.status == 0, "\(added.err)")
        return s
    }

    /// What openpyxl reads in the workbook at `path`.
    static func facts(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let read = try ChildProcess.run(
            "/usr/bin/python3", [oracle, path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        try #require(read.status == 0, "openpyxl: \(read.errorText)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(read.outputText.utf8))
        return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The cells of `sheet`, by their A1 names.
    static func cells(_ facts: [String: Any], _ sheet: String) -> [String: [String: Any]] {
        ((facts[sheet] as? [String: Any])?["cells"] as? [String: [String: Any]]) ?? [:]
    }

    /// "A", "Z", "AA", … for column `index` from 0.
    static func column(_ index: Int) -> String {
        var name = ""
        var rest = index + 1
        while rest > 0 {
            let digit = (rest - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + digit))) + name
            rest = (rest - 1) / 26
        }
        return name
    }

    /// "FFA5D6A7": the fill openpyxl reads for `status`'s colour.
    static func argb(_ status: Colour?) -> String? { status.map { String(format: "FF%06X", $0.rgb) } }

    @Test("the grid: codes filled in the PDF's colours, figures as numbers, frozen header and names, a filter")
    func grid() throws {
        let s = try Self.office()
        let path = s.folder + "/register.xlsx"
        let written = try s.run("register", "--format", "xlsx", "--output", path)
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out == "wrote the register for \(ScenarioClock.monthTitle()) (5 employees) to \(path)\n")
        let facts = try Self.facts(path)
        #expect(facts["sheets"] as? [String] == ["Register", "Days", "Legend"])
        #expect((facts["title"] as? String)?.hasPrefix("Attendance register \(ScenarioClock.month())") == true)

        let sheet = try #require(facts["Register"] as? [String: Any])
        let cells = Self.cells(facts, "Register")
        let days = RegisterPDFTests.daysInScenarioMonth
        let today = Int(ScenarioClock.day().suffix(2)) ?? 1
        let last = Self.column(2 + days + 8)
        #expect(sheet["freeze"] as? String == "C2")
        #expect(sheet["filter"] as? String == "A1:\(last)6")
        #expect(cells["A1"]?["value"] as? String == "Code")
        // Names as they were given: other scripts, and markup and a formula that stay text.
        #expect(cells["B3"]?["value"] as? String == "राजेश कुमार")
        #expect(cells["B4"]?["value"] as? String == "محمد العلي")
        #expect(cells["B6"]?["value"] as? String == #"=HYPERLINK("x") <b>&amp; O'Brien"#)
        #expect(cells["B6"]?["type"] as? String == "s")
        // Each date's heading is a date.
        #expect(cells["C1"]?["value"] as? String == "\(ScenarioClock.month())-01T00:00:00")
        #expect(cells["C1"]?["format"] as? String == "d ddd")

        let todayColumn = Self.column(2 + today - 1)
        #expect(cells["\(todayColumn)2"]?["value"] as? String == "P")
        #expect(cells["\(todayColumn)2"]?["fill"] as? String == Self.argb(StatusColour.fill(.present)))
        #expect(cells["\(todayColumn)3"]?["value"] as? String == "LV")
        #expect(cells["\(todayColumn)3"]?["fill"] as? String == Self.argb(StatusColour.fill(.leave)))
        if today > 1 {
            #expect(cells["C2"]?["value"] as? String == "A")
            #expect(cells["C2"]?["fill"] as? String == Self.argb(StatusColour.fill(.absent)))
        }
        // The figures: W001's hours, a number shown with two decimals, and their heading.
        let hours = Self.column(2 + days + 6)
        #expect(cells["\(hours)1"]?["value"] as? String == "Hours")
        #expect(cells["\(hours)2"]?["type"] as? String == "n")
        #expect((cells["\(hours)2"]?["value"] as? Double) == 8.5)
        #expect(cells["\(hours)2"]?["format"] as? String == "0.00")
        let present = Self.column(2 + days)
        #expect((cells["\(present)2"]?["value"] as? Double) == 1)
    }

    @Test("the payroll sheet: a row per employee per date, dates and times as dates, hours as numbers")
    func payrollDays() throws {
        let s = try Self.office()
        let path = s.folder + "/register.xlsx"
        #expect(try s.run("register", "--format", "xlsx", "--output", path).status == 0)
        let facts = try Self.facts(path)
        let sheet = try #require(facts["Days"] as? [String: Any])
        let cells = Self.cells(facts, "Days")
        let today = Int(ScenarioClock.day().suffix(2)) ?? 1
        // Five employees, each every date up to today.
        #expect(sheet["rows"] as? Int == 1 + 5 * today)
        #expect(sheet["freeze"] as? String == "A2")
        #expect(sheet["filter"] as? String == "A1:H\(1 + 5 * today)")
        #expect(
            (1...8).map { cells["\(Self.column($0 - 1))1"]?["value"] as? String }
                == ["Code", "Name", "Date", "First in", "Last out", "Hours", "Status", "Flags"])
        // W001's today is their last row.
        let row = today + 1
        #expect(cells["A\(row)"]?["value"] as? String == "W001")
        #expect(cells["C\(row)"]?["value"] as? String == "\(ScenarioClock.day())T00:00:00")
        #expect(cells["C\(row)"]?["format"] as? String == "yyyy-mm-dd")
        #expect(cells["D\(row)"]?["value"] as? String == "\(ScenarioClock.day())T09:00:00")
        #expect(cells["E\(row)"]?["value"] as? String == "\(ScenarioClock.day())T17:30:00")
        #expect(cells["E\(row)"]?["format"] as? String == "hh:mm")
        #expect((cells["F\(row)"]?["value"] as? Double) == 8.5)
        #expect(cells["F\(row)"]?["format"] as? String == "0.00")
        #expect(cells["G\(row)"]?["value"] as? String == "P")
        // Out at 17:30, before the default shift end.
        #expect(cells["H\(row)"]?["value"] as? String == "early exit, simulated WiFi")
        // The legend: each code in its colour, and the digest `store verify` accepts.
        let legend = Self.cells(facts, "Legend")
        #expect(legend["A2"]?["value"] as? String == "P")
        #expect(legend["A2"]?["fill"] as? String == Self.argb(StatusColour.fill(.present)))
        let history = try #require(
            legend.values.compactMap { $0["value"] as? String }.first { $0.hasPrefix("digest ") })
        let digest = String(history.dropFirst(7).prefix(64))
        #expect(try s.run("store", "verify", "--digest", digest).status == 0)
    }

    @Test("the week's hours as a workbook: numbers in the statuses' colours, the total, frozen names, a filter")
    func week() throws {
        let s = try Self.office()
        let path = s.folder + "/week.xlsx"
        let written = try s.run("summary", "--week", "--format", "xlsx", "--output", path)
        #expect(written.status == 0, "\(written.err)")
        let today = try AttendanceDate(parsing: ScenarioClock.day())
        let monday = today.startOfWeek(.monday)
        #expect(written.out == "wrote the hours of the week of \(monday) to \(path)\n")
        let facts = try Self.facts(path)
        #expect(facts["sheets"] as? [String] == ["Week"])
        let sheet = try #require(facts["Week"] as? [String: Any])
        #expect(sheet["freeze"] as? String == "C2")
        #expect(sheet["filter"] as? String == "A1:J6")
        let cells = Self.cells(facts, "Week")
        #expect(cells["C1"]?["value"] as? String == "\(monday)T00:00:00")
        let column = Self.column(2 + today.weekday.mondayIndex)
        #expect((cells["\(column)2"]?["value"] as? Double) == 8.5)
        #expect(cells["\(column)2"]?["format"] as? String == "0.00")
        #expect(cells["\(column)2"]?["fill"] as? String == Self.argb(StatusColour.fill(.present)))
        #expect(cells["\(column)3"]?["fill"] as? String == Self.argb(StatusColour.fill(.leave)))
        #expect(cells["J1"]?["value"] as? String == "Total")
        #expect((cells["J2"]?["value"] as? Double) == 8.5)
        #expect(try s.run("summary", "--week", "--format", "xlsx").status == 64)
    }

    @Test(
        "--language fr and LANG=es_ES.UTF-8: sheet names, headings, flags and legend in the language; codes, dates and figures unchanged"
    )
    func inTheReadersLanguage() throws {
        let s = try Self.office()
        let days = RegisterPDFTests.daysInScenarioMonth
        let today = Int(ScenarioClock.day().suffix(2)) ?? 1
        let cases:
            [(
                arguments: [String], locale: String, sheets: [String], dateFormat: String, headings: [String],
                flags: String, legend: String
            )] = [
                (
                    ["--language", "fr"], "C.UTF-8", ["Registre", "Jours", "Légende"], "[$-40C]d ddd",
                    ["Code", "Nom", "Date", "Première arrivée", "Dernier départ", "Heures", "Statut", "Signalements"],
                    "départ anticipé, WiFi simulé", "présent"
                ),
                (
                    [], "es_ES.UTF-8", ["Registro", "Días", "Leyenda"], "[$-C0A]d ddd",
                    ["Código", "Nombre", "Fecha", "Primera entrada", "Última salida", "Horas", "Estado", "Avisos"],
                    "salida anticipada, WiFi simulado", "presente"
                ),
            ]
        for (arguments, locale, sheets, dateFormat, headings, flags, legend) in cases {
            let path = s.folder + "/register-\(locale).xlsx"
            let written = try s.run(["register", "--format", "xlsx", "--output", path] + arguments, locale: locale)
            #expect(written.status == 0, "\(written.err)")
            let facts = try Self.facts(path)
            #expect(facts["sheets"] as? [String] == sheets)
            let grid = Self.cells(facts, sheets[0])
            #expect(grid["B1"]?["value"] as? String == headings[1])
            // A date's heading is still a date, its weekday named in the language.
            #expect(grid["C1"]?["value"] as? String == "\(ScenarioClock.month())-01T00:00:00")
            #expect(grid["C1"]?["format"] as? String == dateFormat)
            #expect(grid["\(Self.column(2 + today - 1))2"]?["value"] as? String == "P")
            let hours = Self.column(2 + days + 6)
            #expect(grid["\(hours)1"]?["value"] as? String == headings[5])
            #expect(grid["\(hours)2"]?["type"] as? String == "n")
            #expect((grid["\(hours)2"]?["value"] as? Double) == 8.5)
            let rows = Self.cells(facts, sheets[1])
            #expect((1...8).map { rows["\(Self.column($0 - 1))1"]?["value"] as? String } == headings)
            #expect(rows["H\(today + 1)"]?["value"] as? String == flags)
            #expect(rows["G\(today + 1)"]?["value"] as? String == "P")
            #expect(Self.cells(facts, sheets[2])["B2"]?["value"] as? String == legend)
        }
        // The week's workbook too.
        let week = s.folder + "/week-fr.xlsx"
        #expect(
            try s.run(["summary", "--week", "--format", "xlsx", "--output", week, "--language", "fr"], locale: "C")
                .status == 0)
        let facts = try Self.facts(week)
        #expect(facts["sheets"] as? [String] == ["Semaine"])
        let cells = Self.cells(facts, "Semaine")
        #expect(cells["B1"]?["value"] as? String == "Nom")
        #expect(cells["C1"]?["format"] as? String == "[$-40C]ddd d mmm")
        #expect(cells["J1"]?["value"] as? String == "Total")
    }

    @Test("--output - writes the workbook, and only it, to standard output")
    func standardOutput() throws {
        let s = try Self.office()
        let child = try s.runKeepingBytes(["register", "--format", "xlsx", "--output", "-"])
        #expect(child.status == 0, "\(child.errorText)")
        #expect(child.output.starts(with: Array("PK\u{03}\u{04}".utf8)))
        let path = s.folder + "/piped.xlsx"
        try Data(child.output).write(to: URL(fileURLWithPath: path))
        #expect(Self.cells(try Self.facts(path), "Register")["A2"]?["value"] as? String == "W001")
    }

    @Test("an output that cannot be written exits 73 naming it and leaves nothing; the store is never written over")
    func badOutput() throws {
        let s = try Self.office()
        try s.expectOutputRefused(["register", "--format", "xlsx"], file: "register.xlsx")
        // A device is written into, never renamed over.
        let device = try s.run("register", "--format", "xlsx", "--output", "/dev/full")
        #expect(device.status == 73, "\(device.err)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try s.run("register", "--format", "xlsx").status == 64)
        #expect(try s.run("register", "--format", "csv", "--output", s.folder + "/x").status == 64)
        let left = try FileManager.default.contentsOfDirectory(atPath: s.folder).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a full disk exits 73 and leaves no file, not even a partial one", .enabled(if: canMount))
    func fullDisk() throws {
        let s = try Self.office()
        let disk = try TinyDisk(in: s.folder, kilobytes: 64)
        defer { withExtendedLifetime(s) { disk.unmount() } }
        disk.fill()
        let path = disk.path + "/register.xlsx"
        let refused = try s.run("register", "--format", "xlsx", "--output", path)
        #expect(refused.status == 73, "\(refused.err)")
        // One line, with the system's reason, and none of libxlsxwriter's own.
        #expect(
            refused.err == "attendance: cannot write \(path): No space left on device; nothing was written there\n",
            "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler"])
    }
}
