import Foundation
import Testing

/// What the command line says about what it did, or why it refused, in the reader's language:
/// `--language` for the commands that take it, else the locale's.
@Suite("The command line's own sentences in French and Spanish")
struct CommandLanguageTests {
    let h = CommandHarness()

    init() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
        h.readBuiltCatalogs()
    }

    @Test("register --language fr says in French that it wrote the workbook, and refuses options in French")
    func registerInFrench() {
        let path = h.folder + "/registre.xlsx"
        let written = h.run("register", "--format", "xlsx", "--output", path, "--language", "fr")
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out == "registre de novembre 2026 (1 employé) écrit dans \(path)\n")
        #expect(written.err == "")
        let refused = h.run("register", "--printer", "Bureau", "--language", "fr")
        #expect(refused.status == 64)
        #expect(refused.err.hasPrefix("Error: --printer va avec --print\n"), "\(refused.err)")
        // English without a language, and the same refusal in the locale's Spanish.
        #expect(
            h.run("register", "--format", "xlsx", "--output", path).out
                == "wrote the register for November 2026 (1 employee) to \(path)\n")
        h.environment["LANG"] = "es_ES.UTF-8"
        #expect(h.run("register", "--printer", "Bureau").err.hasPrefix("Error: --printer va con --print\n"))
    }

    @Test("LANG=es_ES.UTF-8: holidays, leave, missing mark-outs and a deactivation are confirmed in Spanish")
    func settingUpInSpanish() {
        h.environment["LANG"] = "es_ES.UTF-8"
        #expect(
            h.run("holiday", "add", "2026-12-25", "--name", "Navidad").out == "festivo añadido: 2026-12-25 Navidad\n")
        #expect(
            h.run("holiday", "list", "2027").out
                == "ningún festivo en 2027; añada uno con `attendance holiday add FECHA --name NOMBRE` o importe un "
                + "calendario\n")
        #expect(
            h.run("leave", "add", "E001", "2026-11-25", "--half", "--reason", "médico").out
                == "permiso registrado para E001 el 2026-11-25 (media jornada)\n")
        #expect(h.run("missing", "--month", "2026-11").out == "ninguna salida sin fichar en noviembre de 2026\n")
        #expect(
            h.run("employee", "deactivate", "E001", "--end-date", "2026-11-30").out
                == "E001 Asha Rao desactivado; último día 2026-11-30; esta persona ficha hasta entonces\n")
        let gone = h.run("holiday", "remove", "2026-12-25", "--to", "2026-12-24")
        #expect(gone.status == 65)
        #expect(gone.err == "attendance: --to 2026-12-24 es anterior a 2026-12-25\n")
    }

    @Test("LANG=es_ES.UTF-8: new PIN slips and an unlock are confirmed in Spanish")
    func pinsInSpanish() {
        h.environment["LANG"] = "es_ES.UTF-8"
        let made = h.run("employee", "pins", "E001")
        #expect(made.status == 0, "\(made.err)")
        #expect(
            made.err
                == "attendance: nuevos PIN de un solo uso para 1 empleado; las hojas de arriba son su única copia: "
                + "entregue cada una y no guarde ninguna\n")
        #expect(
            h.run("employee", "pins", "--all-without-pin").err
                == "attendance: todas las personas empleadas ya tienen PIN; no se creó ningún PIN\n")
        #expect(h.run("employee", "unlock", "E001").out == "E001 no estaba bloqueado; nada que desbloquear\n")
    }

    @Test("a correction says in French what it did and the date's status that follows; LANG=C stays English")
    func correctionInFrench() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        h.environment["LANG"] = "fr_FR.UTF-8"
        #expect(
            h.run("punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "oubli").out
                == """
                pointage 2 ajouté : E001 OUT à 2026-11-18 18:00 le 2026-11-18
                le 2026-11-18 est désormais L (retard) ; signalements : en retard, corrigé

                """)
        h.environment["LANG"] = "C"
        #expect(
            h.run("punch", "void", "2", "--reason", "wrong person").out == """
                voided punch 2: E001 OUT at 2026-11-18 18:00 on 2026-11-18
                2026-11-18 is now M (missing mark-out); flags: corrected, missing mark-out

                """)
    }

    @Test("LANG=fr_FR.UTF-8: store check, backup and verify answer in French; LANG=C stays English")
    func storeInFrench() throws {
        h.environment["LANG"] = "C"
        let english = h.run("store", "verify")
        #expect(english.status == 0, "\(english.err)")
        let history = english.out.split(separator: "\n")[1]
        #expect(history.hasPrefix("history: 1 record, digest "), "\(history)")
        let digest = String(history.split(separator: " ").last ?? "")
        #expect(english.out == "store:   \(h.storePath)\n\(history)\nintact\n")

        h.environment["LANG"] = "fr_FR.UTF-8"
        let check = h.run("store", "check")
        #expect(check.status == 0, "\(check.err)")
        #expect(
            check.out == "base : \(h.storePath)\njournal_mode=wal synchronous=2 busy_timeout=5000ms\naucun problème\n")
        let verified = h.run("store", "verify", "--digest", digest)
        #expect(verified.status == 0, "\(verified.err)")
        #expect(
            verified.out == """
                base :       \(h.storePath)
                historique : 1 enregistrement, empreinte \(digest)
                empreinte :  \(digest) correspond au premier enregistrement de cet historique
                intact

                """)
        let badDigest = h.run("store", "verify", "--digest", "abc")
        #expect(badDigest.status == 64)
        #expect(
            badDigest.err.hasPrefix("Error: empreinte \"abc\" invalide : 64 chiffres hexadécimaux attendus\n"),
            "\(badDigest.err)")
        let copy = h.folder + "/copie.sqlite"
        let backup = h.run("store", "backup", copy)
        #expect(backup.out == "\(h.storePath) sauvegardée dans \(copy) (intégrité vérifiée)\n", "\(backup.err)")
        let nothing = h.run("store", "backup")
        #expect(nothing.status == 65)
        #expect(
            nothing.err
                == "attendance: indiquez le fichier de la sauvegarde, ou un dossier avec --into ; rien n'a été écrit\n")
    }

    @Test("LANG=es_ES.UTF-8: a second backup of the day says in Spanish that the first is kept")
    func dailyBackupInSpanish() throws {
        h.environment["LANG"] = "es_ES.UTF-8"
        let folder = h.folder + "/copias"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/attendance-2026-11-21.sqlite"
        #expect(
            h.run("store", "backup", "--into", folder).out
                == "copia de seguridad de \(h.storePath) en \(file) (integridad correcta)\n")
        #expect(
            h.run("store", "backup", "--into", folder).out
                == "\(file) ya existe: la copia de hoy se conserva tal cual\n")
    }

    @Test("LANG=fr_FR.UTF-8: config check words the office's warnings in French; the TOML it prints stays as it is")
    func configCheckInFrench() {
        h.writeConfig("[kiosk]\nrequire_pin = true\n")
        h.environment["LANG"] = "C"
        let english = h.run("config", "check")
        h.environment["LANG"] = "fr_FR.UTF-8"
        let french = h.run("config", "check", "--strict")
        #expect(french.status == 4)
        let config = h.folder + "/none.toml"
        // The effective configuration is TOML, the same in every language but its first comment.
        let toml = english.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .prefix { !$0.hasPrefix("# configuration OK") }.joined(separator: "\n")
        #expect(
            french.out == """
                # configuration en vigueur d'après \(config)
                \(toml)
                # configuration correcte (\(config))
                # avertissement : require_pin = true, mais 1 employé sur 1 n'a pas de PIN (E001) : la borne le refuse ; \
                définissez-en un avec `attendance employee set-pin CODE`
                # avertissement : aucun point d'accès n'est autorisé : la borne refuse tous les pointages ; sur la \
                borne, lancez `attendance wifi allow --current --location NOM`
                # avertissement : aucun code de sortie (exit_code_hash de [kiosk]) : la borne ne s'arrête que lorsque \
                son service est arrêté ; créez-en un avec `attendance kiosk hash-exit-code` et ajoutez sa ligne à [kiosk]
                # bureau : 3 avertissements ci-dessus ; la borne fonctionne, mais pas comme configuré

                """)
        #expect(
            french.err == "attendance: config check --strict : 3 avertissements sur le bureau (indiqués ci-dessus)\n")
    }

    @Test("LANG=es_ES.UTF-8: wifi allow, current, list and revoke answer in Spanish; JSON and CSV do not change")
    func wifiInSpanish() {
        h.writeConfig("[wifi]\nsource = \"simulated\"\nssid = \"OfficeNet\"\nbssid = \"aa:bb:cc:dd:ee:01\"\n")
        h.environment["LANG"] = "C"
        let english = h.run("wifi", "current")
        #expect(english.status == 1)
        let englishJSON = h.run("wifi", "current", "--format", "json").out
        h.environment["LANG"] = "es_ES.UTF-8"
        // JSON, the refusal's reason included, is the same in every language.
        #expect(h.run("wifi", "current", "--format", "json").out == englishJSON)
        #expect(
            h.run("wifi", "list").out
                == "todavía no hay puntos de acceso permitidos; añada uno con `attendance wifi allow`\n")
        let allowed = h.run("wifi", "allow", "--current", "--location", "Sede")
        #expect(allowed.status == 0, "\(allowed.err)")
        #expect(
            allowed.out == "nota: la conexión actual es SIMULADA\npermitido aa:bb:cc:dd:ee:01 (OfficeNet) en Sede\n")
        let current = h.run("wifi", "current")
        #expect(current.status == 0, "\(current.err)")
        let lines = english.out.split(separator: "\n").map(String.init)
        let value = { (line: Int) in String(lines[line].dropFirst(11)) }
        #expect(lines.count == 7 && lines[0] == "SIMULATED link (not read from the kernel)", "\(english.out)")
        #expect(
            current.out == """
                conexión SIMULADA (no leída del núcleo)
                interfaz    \(value(1))
                SSID        OfficeNet
                BSSID       aa:bb:cc:dd:ee:01
                frecuencia  \(value(4) == "unknown" ? "desconocida" : value(4))
                señal       \(value(5) == "unknown" ? "desconocida" : value(5))
                permitida   sí — Sede

                """)
        let spanishJSON = h.run("wifi", "current", "--format", "json").out
        #expect(spanishJSON.contains("Sede"))
        h.environment["LANG"] = "C"
        #expect(h.run("wifi", "current", "--format", "json").out == spanishJSON)
        h.environment["LANG"] = "es_ES.UTF-8"
        #expect(h.run("wifi", "revoke", "aa:bb:cc:dd:ee:01").out == "revocado aa:bb:cc:dd:ee:01\n")
        let refused = h.run("wifi", "allow", "--location", "Sede")
        #expect(refused.status == 64)
        #expect(
            refused.err.hasPrefix("Error: indique --bssid (con un --ssid opcional) o --current\n"), "\(refused.err)")
    }

    @Test("LANG=fr_FR.UTF-8: manager add, passwd and remove confirm in French")
    func managerInFrench() {
        h.environment["LANG"] = "fr_FR.UTF-8"
        h.input = ["correct horse battery"]
        #expect(h.run("manager", "list").out == "aucun compte de console\n")
        #expect(h.run("manager", "add", "chef", "--role", "manager").out == "responsable chef ajouté\n")
        #expect(h.run("manager", "add", "lea", "--role", "viewer").out == "lecteur lea ajouté\n")
        h.input = ["another long password"]
        #expect(h.run("manager", "passwd", "lea").out == "nouveau mot de passe défini pour lea\n")
        #expect(
            h.run("manager", "remove", "lea").out
                == "lea supprimé : ce compte ne peut plus se connecter, et ses sessions ouvertes prennent fin à leur "
                + "prochaine requête\n")
        let serve = h.run("serve", "--tls-cert", "cert.pem")
        #expect(serve.status == 64)
        #expect(serve.err == "attendance: --tls-cert et --tls-key vont ensemble ; indiquez les deux ou aucun\n")
    }

    @Test("LANG=fr_FR.UTF-8: sync --status and a sync that cannot reach the centre answer in French")
    func syncInFrench() {
        h.environment["LANG"] = "fr_FR.UTF-8"
        let unconfigured = h.run("sync")
        #expect(unconfigured.status == 78)
        #expect(
            unconfigured.err
                == "attendance: aucun serveur central n'est configuré : ajoutez url et kiosk_id à [central] dans la "
                + "configuration, ou indiquez --store postgresql://UTILISATEUR@HÔTE:PORT/BASE\n")
        h.writeConfig("[central]\nurl = \"postgresql://kiosk@127.0.0.1:1/attendance\"\nkiosk_id = \"hq\"\n")
        h.environment["LANG"] = "C"
        let english = h.run("sync", "--status")
        #expect(english.status == 0, "\(english.err)")
        let server = english.out.split(separator: "\n")[1].dropFirst(14)
        h.environment["LANG"] = "fr_FR.UTF-8"
        let status = h.run("sync", "--status")
        #expect(
            status.out == """
                base :              \(h.storePath)
                serveur central :   \(server)
                se synchronise en : hq (borne)
                dernière réussite : jamais
                en attente :        0 pointage, 0 correction, 1 entrée du journal d'audit, 0 demande

                """)
        let unreachable = h.run("sync")
        #expect(unreachable.status == 69)
        #expect(
            unreachable.err.hasSuffix(
                " ; rien n'est perdu : 1 enregistrement attend dans cette base et remontera à la prochaine "
                    + "synchronisation\n"), "\(unreachable.err)")
    }

    @Test("a listing's text table has its headers and words in the reader's language; its CSV and JSON never change")
    func listingHeaders() {
        h.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ")
        h.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:02", "--ssid", "OfficeNet", "--location", "Annexe")
        h.run("wifi", "revoke", "aa:bb:cc:dd:ee:02")
        h.environment["LANG"] = "fr_FR.UTF-8"
        #expect(
            h.run("wifi", "list", "--all").out == """
                BSSID              SSID       LIEU    ÉTAT
                -----------------  ---------  ------  --------
                aa:bb:cc:dd:ee:01  (tous)     HQ      autorisé
                aa:bb:cc:dd:ee:02  OfficeNet  Annexe  révoqué

                """)
        #expect(
            h.run("employee", "list").out.hasPrefix("CODE  NOM       HORAIRE    DU          JUSQU'AU  ÉTAT"),
            "\(h.run("employee", "list").out)")
        // Scripts read the same bytes whatever the language.
        for (command, format) in [("wifi", "csv"), ("wifi", "json"), ("employee", "csv"), ("employee", "json")] {
            let arguments = [command, "list", "--format", format] + (command == "wifi" ? ["--all"] : [])
            h.environment["LANG"] = "C"
            let english = h.run(arguments).out
            for language in ["fr_FR.UTF-8", "es_ES.UTF-8"] {
                h.environment["LANG"] = language
                #expect(h.run(arguments).out == english, "\(command) --format \(format) under \(language)")
            }
        }
    }

    @Test("employees and punches are listed and shown in French, cells too; the punches' CSV never changes")
    func employeesAndPunchesInFrench() throws {
        h.run("employee", "add", "E002", "--name", "Bo Chen", "--shift-start", "08:00", "--shift-end", "16:30")
        h.run("employee", "deactivate", "E002", "--end-date", "2026-12-31")
        try h.kiosk(.in, "2026-11-18 09:20")
        try h.kiosk(.out, "2026-11-18 18:05")
        h.run("punch", "retime", "1", "--at", "2026-11-18 09:10", "--reason", "badge oublié", "--by", "boss")
        h.run("punch", "void", "2", "--reason", "erreur", "--by", "boss")
        h.run("punch", "add", "E001", "--at", "2026-11-18 18:00", "--kind", "out", "--reason", "oubli", "--by", "boss")
        h.environment["LANG"] = "C"
        let csv = h.run("punch", "list", "E001", "--month", "2026-11", "--format", "csv").out
        #expect(csv.contains(",added by boss via tester (uid 1000),"), "\(csv)")
        h.environment["LANG"] = "fr_FR.UTF-8"
        /// The table's lines without the spaces that pad its last column.
        func table(_ arguments: String...) -> [Substring] {
            h.run(arguments).out.split(separator: "\n").map { $0.replacing(/\ +$/, with: "") }
        }
        #expect(
            table("employee", "list") == [
                "CODE  NOM       HORAIRE      DU          JUSQU'AU    ÉTAT",
                "----  --------  -----------  ----------  ----------  -------------------",
                "E001  Asha Rao  du bureau    2026-10-01              actif",
                "E002  Bo Chen   08:00–16:30  2026-11-21  2026-12-31  jusqu'au 2026-12-31",
            ])
        #expect(
            h.run("employee", "show", "E002").out == """
                E002  Bo Chen
                  horaire :  08:00–16:30 (le sien)
                  emploi :   du 2026-11-21 au 2026-12-31
                  état :     jusqu'au 2026-12-31
                  PIN :      aucun

                """)
        #expect(
            table("punch", "list", "E001", "--month", "2026-11") == [
                "N°  DATE        HEURE  NATURE  SOURCE     WIFI  ANNULÉ  CORRIGÉ                                          NOTE",
                "--  ----------  -----  ------  ---------  ----  ------  -----------------------------------------------  ----",
                " 1  2026-11-18  09:10  IN      simulated  HQ            déplacé de 09:20 par boss via tester (uid 1000)",
                " 3  2026-11-18  18:00  OUT     manual                   ajouté par boss via tester (uid 1000)",
                " 2  2026-11-18  18:05  OUT     simulated  HQ    annulé  annulé par boss via tester (uid 1000)",
            ])
        #expect(
            h.run("punch", "list", "E002", "--month", "2026-01").out == "aucun pointage pour E002 en janvier 2026\n")
        #expect(h.run("punch", "list", "E001", "--month", "2026-11", "--format", "csv").out == csv)
    }

    @Test("attendance mark words a rule's refusal as the kiosk does, in the locale's French")
    func markRefusalInFrench() {
        h.writeConfig("[wifi]\nsource = \"simulated\"\nssid = \"OfficeNet\"\nbssid = \"aa:bb:cc:dd:ee:01\"\n")
        #expect(h.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ").status == 0)
        h.environment["LANG"] = "fr_FR.UTF-8"
        let out = h.run("mark", "out", "E001")
        #expect(out.status == 11)
        #expect(out.err == "attendance: E001 Asha Rao: pas d'arrivée pointée aujourd'hui\n")
        #expect(h.run("mark", "in", "E404").err == "attendance: code inconnu ou PIN erroné — NON enregistré\n")
        h.environment["LANG"] = "C"
        #expect(h.run("mark", "out", "E001").err == "attendance: E001 Asha Rao: not marked in today\n")
    }
}
