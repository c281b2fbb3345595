import AttendanceTestSupport
import Foundation
import Testing

/// The manager's web console in a real browser (Debian's chromium, driven by selenium from
/// `console_browser.py`), served by `attendance serve` on the scenario's clock against a store
/// the commands set up: sign-in, today, the colour register, a day, closing a forgotten
/// mark-out, refusals, a viewer, slowed guessing and an idle session's end.
@Suite("The manager's console in a browser")
struct ConsoleBrowserTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    /// Screenshots of the main pages, for a person to look at: `.build/console-screenshots`.
    static let screenshots = URL(fileURLWithPath: here).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/console-screenshots").path

    /// W001 worked yesterday and is in today; W002, whose name is a script tag, came 30 min late
    /// today; W003 never marked out yesterday and has not come today.
    static func office() throws -> Sandbox {
        let s = Sandbox(
            config: Office.config(policy: #"working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#))
        for (code, name) in [("W001", "Asha Rao"), ("W002", "<script>alert('x')</script>"), ("W003", "Mira Das")] {
            let added = try s.run("employee", "add", code, "--name", name, "--start-date", "2020-01-01")
            #expect(added.status == 0, "\(added.err)")
        }
        #expect(
            try s.run("wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "Lobby").status
                == 0)
        let marks: [(day: Int, time: String, kind: String, code: String)] = [
            (-1, "09:00", "in", "W001"), (-1, "09:00", "in", "W003"), (-1, "17:30", "out", "W001"),
            (0, "09:00", "in", "W001"), (0, "10:00", "in", "W002"),
        ]
        for mark in marks {
            s.clock.set(day: mark.day, time: mark.time)
            let marked = try s.run("mark", mark.kind, mark.code)
            #expect(marked.status == 0, "\(mark): \(marked.err)")
        }
        s.clock.set(time: "10:05")
        for (name, role) in [("boss", "manager"), ("eve", "viewer")] {
            let added = try s.run("manager", "add", name, "--role", role, input: "correct horse battery\n")
            #expect(added.status == 0, "\(added.err)")
        }
        return s
    }

    /// `attendance serve` on a port the system chooses, and its address once it listens.
    static func serve(
        _ s: Sandbox, environment extra: [String: String]? = nil, arguments: [String] = []
    ) throws -> (ChildProcess, String) {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        environment.merge(extra ?? s.environment) { $1 }
        let server = try ChildProcess(
            Executable.attendance, (["serve", "--listen", "127.0.0.1:0"] + arguments).map { Array($0.utf8) },
            environment: environment, input: [], folder: s.folder)
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            if let line = server.outputText.split(separator: "\n").first(where: { $0.hasPrefix("attendance console: ") }
            ),
                let url = line.split(separator: " ").dropFirst(2).first
            {
                return (server, String(url))
            }
            if server.wait(timeout: 0.1) != nil { break }
        }
        server.send(SIGKILL)
        _ = server.waitToEnd()
        Issue.record("the console did not start: \(server.outputText) \(server.errorText)")
        throw CancellationError()
    }

    func browser(_ phase: String, _ url: String, _ s: Sandbox) throws -> ChildProcess {
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        let run = try ChildProcess(
            "/usr/bin/python3",
            [
                Self.here + "/console_browser.py", phase, url, Self.screenshots, s.folder + "/browser.json",
                ScenarioClock.day(-1),
            ].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin", "HOME": s.folder, "LANG": "C.UTF-8"], input: [], folder: s.folder)
        let ended = run.finish(timeout: 240)
        #expect(ended != nil, "the browser hung")
        return run
    }

    @Test("a manager signs in, reads the register, follows a cell, closes a mark-out; the rest is refused")
    func managerAndViewer() throws {
        let s = try Self.office()
        let (server, url) = try Self.serve(s)
        defer {
            server.send(SIGTERM)
            _ = server.finish(timeout: 30)
        }
        let main = try browser("main", url, s)
        #expect(main.status == 0, "\(main.outputText)\n\(main.errorText)")
        #expect(main.outputText.contains("console: every check passed"), "\(main.outputText)")

        // The correction is in the store, made as "boss via web", with its reason.
        let punches = try s.run("punch", "list", "W003", "--format", "csv")
        #expect(punches.out.contains("\(ScenarioClock.day(-1)) 18:00"), "\(punches.out)")
        let audit = try s.run("audit", "--format", "json")
        #expect(audit.out.contains("boss via web"), "\(audit.out)")
        #expect(audit.out.contains("forgot to mark out"), "\(audit.out)")
        // Sign-ins, refused ones too, are audited; the viewer's try changed nothing.
        #expect(audit.out.contains("sign-in refused"), "\(audit.out)")
        #expect(!audit.out.contains("a viewer's try"), "\(audit.out)")
        #expect(try s.run("missing").out.contains("no missing mark-outs"))

        // Half an hour later on the scenario's clock, the viewer's idle session is over.
        s.clock.advance(by: 31 * 60)
        let expired = try browser("expired", url, s)
        #expect(expired.status == 0, "\(expired.outputText)\n\(expired.errorText)")

        server.send(SIGTERM)
        let ended = server.finish(timeout: 30)
        #expect(ended == .exited(0), "the console did not stop cleanly on SIGTERM: \(String(describing: ended))")
        #expect(!server.errorText.contains("Fatal error"), "\(server.errorText)")
    }

    @Test("a manager adds an employee, resets a PIN, allows WiFi, imports holidays, grants leave; a viewer cannot")
    func administration() throws {
        let s = try Self.office()
        let (server, url) = try Self.serve(
            s, environment: s.environment.merging(["ATTENDANCE_PEPPER": s.folder + "/pepper"]) { $1 })
        defer {
            server.send(SIGTERM)
            _ = server.finish(timeout: 30)
        }
        let admin = try browser("admin", url, s)
        #expect(admin.status == 0, "\(admin.outputText)\n\(admin.errorText)\n\(server.errorText)")
        #expect(admin.outputText.contains("console: the administration checks passed"), "\(admin.outputText)")

        // What the pages did is in the store, made as "boss via web"; what was refused is not.
        let shown = try s.run("employee", "show", "W004", "--format", "json")
        let employee = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any], "\(shown.out)")
        #expect(employee["name"] as? String == "Ravi Kumar" && employee["shift_start"] as? String == "10:00")
        #expect(employee["has_pin"] as? Bool == true, "\(shown.out)")
        let wifi = try s.run("wifi", "list", "--format", "csv")
        #expect(wifi.out.contains("aa:bb:cc:dd:ee:02,Upstairs,First floor"), "\(wifi.out)")
        #expect(!wifi.out.contains("aa:bb:cc:dd:ee:09"), "\(wifi.out)")
        let year = Int(ScenarioClock.day(-1).prefix(4))! + 1
        let holidays = try s.run("holiday", "list", "\(year)", "--format", "csv")
        #expect(holidays.out.contains("Republic Day") && holidays.out.contains("Independence Day"), "\(holidays.out)")
        #expect(!holidays.out.contains("Broken") && !holidays.out.contains("Forged"), "\(holidays.out)")
        let leave = try s.run("leave", "list", "W001", "--format", "csv")
        #expect(leave.out.contains("family visit"), "\(leave.out)")
        #expect(try s.run("employee", "show", "W009").status != 0, "a viewer added an employee")
        let audit = try s.run("audit", "--format", "json")
        for expected in ["reset-pin", "import", "family visit", "First floor"] {
            #expect(audit.out.contains(expected), "the audit log lacks \(expected)")
        }
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(audit.out.utf8)) as? [[String: Any]], "\(audit.out)")
        let web = entries.filter { ($0["actor"] as? String) == "boss via web" }.compactMap { $0["entity"] as? String }
        for entity in ["employee", "wifi", "holiday", "leave"] {
            #expect(web.contains(entity), "no change to \(entity) made as boss via web: \(Set(web))")
        }
        #expect(!audit.out.contains("a viewer's try"), "\(audit.out)")
    }

    @Test("at a desk of the central store: kiosks' punches appear, a mark-out closed there reaches the kiosk")
    func atTheCentre() throws {
        if let reason = PostgresServer.unavailableReason {
            Issue.record("PostgreSQL is needed: \(reason)")
            return
        }
        let org = try Organisation()
        try org.setUp(employees: 2)
        let added = try org.desk("manager", "add", "boss", "--role", "manager", input: "correct horse battery\n")
        #expect(added.status == 0, "\(added.err)")
        // The kiosks learn the employees the desk added.
        for kiosk in ["a", "b"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        org.sandbox.clock.set(day: -1, time: "09:00")
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("b", "mark", "in", "W002").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        org.sandbox.clock.set(time: "10:00")

        let (server, url) = try Self.serve(
            org.sandbox, environment: org.deskEnvironment, arguments: ["--store", org.server.url])
        defer {
            server.send(SIGTERM)
            _ = server.finish(timeout: 30)
        }
        let desk = try browser("central", url, org.sandbox)
        #expect(desk.status == 0, "\(desk.outputText)\n\(desk.errorText)\n\(server.errorText)")
        // The console's sync sends the correction up within its period; kiosk a then has it.
        let arrived = try CentralStoreTests.eventually(seconds: 40) {
            try org.server.count("SELECT count(*) FROM punch WHERE kind = 'out'") == 1
        }
        #expect(arrived, "the console's correction did not reach the centre: \(server.errorText)")
        #expect(try org.kiosk("a", "sync").status == 0)
        let missing = try org.kiosk("a", "missing")
        #expect(missing.out.contains("no missing mark-outs"), "\(missing.out)")
    }

    @Test("the pages speak the language the browser asks for: French, Spanish, else the office's")
    func language() throws {
        let s = try Self.office()
        let (server, url) = try Self.serve(
            s, environment: s.environment.merging(["ATTENDANCE_LOCALEDIR": builtCatalogs]) { $1 })
        defer {
            server.send(SIGTERM)
            _ = server.finish(timeout: 30)
        }
        let tools = ["PATH": "/usr/bin:/bin", "HOME": s.folder]
        func get(_ path: String, _ language: String, cookie: String? = nil) throws -> String {
            try ChildProcess.run(
                "/usr/bin/curl",
                ["-sS", "-H", "Accept-Language: \(language)", url + path]
                    + (cookie.map { ["-H", "Cookie: attendance_session=\($0)"] } ?? []), environment: tools
            ).outputText
        }
        let french = try get("/login", "fr-CH, fr;q=0.9, en;q=0.8")
        #expect(french.contains("<html lang=\"fr\">") && french.contains("Se connecter"), "\(french)")
        let spanish = try get("/login", "de, es;q=0.7, fr;q=0.3")
        #expect(spanish.contains("<html lang=\"es\">") && spanish.contains("Iniciar sesión"), "\(spanish)")
        // A language there is no catalog for: the office's, which this office leaves to English.
        let other = try get("/login", "de-DE")
        #expect(other.contains("<html lang=\"en\">") && other.contains("Sign in"), "\(other)")

        let signedIn = try ChildProcess.run(
            "/usr/bin/curl",
            [
                "-sS", "-o", "/dev/null", "-D", "-", "--data-urlencode", "name=boss", "--data-urlencode",
                "password=correct horse battery", url + "/login",
            ], environment: tools)
        let cookie = try #require(
            signedIn.outputText.firstMatch(of: /attendance_session=([^;\r\n]+)/).map { String($0.1) },
            "\(signedIn.outputText)")
        let today = try get("/", "es", cookie: cookie)
        for expected in [
            "Presentes ahora (2)", ">Hoy</a>", ">Registro</a>", "Cerrar sesión", "presente desde las 09:00",
        ] {
            #expect(today.contains(expected), "\(expected) in:\n\(today)")
        }
        // Names stay escaped whatever the language.
        #expect(today.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") && !today.contains("<script>"))
        let register = try get("/register", "fr", cookie: cookie)
        for expected in ["Registre — ", "Télécharger :", "Tableur", "P présent", "Départs anticipés"] {
            #expect(register.contains(expected), "\(expected) in:\n\(register)")
        }
        let calendar = try get("/employees/W001", "fr", cookie: cookie)
        for expected in ["Jours de présence", "Jours signalés", ">lun.<"] {
            #expect(calendar.contains(expected), "\(expected) in:\n\(calendar)")
        }
        let day = try get("/employees/W001/days/\(ScenarioClock.day())", "es", cookie: cookie)
        for expected in ["Fichajes", "Trabajado: ", "Añadir un fichaje que el quiosco no registró", "Anular"] {
            #expect(day.contains(expected), "\(expected) in:\n\(day)")
        }
        let pages = [
            ("/health", "fr", ["La base est saine", "Historique"]),
            ("/audit", "fr", ["Afficher", "Quand", "connexion en tant que responsable boss"]),
            ("/wifi", "es", ["Permitir un punto de acceso", "Ubicación", "permitido"]),
            ("/holidays", "es", ["Añadir un festivo", "Importar un calendario"]),
            ("/leave", "fr", ["Accorder un congé", "Au (pour plusieurs dates)", "demi-journée"]),
            ("/employees", "es", ["Añadir un empleado", "Idioma en el quiosco", "Detalles"]),
            ("/no-such-page", "fr", ["Cette page n&#39;existe pas.", "Retour à aujourd'hui"]),
            ("/missing", "es", ["Salidas olvidadas de los últimos", "Sesión abierta", "Solicitudes"]),
            ("/requests", "fr", ["Aucune demande en attente.", "Demandes"]),
            ("/employees/W001/manage", "fr", ["Réinitialiser le code PIN", "Désactiver", "Horaire propre"]),
        ]
        for (path, language, texts) in pages {
            let page = try get(path, language, cookie: cookie)
            for expected in texts { #expect(page.contains(expected), "\(path): \(expected) in:\n\(page)") }
        }
    }

    @Test("plain HTTP beyond this machine is refused at start, naming TLS")
    func plaintextBeyondLoopback() throws {
        let s = try Self.office()
        let refused = try s.run("serve", "--listen", "0.0.0.0:8080")
        #expect(refused.status == 65, "\(refused.status) \(refused.err)")
        #expect(refused.err.contains("only with TLS"), "\(refused.err)")
        let half = try s.run("serve", "--tls-cert", "/nonexistent.pem")
        #expect(half.status == 64, "\(half.err)")
    }

    @Test("over TLS the console serves its certificate and a Secure cookie, on loopback and beyond it")
    func overTLS() throws {
        let s = try Self.office()
        let (cert, key) = (s.folder + "/console.pem", s.folder + "/console.key")
        let tools = ["PATH": "/usr/bin:/bin", "HOME": s.folder]
        let made = try ChildProcess.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ], environment: tools)
        #expect(made.status == 0, "\(made.errorText)")
        for listen in ["127.0.0.1:0", "0.0.0.0:0"] {
            let (server, url) = try Self.serve(
                s, arguments: ["--listen", listen, "--tls-cert", cert, "--tls-key", key])
            defer {
                server.send(SIGTERM)
                _ = server.finish(timeout: 30)
            }
            #expect(url.hasPrefix("https://"), "\(url)")
            let port = url.split(separator: ":").last.map { $0.filter(\.isNumber) } ?? ""
            let base = "https://127.0.0.1:\(port)"
            // The certificate is checked against the one made above: no --insecure.
            let page = try ChildProcess.run(
                "/usr/bin/curl", ["-sS", "--cacert", cert, "-o", "/dev/null", "-w", "%{http_code}", base + "/login"],
                environment: tools)
            #expect(page.outputText == "200", "\(listen): \(page.outputText) \(page.errorText)")
            let signedIn = try ChildProcess.run(
                "/usr/bin/curl",
                [
                    "-sS", "--cacert", cert, "-o", "/dev/null", "-D", "-", "--data-urlencode", "name=boss",
                    "--data-urlencode", "password=correct horse battery", base + "/login",
                ], environment: tools)
            let cookie = signedIn.outputText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
            #expect(
                cookie.map { $0.contains("HttpOnly") && $0.contains("SameSite=Strict") && $0.contains("Secure") }
                    == true, "\(listen): \(signedIn.outputText) \(signedIn.errorText)")
            // Plain HTTP on the TLS port gets no page.
            let plain = try ChildProcess.run(
                "/usr/bin/curl", ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/login"],
                environment: tools)
            #expect(plain.outputText != "200", "\(listen): plain HTTP got a page")
        }
    }
}
