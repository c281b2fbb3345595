import AttendanceCore
import AttendanceDocuments
import AttendanceTestSupport
import Foundation
import Testing

/// Employees' calendars as a colour PDF, made by cairo and Pango and read back by poppler
/// (pdfinfo, pdftotext, pdftoppm) and qpdf.
@Suite("Calendars as a colour PDF")
struct CalendarPDFTests {
    /// The register's office, where W001 also came an hour late yesterday (past the default
    /// 09:30 shift start) by a manager's correction.
    static func office() throws -> Sandbox {
        let s = try RegisterPDFTests.office()
        for (time, kind) in [("10:30", "in"), ("18:00", "out")] {
            let added = try s.run(
                "punch", "add", "W001", "--at", ScenarioClock.typed(day: -1, time: time), "--kind", kind, "--reason",
                "badge left at home")
            #expect(added.status == 0, "\(added.err)")
        }
        return s
    }

    func tool(_ program: String, _ arguments: String...) throws -> ChildProcess { try runReader(program, arguments) }

    @Test("one portrait page: the days' times and hours, the summary, the flagged days and a line to sign")
    func readsBack() throws {
        let s = try Self.office()
        let pdf = s.folder + "/calendar.pdf"
        let written = try s.run("calendar", "W001", "--format", "pdf", "--output", pdf)
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out == "wrote W001's calendar for \(ScenarioClock.monthTitle()) (1 page) to \(pdf)\n")
        let info = try tool("/usr/bin/pdfinfo", pdf).outputText
        #expect(info.contains("Pages:           1"), "\(info)")
        #expect(info.contains("Page size:       595.28 x 841.89 pts (A4)"), "\(info)")
        #expect(try tool("/usr/bin/qpdf", "--check", pdf).status == 0)
        let text = try tool("/usr/bin/pdftotext", "-layout", pdf, "-").outputText
        for expected in [
            "W001 Asha Rao", ScenarioClock.monthTitle(), "Test Office — attendance calendar", "09:00 – 17:30",
            "8.50 h", "10:30 – 18:00", "7.50 h", "Present days", "worked 16.00 h", "Flagged days",
            "late by 1h 00m, corrected", "Employee's signature", "page 1 of 1",
        ] {
            #expect(text.contains(expected), "\(expected) in:\n\(text)")
        }
    }

    @Test(
        "--language fr and LANG=es_ES.UTF-8: month, weekdays, hours, summary, flagged days and signatures in the language"
    )
    func inTheReadersLanguage() throws {
        let s = try Self.office()
        let cases: [(arguments: [String], locale: String, expected: [String])] = [
            (
                ["--language", "fr"], "C.UTF-8",
                [
                    localDate("fr", "MMMM y"), "Test Office — calendrier de présence", "lun.", "mer.", "dim.",
                    "8,50 h", "Jours de présence", "16,00 h travaillées", "retards 1", "Jours signalés",
                    "en retard de 1h 00m, corrigé", "Signature de l'employé", "Vérifié par", "page 1 sur 1",
                ]
            ),
            (
                [], "es_ES.UTF-8",
                [
                    localDate("es", "MMMM 'de' y"), "Test Office — calendario de asistencia", "lun", "mié", "dom",
                    "8,50 h", "Días presentes", "16,00 h trabajadas", "Días señalados", "1h 00m de retraso, corregido",
                    "Firma del empleado", "Revisado por", "página 1 de 1",
                ]
            ),
        ]
        for (arguments, locale, expected) in cases {
            let pdf = s.folder + "/calendar-\(locale).pdf"
            let written = try s.run(
                ["calendar", "W001", "--format", "pdf", "--output", pdf] + arguments, locale: locale)
            #expect(written.status == 0, "\(written.err)")
            let text = try tool("/usr/bin/pdftotext", "-layout", pdf, "-").outputText
            for words in expected { #expect(text.contains(words), "\(words) in:\n\(text)") }
            for english in ["attendance calendar", "Present days", "Flagged days", "Employee's signature", "8.50 h"] {
                #expect(!text.contains(english), "\(english) left in English:\n\(text)")
            }
        }
    }

    @Test("days are painted in the register's colours: today's P green, the first date's A red")
    func colours() throws {
        let s = try Self.office()
        let pdf = s.folder + "/calendar.pdf"
        #expect(try s.run("calendar", "W001", "--format", "pdf", "--output", pdf).status == 0)
        // At 72 dots an inch a point is a pixel.
        let rendered = try tool("/usr/bin/pdftoppm", "-r", "72", "-singlefile", pdf, s.folder + "/page")
        #expect(rendered.status == 0, "\(rendered.errorText)")
        let page = try PPM(path: s.folder + "/page.ppm")
        let today = try AttendanceDate(parsing: ScenarioClock.day())
        let first = try #require(AttendanceDate(year: today.year, month: today.month, day: 1))
        // Every date before yesterday (which the office's correction made late) is absent.
        for (date, status) in [(today, DayStatus.present), (first, .absent)] where date != first || today.day > 2 {
            let cell = try #require(CalendarPDF.cell(of: date, weekStarts: .monday, paper: .a4))
            // The bottom left corner, clear of the texts and the outline.
            let pixel = page.pixel(x: Int(cell.x + 4), y: Int(cell.y + cell.height - 4))
            let expected = try #require(StatusColour.fill(status)?.bytes)
            #expect(RegisterPDFTests.near(pixel, expected), "\(status): \(pixel) at \(cell)")
        }
    }

    @Test("--all: a page for each active employee, in one PDF; --output - writes it to standard output")
    func everyone() throws {
        let s = try Self.office()
        #expect(try s.run("employee", "deactivate", "W004").status == 0)
        let pdf = s.folder + "/all.pdf"
        let written = try s.run("calendar", "--all", "--format", "pdf", "--output", pdf)
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out == "wrote the calendars for \(ScenarioClock.monthTitle()) (3 pages) to \(pdf)\n")
        #expect(try tool("/usr/bin/qpdf", "--check", pdf).status == 0)
        for (page, code) in [(1, "W001"), (2, "W002"), (3, "W003")] {
            let text = try tool("/usr/bin/pdftotext", "-f", String(page), "-l", String(page), pdf, "-").outputText
            #expect(text.contains(code) && text.contains("page \(page) of 3"), "page \(page):\n\(text)")
        }
        let piped = try s.runKeepingBytes(["calendar", "--all", "--format", "pdf", "--output", "-"])
        #expect(piped.status == 0, "\(piped.errorText)")
        #expect(piped.output.starts(with: Array("%PDF-".utf8)))
        let copy = s.folder + "/piped.pdf"
        try Data(piped.output).write(to: URL(fileURLWithPath: copy))
        #expect(try tool("/usr/bin/pdfinfo", copy).outputText.contains("Pages:           3"))
    }

    @Test("bad requests: an unwritable output exits 73 and leaves nothing; wrong combinations exit 64")
    func badInput() throws {
        let s = try Self.office()
        try s.expectOutputRefused(["calendar", "W001", "--format", "pdf"], file: "calendar.pdf")
        try s.expectOutputRefused(["calendar", "--all", "--format", "pdf"], file: "calendars.pdf")
        #expect(try s.run("calendar", "--all").status == 64)
        #expect(try s.run("calendar", "W001", "--format", "pdf").status == 64)
        #expect(try s.run("calendar", "W001", "--all", "--format", "pdf", "--output", "-").status == 64)
        #expect(try s.run("calendar", "W404", "--format", "pdf", "--output", s.folder + "/x.pdf").status == 65)
        let left = try FileManager.default.contentsOfDirectory(atPath: s.folder).filter {
            $0.hasSuffix(".partial") || $0.hasSuffix(".pdf")
        }
        #expect(left.isEmpty, "\(left)")
    }
}
