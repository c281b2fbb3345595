import AttendanceDocuments
import AttendanceTestSupport
import Foundation
import Testing

/// The register as a colour PDF, made by cairo and Pango and read back by tools that are not
/// ours: poppler's pdfinfo, pdftotext, pdffonts and pdftoppm, and qpdf.
@Suite("The register as a colour PDF")
struct RegisterPDFTests {
    /// An office where every day is a working day, with names in four scripts and one too long
    /// for its cell; W001 worked today, W002 has leave today.
    static func office() throws -> Sandbox {
        let s = Sandbox(
            config: Office.config(policy: #"working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#))
        let names = [
            "Asha Rao", "राजेश कुमार", "محمد العلي", "Maximiliana Evangelista Bartholomew-Richardson Fitzgerald",
        ]
        for (index, name) in names.enumerated() {
            let added = try s.run(
                "employee", "add", Office.code(index + 1), "--name", name, "--start-date", "2020-01-01")
            #expect(added.status == 0, "\(added.err)")
        }
        #expect(
            try s.run("wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "Lobby").status
                == 0)
        #expect(try s.run("leave", "add", "W002", ScenarioClock.day(), "--reason", "family").status == 0)
        s.clock.set(time: "09:00")
        #expect(try s.run("mark", "in", "W001").status == 0)
        s.clock.set(time: "17:30")
        #expect(try s.run("mark", "out", "W001").status == 0)
        return s
    }

    func tool(_ program: String, _ arguments: String...) throws -> ChildProcess { try runReader(program, arguments) }

    @Test("one landscape A4 page: every name shaped, the figures, the legend, page x of y and the digest")
    func readsBack() throws {
        let s = try Self.office()
        let pdf = s.folder + "/register.pdf"
        let written = try s.run("register", "--format", "pdf", "--output", pdf)
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out.contains("wrote the register for "), "\(written.out)")
        #expect(written.out.contains("(1 page) to \(pdf)"), "\(written.out)")

        let info = try tool("/usr/bin/pdfinfo", pdf).outputText
        #expect(info.contains("Pages:           1"), "\(info)")
        #expect(info.contains("Page size:       841.89 x 595.28 pts (A4)"), "\(info)")
        #expect(try tool("/usr/bin/qpdf", "--check", pdf).status == 0)
        // Every font used is embedded: the page prints the same on any printer.
        let fonts = try tool("/usr/bin/pdffonts", pdf).outputText.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty && fonts.allSatisfy { $0.contains(" yes ") }, "\(fonts)")

        let text = try tool("/usr/bin/pdftotext", "-layout", pdf, "-").outputText
        // pdftotext reads Devanagari with a space inside a cluster, and Arabic in its visual order:
        // the parts are looked for.
        for expected in [
            "Test Office — attendance register", "Asha Rao", "राजेश", "العلي", "page 1 of 1", "History digest ",
            "present", "missing mark-out", "Checked by",
        ] {
            #expect(text.contains(expected), "\(expected) in:\n\(text)")
        }
        let digest = try #require(
            text.split(separator: "\n").first { $0.contains("History digest ") }?.split(separator: " ")
                .first { $0.count == 64 })
        #expect(try s.run("store", "verify", "--digest", String(digest)).status == 0)
    }

    @Test("--language fr and LANG=es_ES.UTF-8: title, columns, legend, footer and sign-off read back in the language")
    func inTheReadersLanguage() throws {
        let s = try Self.office()
        let cases: [(arguments: [String], locale: String, expected: [String], english: [String])] = [
            (
                ["--language", "fr"], "C.UTF-8",
                [
                    "Test Office — registre des présences, " + localDate("fr", "MMMM y"), "au ", "Code", "Nom", "Jrs",
                    "présent", "départ non pointé", "corrigé par un responsable", "Jrs : jours de présence",
                    "Pointages sur WiFi SIMULÉ : W001", "Vérifié par", "Empreinte de l'historique ", "page 1 sur 1",
                ],
                ["attendance register", "present days", "Checked by", "History digest", "page 1 of"]
            ),
            (
                [], "es_ES.UTF-8",
                [
                    "Test Office — registro de asistencia, " + localDate("es", "MMMM 'de' y"), "a fecha de ", "Nombre",
                    "Días", "presente", "salida sin fichar", "corregido por un responsable",
                    "Días: días presentes", "Revisado por", "Resumen del historial ", "página 1 de 1",
                ],
                ["attendance register", "present days", "Checked by", "History digest", "page 1 of"]
            ),
        ]
        for (arguments, locale, expected, english) in cases {
            let pdf = s.folder + "/register-\(locale).pdf"
            let written = try s.run(["register", "--format", "pdf", "--output", pdf] + arguments, locale: locale)
            #expect(written.status == 0, "\(written.err)")
            let text = try tool("/usr/bin/pdftotext", "-layout", pdf, "-").outputText
            for words in expected { #expect(text.contains(words), "\(words) in:\n\(text)") }
            for words in english { #expect(!text.contains(words), "\(words) left in English:\n\(text)") }
            // The codes are the same in every language.
            #expect(text.contains(" P ") && text.contains(" LV "), "\(text)")
        }
    }

    @Test("today's cells are painted in their statuses' colours: W001's P green, W002's LV teal")
    func colours() throws {
        // At 72 dots an inch a point is a pixel.
        let page = try renderedRegister(dotsPerInch: 72)
        let day = Int(ScenarioClock.day().suffix(2)) ?? 1
        let days = Self.daysInScenarioMonth
        for (row, status) in [(0, "P"), (1, "LV")] {
            let cell = RegisterPDF.cell(row: row, dateIndex: day - 1, days: days, paper: .a4)
            // A corner of the cell, clear of the code written in its middle and of the grid.
            let pixel = page.pixel(x: Int(cell.x + 2.5), y: Int(cell.y + cell.height - 2.5))
            let expected = StatusColour.fill(status == "P" ? .present : .leave)?.bytes
            #expect(expected.map { Self.near(pixel, $0) } == true, "\(status): \(pixel) at \(cell)")
        }
    }

    @Test("a name too long for its column is cut inside its cell: the first date's cell holds only its code")
    func longName() throws {
        let page = try renderedRegister(dotsPerInch: 144)
        // Day 1 is A for both: Asha Rao's short name and the 58-character one leave it alike.
        func darkPixels(row: Int) -> Int {
            let cell = RegisterPDF.cell(row: row, dateIndex: 0, days: Self.daysInScenarioMonth, paper: .a4)
            var dark = 0
            for y in Int(cell.y * 2)..<Int((cell.y + cell.height) * 2) {
                for x in Int(cell.x * 2)..<Int((cell.x + cell.width) * 2) {
                    let (r, g, b) = page.pixel(x: x, y: y)
                    if Int(r) + Int(g) + Int(b) < 200 { dark += 1 }
                }
            }
            return dark
        }
        let short = darkPixels(row: 0)
        #expect(short > 0, "the code is written in the cell")
        #expect(abs(darkPixels(row: 3) - short) <= short / 5, "\(darkPixels(row: 3)) against \(short)")
    }

    /// The office's register of this month as a PDF, its first page rendered by poppler.
    func renderedRegister(dotsPerInch: Int) throws -> PPM {
        let s = try Self.office()
        let pdf = s.folder + "/register.pdf"
        #expect(try s.run("register", "--format", "pdf", "--output", pdf).status == 0)
        let rendered = try tool("/usr/bin/pdftoppm", "-r", String(dotsPerInch), "-singlefile", pdf, s.folder + "/page")
        #expect(rendered.status == 0, "\(rendered.errorText)")
        return try PPM(path: s.folder + "/page.ppm")
    }

    /// The number of dates in the scenario's month.
    static var daysInScenarioMonth: Int {
        let parts = ScenarioClock.month().split(separator: "-").compactMap { Int($0) }
        var components = DateComponents(year: parts[0], month: parts[1])
        components.day = 1
        let calendar = Calendar(identifier: .gregorian)
        return calendar.range(of: .day, in: .month, for: calendar.date(from: components)!)?.count ?? 30
    }

    static func near(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Bool {
        abs(Int(a.0) - Int(b.0)) <= 3 && abs(Int(a.1) - Int(b.1)) <= 3 && abs(Int(a.2) - Int(b.2)) <= 3
    }

    @Test("an output that cannot be written exits 73 naming it and leaves nothing; the store is never written over")
    func badOutput() throws {
        let s = try Self.office()
        try s.expectOutputRefused(["register", "--format", "pdf"], file: "register.pdf")
        #expect(try s.run("register", "--format", "pdf").status == 64)
        // Nothing was left beside the files asked for.
        let left = try FileManager.default.contentsOfDirectory(atPath: s.folder).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a name no installed font can draw is said on stderr, with the Debian package that has its letters")
    func missingFont() throws {
        let s = try Self.office()
        #expect(try s.run("employee", "add", "W009", "--name", "王小明", "--start-date", "2020-01-01").status == 0)
        let written = try s.run("register", "--format", "pdf", "--output", s.folder + "/register.pdf")
        #expect(written.status == 0, "\(written.err)")
        let cjk = try tool("/usr/bin/fc-list", ":lang=zh").outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        if cjk.isEmpty {
            #expect(written.err.contains("\"王小明\""), "\(written.err)")
            #expect(written.err.contains("install fonts-noto-cjk"), "\(written.err)")
        } else {
            #expect(!written.err.contains("王小明"), "\(written.err)")
        }
    }
}

/// A binary PPM (P6) page from pdftoppm.
struct PPM {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // "P6", width, height, maximum, each after white space; then one byte of white space.
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var field = ""
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A {
                field.append(Character(Unicode.Scalar(bytes[index])))
                index += 1
            }
            fields.append(field)
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.width = width
        self.height = height
        pixels = Array(bytes[(index + 1)...])
    }

    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let offset = (y * width + x) * 3
        guard x >= 0, y >= 0, x < width, y < height, offset + 2 < pixels.count else { return (0, 0, 0) }
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
