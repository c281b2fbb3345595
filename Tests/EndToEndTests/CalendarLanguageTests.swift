import Foundation
import Testing

@Suite("Calendars and the register in the reader's language")
struct CalendarLanguageTests {
    /// Asha Rao, marked in late at 09:47 on the scenario's day; the catalogs `make po` built.
    func office() throws -> Sandbox {
        let s = try kioskSandbox(extraPolicy: KioskTests.everyDay)
        s.clock.set(time: "09:47")
        let marked = try s.run("mark", "in", "E001")
        #expect(marked.status == 0, "\(marked.err)")
        return s
    }

    func calendar(_ s: Sandbox, _ arguments: [String] = [], language: String) throws -> Executable.Result {
        try Executable.run(
            ["calendar", "E001"] + arguments,
            environment: s.environment.merging(["LANG": language, "ATTENDANCE_LOCALEDIR": builtCatalogs]) { $1 })
    }

    /// The weekday header as the grid lays it out: each name in a day's cell of 7 columns.
    func header(_ names: [String]) -> String {
        names.map { " " + $0.padding(toLength: 6, withPad: " ", startingAt: 0) }.joined(separator: " ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    @Test("--language fr: month, weekdays, legend and summary in French; the codes stay")
    func french() throws {
        let s = try office()
        let shown = try calendar(s, ["--language", "fr"], language: "C.UTF-8")
        #expect(shown.status == 0, "\(shown.err)")
        let lines = shown.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "E001  Asha Rao · " + localDate("fr", "MMMM y"), "\(shown.out)")
        #expect(lines.contains(header(["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."])), "\(shown.out)")
        // Everything below the grid, whose days depend on the scenario's date, word for word.
        let below = try #require(lines.firstIndex { $0.hasPrefix("Aujourd'hui") })
        #expect(
            Array(lines[below...]) == [
                "Aujourd'hui : présent depuis 09:47, L pour l'instant (en retard de 17 min)",
                "",
                "P présent  L retard  HD demi-journée  A absent  H férié  WO repos hebdomadaire",
                "LV congé  M départ non pointé  IN sur place  – hors contrat  [ ] aujourd'hui",
                "P 0  L 0  HD 0  A 0  H 0  WO 0  LV 0  M 0",
                "Jours de présence 0 · 0,00 h travaillées · retards 0 · départs anticipés 0",
                "Pointages sur WiFi SIMULÉ : \(ScenarioClock.weekday().day)",
                "",
                "Jours signalés :",
                "  " + localDate("fr", "EEE") + " " + String(format: "%2d", ScenarioClock.weekday().day)
                    + "  IN  en retard de 17 min",
                "",
            ], "\(shown.out)")
    }

    @Test("LANG=es_ES.UTF-8 speaks Spanish without the locale being generated; LANG=C stays English")
    func locales() throws {
        let s = try office()
        let spanish = try calendar(s, language: "es_ES.UTF-8")
        #expect(spanish.status == 0, "\(spanish.err)")
        #expect(spanish.out.hasPrefix("E001  Asha Rao · " + localDate("es", "MMMM 'de' y") + "\n"), "\(spanish.out)")
        #expect(spanish.out.contains(header(["lun", "mar", "mié", "jue", "vie", "sáb", "dom"]) + "\n"))
        #expect(spanish.out.contains("\nDías presentes 0 · "), "\(spanish.out)")

        let english = try calendar(s, language: "C")
        #expect(english.out.hasPrefix("E001  Asha Rao · " + ScenarioClock.monthTitle() + "\n"), "\(english.out)")
        #expect(english.out.contains("\nPresent days 0 · worked 0.00 h · late 0 · early exit 0\n"), "\(english.out)")
        // The locale's language is a preference; an explicit one wins.
        let chosen = try calendar(s, ["--language", "en"], language: "fr_FR.UTF-8")
        #expect(chosen.out == english.out)
    }

    @Test("JSON is the same in every language; a language with no catalog is refused")
    func jsonAndRefusal() throws {
        let s = try office()
        let plain = try calendar(s, ["--format", "json"], language: "C")
        #expect(plain.status == 0)
        #expect(try calendar(s, ["--format", "json", "--language", "fr"], language: "C").out == plain.out)
        #expect(try calendar(s, ["--format", "json"], language: "es_ES.UTF-8").out == plain.out)
        let refused = try calendar(s, ["--language", "de"], language: "C")
        #expect(refused.status == 65)
        #expect(refused.err.contains("invalid language \"de\": expected one of en, es, fr"), "\(refused.err)")
    }

    @Test("the register in French and in Spanish; its CSV and JSON the same in every language")
    func register() throws {
        let s = try office()
        func run(_ arguments: [String], language: String) throws -> Executable.Result {
            try Executable.run(
                ["register"] + arguments,
                environment: s.environment.merging(["LANG": language, "ATTENDANCE_LOCALEDIR": builtCatalogs]) { $1 })
        }
        let french = try run(["--language", "fr"], language: "C.UTF-8")
        #expect(french.status == 0, "\(french.err)")
        let lines = french.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first?.hasPrefix("Test Office · Registre des présences · " + localDate("fr", "MMMM y") + " · au ")
                == true, "\(french.out)")
        #expect(lines.first?.hasSuffix("Page 1 sur 1") == true, "\(french.out)")
        #expect(lines[2].hasPrefix("Code Nom "), "\(french.out)")
        #expect(lines[2].hasSuffix(" Jrs  L HD  A LV  M Heures"), "\(french.out)")
        #expect(lines.contains("Présents, statut pour l'instant : E001 L"), "\(french.out)")
        #expect(
            lines.contains(
                "Jrs : jours de présence, P + L + ½ HD.  Heures : heures travaillées.  Une date vide est à venir."),
            "\(french.out)")
        let spanish = try run([], language: "es_ES.UTF-8")
        #expect(spanish.out.contains(" · Registro de asistencia · " + localDate("es", "MMMM 'de' y") + " · a "))
        #expect(spanish.out.contains(" Días  L HD  A LV  M  Horas\n"), "\(spanish.out)")

        for format in ["csv", "json"] {
            let plain = try run(["--format", format], language: "C")
            #expect(plain.status == 0)
            #expect(try run(["--format", format, "--language", "fr"], language: "C").out == plain.out)
            #expect(try run(["--format", format], language: "es_ES.UTF-8").out == plain.out)
        }
    }
}
