import Foundation
import Testing

/// Where `make po` builds the catalogs, as the development build reads them.
let builtCatalogs: String =
    ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/locale").path

/// The scenario's day `day` as Foundation's own locale data writes it in `language`: the kiosk's
/// header is checked against it, not against the catalog it is drawn from.
func localDate(_ language: String, _ pattern: String, day: Int = 0) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language)
    formatter.timeZone = ScenarioClock.zone
    formatter.calendar = ScenarioClock.calendar
    formatter.dateFormat = pattern
    return formatter.string(from: ScenarioClock.instant(day: day, time: "12:00"))
}

/// The screen's lines, without the spaces that centre them and the empty lines after the last.
func lines(of screen: String) -> [String] {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
    while lines.last == "" { lines.removeLast() }
    return lines
}

@Suite("Kiosk in the office's language and each employee's own", .serialized)
struct KioskLanguageTests {
    /// An office in French; Asha Rao has no language of her own, Lucía Gómez reads Spanish.
    func frenchOffice() throws -> (Sandbox, KioskSession) {
        let s = try kioskSandbox(extraPolicy: KioskTests.everyDay, kiosk: #"language = "fr""#)
        #expect(try s.run("employee", "add", "E003", "--name", "Lucía Gómez", "--language", "es").status == 0)
        let kiosk = try KioskSession(sandbox: s, environment: ["ATTENDANCE_LOCALEDIR": builtCatalogs])
        return (s, kiosk)
    }

    @Test("the idle screen and a refusal speak the office's French")
    func idleAndRefusal() throws {
        let (s, kiosk) = try frenchOffice()
        s.clock.set(time: "08:00")
        let idle = lines(of: try kiosk.waitFor("Code employé : _"))
        let header = try #require(idle.first)
        #expect(header.hasPrefix("Test Office"), "\(header)")
        #expect(header.contains(localDate("fr", "EEEE d MMMM y") + "  08:0"), "\(header)")
        #expect(idle.contains("Code employé : _"))
        #expect(idle.contains("SIMULATED  ✓ WiFi OfficeNet (aa:bb:cc:dd:ee:01) — HQ lobby") == false)
        #expect(idle.contains("SIMULÉ  ✓ WiFi OfficeNet (aa:bb:cc:dd:ee:01) — HQ lobby"), "\(idle)")
        #expect(idle.last == "Tapez votre code employé et appuyez sur Entrée.")

        try kiosk.send("ZZZ9", "Enter")
        let refused = lines(of: try kiosk.waitFor("Code inconnu"))
        #expect(refused.contains("✗ Code inconnu ou PIN erroné"), "\(refused)")
        #expect(refused.contains("Rien n'a été enregistré. Veuillez réessayer."))
        #expect(refused.last == "Appuyez sur Entrée, ou tapez le code suivant.")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("an employee with no language of their own is greeted, marked in and told late in French")
    func frenchGreetingAndLateMarkIn() throws {
        let (s, kiosk) = try frenchOffice()
        s.clock.set(time: "09:47")
        try kiosk.waitFor("Code employé : _")
        try kiosk.send("E001", "Enter")
        let menu = lines(of: try kiosk.waitFor("Bonjour Asha Rao (E001)"))
        #expect(menu.contains("pas encore d'arrivée aujourd'hui"), "\(menu)")
        #expect(menu.contains("[I] Arrivée (IN)"))
        #expect(menu.contains("[C] Mon calendrier"))
        #expect(menu.contains("[X] Annuler"))
        #expect(menu.last == "Appuyez sur une lettre, ou choisissez avec les flèches puis Entrée.")
        try kiosk.send("i")
        // The whole screen below the header (whose clock ticks), as it is drawn.
        let marked = lines(of: try kiosk.waitFor("ENREGISTRÉ IN"))
        #expect(
            Array(marked.dropFirst()) == [
                String(repeating: "─", count: 79), "", "", "", "", "",
                "███ █   █     ███   ███      █   █ █████",
                "█  ██  █    █  ██ █   █  █  █   █     █",
                "█  █ █ █    █ █ █  ████     █████    █",
                "█  █  ██    ██  █     █  █      █   █",
                "███ █   █     ███   ███          █   █",
                "",
                "✓ ENREGISTRÉ IN 09:47 — en retard de 17 min",
                "",
                "Asha Rao (E001)",
                "WiFi : SSID OfficeNet, BSSID aa:bb:cc:dd:ee:01 [SIMULÉ] — HQ lobby",
                "", "", "", "", "",
                "SIMULÉ  ✓ WiFi OfficeNet (aa:bb:cc:dd:ee:01) — HQ lobby",
                "Appuyez sur Entrée, ou tapez le code suivant.",
            ], "\(marked)")
        #expect(try s.sqlite("SELECT kind FROM punch") == "in\n")
        // Back at the menu the late line is French too.
        try kiosk.send("Enter")
        try kiosk.waitFor("Code employé : _")
        s.clock.set(time: "10:30:30")
        try kiosk.send("E001", "Enter")
        let again = lines(of: try kiosk.waitFor("Bonjour Asha Rao (E001)"))
        #expect(again.contains("présent depuis 09:47 — 43 min de travail jusqu'ici"), "\(again)")
        #expect(again.contains("en retard de 17 min aujourd'hui"), "\(again)")
        #expect(again.contains("[O] Départ (OUT)"))
    }

    @Test("an employee in Spanish: greeting, mark in, calendar in Spanish; idle is French again")
    func spanishEmployee() throws {
        let (s, kiosk) = try frenchOffice()
        s.clock.set(time: "09:30")
        try kiosk.waitFor("Code employé : _")
        try kiosk.send("E003", "Enter")
        let menu = lines(of: try kiosk.waitFor("Hola, Lucía Gómez (E003)"))
        let header = try #require(menu.first)
        #expect(header.contains(localDate("es", "EEEE d 'de' MMMM 'de' y") + "  09:3"), "\(header)")
        #expect(menu.contains("aún sin entrada hoy"), "\(menu)")
        #expect(menu.contains("[I] Entrada (IN)"))
        #expect(menu.contains("[C] Mi calendario"))
        #expect(menu.contains("[X] Cancelar"))
        #expect(menu.last == "Pulse una letra, o elija con las flechas y pulse Intro.")

        try kiosk.send("c")
        let calendar = lines(of: try kiosk.waitFor("Intro: volver."))
        #expect(calendar.contains("E003  Lucía Gómez · " + localDate("es", "MMMM 'de' y")), "\(calendar)")
        #expect(calendar.contains("lun     mar     mié     jue     vie     sáb     dom"), "\(calendar)")
        #expect(
            calendar.contains {
                $0.hasPrefix("P presente  L retraso  HD medio día  A ausente  H festivo  WO descanso semanal")
            }, "\(calendar)")
        #expect(calendar.last == "Intro: volver. Izq./der.: otros meses. Arriba/abajo: otros días señalados.")
        try kiosk.send("Escape")
        try kiosk.waitFor("Hola, Lucía Gómez (E003)")

        try kiosk.send("i")
        let marked = lines(of: try kiosk.waitFor("REGISTRADO IN"))
        #expect(marked.contains("✓ REGISTRADO IN 09:30 — puntual"), "\(marked)")
        #expect(marked.last == "Pulse Intro, o teclee el siguiente código.")
        try kiosk.send("Enter")
        let idle = lines(of: try kiosk.waitFor("Code employé : _"))
        #expect(idle.last == "Tapez votre code employé et appuyez sur Entrée.")
        #expect(
            try s.sqlite("SELECT e.code, p.kind FROM punch p JOIN employee e ON e.id = p.employee_id") == "E003|in\n")
    }

    @Test("a store changed outside the program puts a French office's kiosk out of service, in French")
    func outOfServiceInFrench() throws {
        let s = try kioskSandbox(kiosk: #"language = "fr""#)
        _ = try s.sqlite("CREATE TRIGGER zz AFTER INSERT ON pin_attempt BEGIN SELECT 1; END;")
        let kiosk = try KioskSession(sandbox: s, environment: ["ATTENDANCE_LOCALEDIR": builtCatalogs])
        let screen = lines(of: try kiosk.waitFor("HORS SERVICE")).filter { !$0.isEmpty }
        #expect(
            screen == [
                "HORS SERVICE",
                "Les pointages ne peuvent pas être enregistrés sur cette borne pour le moment.",
                "Merci de prévenir votre responsable.",
                "La base de pointage a été modifiée en dehors de ce programme (déclencheur",
                "zz) ; lancez `attendance store check`, puis restaurez une sauvegarde.",
            ], "\(screen)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("a French office's kiosk with no store says why in French, and starts once the store is made")
    func noStoreInFrench() throws {
        let s = Sandbox(config: Office.config(kiosk: #"language = "fr""#, link: Office.bssid))
        let kiosk = try KioskSession(sandbox: s, environment: ["ATTENDANCE_LOCALEDIR": builtCatalogs])
        let screen = lines(of: try kiosk.waitFor("HORS SERVICE")).filter { !$0.isEmpty }.joined(separator: " ")
        #expect(screen.contains("aucune base à \(s.store) : elle n'existe pas"), "\(screen)")
        #expect(!screen.contains("no store"), "\(screen)")
        #expect(try s.run("employee", "add", "E001", "--name", "Asha Rao").status == 0)
        try kiosk.waitFor("Code employé : _", timeout: 15)
    }

    @Test("a language with no catalog is refused with the list of those there are")
    func unknownLanguages() throws {
        let s = try kioskSandbox()
        let added = try s.run("employee", "add", "E009", "--name", "Hans Weber", "--language", "de")
        #expect(added.status == 65)
        #expect(added.err.contains("invalid language \"de\": expected one of en, es, fr"), "\(added.err)")
        #expect(try s.sqlite("SELECT count(*) FROM employee WHERE code = 'E009'") == "0\n")
        #expect(try s.run("employee", "edit", "E001", "--language", "es").status == 0)
        #expect(try s.sqlite("SELECT language FROM employee WHERE code = 'E001'") == "es\n")
        #expect(try s.run("employee", "show", "E001").out.contains("  language:  es\n"))
        #expect(try s.run("employee", "edit", "E001", "--language", "none").status == 0)
        #expect(try s.sqlite("SELECT language IS NULL FROM employee WHERE code = 'E001'") == "1\n")

        let office = Sandbox(config: Office.config(kiosk: #"language = "de""#))
        let refused = try office.run("employee", "list")
        #expect(refused.status == 78, "\(refused.err)")
        #expect(refused.err.contains("language"), "\(refused.err)")
        #expect(refused.err.contains("en, es, fr"), "\(refused.err)")
    }
}
