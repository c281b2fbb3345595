import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation
import Testing

@testable import AttendanceCommands

/// Why a command failed, in the reader's language: the errors of the store, the rules and the
/// values reach standard error through the catalog, with the same exit status as in English.
extension CommandLanguageTests {
    @Test("an unknown employee code: French with --language fr, Spanish from the locale, English with LANG=C")
    func unknownCode() {
        let french = h.run("calendar", "E404", "--language", "fr")
        #expect(french.status == 65)
        #expect(french.err == "attendance: aucun employé n'a le code \"E404\"\n")
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("leave", "add", "E404", "2026-11-25", "--reason", "médico")
        #expect(spanish.status == 65)
        #expect(spanish.err == "attendance: ningún empleado tiene el código \"E404\"\n")
        h.environment["LANG"] = "C"
        #expect(
            h.run("leave", "add", "E404", "2026-11-25", "--reason", "x").err
                == "attendance: no employee has code \"E404\"\n")
    }

    @Test("a malformed value names its field and the form it needs in the reader's language")
    func malformedValue() {
        let french = h.run("register", "--month", "2026-13", "--language", "fr")
        #expect(french.status == 65)
        #expect(
            french.err
                == "attendance: valeur incorrecte pour le mois \"2026-13\" : attendu AAAA-MM, par exemple 2026-11\n",
            "\(french.err)")
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("calendar", "E001", "--day", "2026-02-30")
        #expect(spanish.status == 65)
        #expect(
            spanish.err
                == "attendance: valor no válido para la fecha \"2026-02-30\": se esperaba una fecha real como AAAA-MM-DD\n",
            "\(spanish.err)")
        h.environment["LANG"] = "C"
        #expect(
            h.run("register", "--month", "2026-13").err
                == "attendance: invalid month \"2026-13\": expected YYYY-MM, for example 2026-11\n")
    }

    @Test("a damaged store is reported in French, with the store's status")
    func damagedStore() throws {
        let broken = h.folder + "/broken.sqlite"
        try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: broken))
        h.environment["ATTENDANCE_STORE"] = broken
        h.environment["LANG"] = "fr_FR.UTF-8"
        let french = h.run("holiday", "list", "2026")
        h.environment["LANG"] = "C"
        let english = h.run("holiday", "list", "2026")
        #expect(french.status == english.status && english.status != 0)
        #expect(english.err.contains("the attendance store at"), "\(english.err)")
        #expect(french.err.hasPrefix("attendance: la base de pointage "), "\(french.err)")
    }

    @Test("a rule's refusal: a correction without a reason, in Spanish")
    func correctionWithoutReason() throws {
        try h.kiosk(.in, "2026-11-18 09:50")
        h.environment["LANG"] = "es_ES.UTF-8"
        let refused = h.run("punch", "void", "1", "--reason", " ")
        #expect(refused.status == 65)
        #expect(refused.err == "attendance: se necesita un motivo: diga por qué con --reason TEXTO\n")
    }

    @Test("CommandFailure.from words every error type in the command's language, with the same status")
    func mapping() {
        let catalog = Catalog(directory: h.environment["ATTENDANCE_LOCALEDIR"] ?? "")
        let french = Speech(.french, catalog: catalog)
        let errors: [any AttendanceError] = [
            StoreError.busy, StoreError.unknownHoliday(try! AttendanceDate(parsing: "2026-12-25")),
            CorrectionError.alreadyVoid(3),
            EmploymentError.alreadyDeactivated(code: try! EmployeeCode(parsing: "E1"), lastDate: nil),
        ]
        for error in errors {
            let english = CommandFailure.from(error)
            let translated = CommandFailure.from(error, words: french)
            #expect(english.status == translated.status)
            #expect(english.message == String(describing: error))
            #expect(translated.message != english.message)
        }
    }

    @Test("the kiosk tells a failed save in the employee's language")
    func kioskStoreFailure() {
        let catalog = Catalog(directory: h.environment["ATTENDANCE_LOCALEDIR"] ?? "")
        let message = KioskMessage.storeFailure(StoreError.diskFull, Speech(.spanish, catalog: catalog))
        #expect(
            message.lines.last
                == "el disco de la base de fichajes está lleno; no se ha guardado nada — libere espacio y vuelva a intentarlo"
        )
    }

    @Test("the idle screen's warning about the central store, in English and in the office's French")
    func centralWarningInFrench() throws {
        let french = Speech(.french, catalog: Catalog(directory: h.environment["ATTENDANCE_LOCALEDIR"] ?? ""))
        let late = CentralWarning(clockOffMinutes: 31, reach: .since("09:05"), waiting: 3)
        #expect(
            KioskMessage.wording(of: late, .english)
                == "This kiosk's clock is 31 min ahead of the central store's: tell your manager to set it right"
                + " · Central store not reached since 09:05 · 3 record(s) kept here, nothing lost")
        #expect(
            KioskMessage.wording(of: late, french)
                == "L'horloge de cette borne est en avance de 31 min par rapport au serveur central : prévenez votre "
                + "responsable pour qu'elle soit remise à l'heure · Serveur central non joint depuis 09:05 · "
                + "3 enregistrements gardés ici, rien n'est perdu")
        let refused = CentralWarning(clockOffMinutes: nil, reach: .refused, waiting: 1)
        #expect(
            KioskMessage.wording(of: refused, french)
                == "Le serveur central refuse cette borne : prévenez votre responsable (attendance sync --status) · "
                + "1 enregistrement gardé ici, rien n'est perdu")
        #expect(
            KioskMessage.wording(of: CentralWarning(reach: .notYet, waiting: 0), .english)
                == "Central store not reached yet")
    }

    @Test("a store that does not exist is refused in French, with the store's status and the English command names")
    func missingStoreInFrench() {
        let missing = h.folder + "/nowhere/attendance.sqlite"
        let french = h.run("calendar", "E001", "--store", missing, "--language", "fr")
        #expect(french.status == ExitStatus.storeFailure.rawValue)
        #expect(
            french.err
                == "attendance: aucune base à \(missing) : elle n'existe pas ; vérifiez --store, $ATTENDANCE_STORE ou [store] path ; une nouvelle base n'est créée qu'à la mise en place : `attendance employee add`, `wifi allow`, `holiday add`/`import` ou `import punches`\n",
            "\(french.err)")
        let english = h.run("calendar", "E001", "--store", missing)
        #expect(english.status == french.status)
        #expect(english.err.hasPrefix("attendance: no store at \(missing): it does not exist; check --store"))
    }

    @Test("a configuration file that is not UTF-8 is refused in Spanish, naming the line")
    func configurationNotUTF8InSpanish() {
        let path = h.folder + "/none.toml"
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("[policy]\nzone = \"".utf8 + [0xff, 0x22, 0x0a]))
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("calendar", "E001")
        #expect(spanish.status == ExitStatus.configuration.rawValue)
        #expect(
            spanish.err == "attendance: el archivo de configuración \(path) no es texto UTF-8 (línea 2)\n",
            "\(spanish.err)")
        h.environment["LANG"] = "C"
        #expect(
            h.run("calendar", "E001").err == "attendance: the configuration file \(path) is not UTF-8 text (line 2)\n")
    }

    @Test("a configuration file's problems are named on their lines in French, and in English with LANG=C")
    func configurationProblemsInFrench() {
        let path = h.folder + "/none.toml"
        h.writeConfig(
            """
            [policy]
            shift_start = "25:00"
            late_grace_minutes = 900
            shift_end = 09:30:15
            [kiosk]
            langauge = "fr"
            [leave_types]
            study = { code = "SL" }
            [wifi]
            source = "simulated"

            """)
        let french = h.run("calendar", "E001", "--language", "fr")
        #expect(french.status == ExitStatus.configuration.rawValue)
        #expect(
            french.err.split(separator: "\n").map(String.init) == [
                "attendance: \(path):2: shift_start dans [policy] : attendu \"HH:MM\" sur 24 heures (00:00–23:59), trouvé \"25:00\"",
                "attendance: \(path):3: late_grace_minutes dans [policy] : attendu 0 à 720 minutes, trouvé 900",
                "attendance: \(path):4: shift_end dans [policy] : attendu \"HH:MM\" sur 24 heures (00:00–23:59) ou une heure locale telle que 09:30:00, trouvé 09:30:15 ; les heures sont en minutes entières, les secondes doivent donc être :00",
                "attendance: \(path):6: clé inconnue langauge dans [kiosk] (vouliez-vous dire language ?)",
                "attendance: \(path):8: study dans [leave_types] : le code SL est déjà celui de sick",
                "attendance: \(path):10: source = \"simulated\" dans [wifi] a besoin de bssid = \"aa:bb:cc:dd:ee:ff\" (et en général de ssid)",
            ], "\(french.err)")
        h.environment["LANG"] = "C"
        let english = h.run("calendar", "E001")
        #expect(english.status == french.status)
        #expect(
            english.err.split(separator: "\n").map(String.init) == [
                "attendance: \(path):2: shift_start in [policy]: expected \"HH:MM\" on a 24-hour clock (00:00–23:59), found \"25:00\"",
                "attendance: \(path):3: late_grace_minutes in [policy]: expected 0–720 minutes, found 900",
                "attendance: \(path):4: shift_end in [policy]: expected \"HH:MM\" on a 24-hour clock (00:00–23:59) or a local time such as 09:30:00, found 09:30:15; times are whole minutes, so the seconds must be :00",
                "attendance: \(path):6: unknown key langauge in [kiosk] (did you mean language?)",
                "attendance: \(path):8: study in [leave_types]: the code SL is sick's already",
                "attendance: \(path):10: source = \"simulated\" in [wifi] needs bssid = \"aa:bb:cc:dd:ee:ff\" (and usually ssid)",
            ], "\(english.err)")
    }

    @Test(
        "a configuration file that is not TOML is refused in French and Spanish on its line, and in English with LANG=C"
    )
    func configurationSyntaxInFrenchAndSpanish() {
        let path = h.folder + "/none.toml"
        let unclosedArray = "[policy]\nworking_days = [\"mon\",\n  \"tue\"\n"
        let keyTwice = "[policy]\nshift_start = \"09:30\"\nshift_start = \"10:00\"\n"
        let missingValue = "[policy]\nshift_end =\n"
        func refusal(_ text: String, _ language: String) -> String {
            h.writeConfig(text)
            h.environment["LANG"] = language
            let result = h.run("calendar", "E001")
            #expect(result.status == ExitStatus.configuration.rawValue)
            return result.err
        }
        #expect(
            refusal(unclosedArray, "fr_FR.UTF-8")
                == "attendance: \(path):4: le tableau ouvert à la ligne 2 n'est pas fermé par ']'\n")
        #expect(
            refusal(keyTwice, "fr_FR.UTF-8")
                == "attendance: \(path):3: shift_start est défini deux fois (la première à la ligne 2)\n")
        #expect(refusal(missingValue, "fr_FR.UTF-8") == "attendance: \(path):2: il manque une valeur après '='\n")
        #expect(
            refusal(unclosedArray, "es_ES.UTF-8")
                == "attendance: \(path):4: la matriz abierta en la línea 2 no se cierra con ']'\n")
        #expect(
            refusal(keyTwice, "es_ES.UTF-8")
                == "attendance: \(path):3: shift_start se define dos veces (la primera en la línea 2)\n")
        #expect(refusal(missingValue, "es_ES.UTF-8") == "attendance: \(path):2: falta un valor después de '='\n")
        #expect(
            refusal(unclosedArray, "C") == "attendance: \(path):4: the array opened at line 2 is not closed with ']'\n")
        #expect(refusal(keyTwice, "C") == "attendance: \(path):3: shift_start is set twice (first at line 2)\n")
        #expect(refusal(missingValue, "C") == "attendance: \(path):2: a value is missing after '='\n")
    }

    @Test("an employee's shift that does not fit one attendance date is refused in Spanish with the day_change to set")
    func shiftMisfitInSpanish() {
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run(
            "employee", "add", "E002", "--name", "Ravi Iyer", "--shift-start", "22:00", "--shift-end", "06:00")
        #expect(spanish.status == ExitStatus.badInput.rawValue)
        #expect(
            spanish.err
                == "attendance: E002: el turno 22:00–06:00 no cabe en una sola fecha de fichaje: termina después de day_change (04:00) a la mañana siguiente, en la fecha de fichaje siguiente, donde su salida se rechazaría como \"sin entrada\"; ponga day_change en [policy] a una hora fuera del turno, por ejemplo day_change = \"08:00\"; no se ha cambiado nada\n",
            "\(spanish.err)")
    }

    @Test("an employee file's bad rows are each named on their line in Spanish, and nobody is added")
    func badEmployeeRowsInSpanish() throws {
        let path = h.folder + "/empleados.csv"
        try """
        code,name,start_date
        E001,Ravi Iyer,
        E002,,
        E003,Mina Das,2026-02-30
        E003,Mina Das,
        E004,Lee,,x

        """.write(toFile: path, atomically: true, encoding: .utf8)
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("employee", "import", path)
        #expect(spanish.status == ExitStatus.badInput.rawValue)
        #expect(
            spanish.err.split(separator: "\n").map(String.init) == [
                "attendance: \(path):2: el código E001 ya es el de E001 Asha Rao",
                "attendance: \(path):3: name: vacío; todo empleado necesita uno",
                "attendance: \(path):4: start_date: valor no válido para la fecha \"2026-02-30\": se esperaba una fecha real como AAAA-MM-DD",
                "attendance: \(path):5: el código E003 ya está en la línea 4",
                "attendance: \(path):6: se esperaban 3 campos (code,name,start_date), se encontraron 4",
                "attendance: \(path): 5 filas incorrectas; no se añadió a nadie",
            ], "\(spanish.err)")
        h.environment["LANG"] = "C"
        let english = h.run("employee", "import", path)
        #expect(
            english.err.split(separator: "\n").map(String.init) == [
                "attendance: \(path):2: code E001 is already E001 Asha Rao",
                "attendance: \(path):3: name: empty; every employee needs one",
                "attendance: \(path):4: start_date: invalid date \"2026-02-30\": expected a real date as YYYY-MM-DD",
                "attendance: \(path):5: code E003 is already on line 4",
                "attendance: \(path):6: expected 3 fields (code,name,start_date), found 4",
                "attendance: \(path): 5 bad rows; nobody was added",
            ], "\(english.err)")
    }

    @Test("a punch file's header and rows are refused in French, each on its line")
    func badPunchFileInFrench() throws {
        let header = h.folder + "/entete.csv"
        try "code,horodatage,kind\n".write(toFile: header, atomically: true, encoding: .utf8)
        let rows = h.folder + "/pointages.csv"
        try """
        code,timestamp,kind,source
        E404,2026-11-18T12:00:00+05:30,in,
        E001,2026-09-18T12:00:00+05:30,in,
        E001,2026-11-18T12:00:00+05:30,in,wifi
        E001,"2026-11-17T12:00:00+05:30,in,

        """.write(toFile: rows, atomically: true, encoding: .utf8)
        h.environment["LANG"] = "fr_FR.UTF-8"
        #expect(
            h.run("import", "punches", header).err.split(separator: "\n").map(String.init) == [
                "attendance: \(header):1: colonne inconnue \"horodatage\" ; attendu code,timestamp,kind et éventuellement note et source",
                "attendance: \(header):1: l'en-tête n'a pas de colonne timestamp",
                "attendance: \(header) : 1 ligne incorrecte ; rien n'a été importé",
            ])
        let french = h.run("import", "punches", rows)
        #expect(french.status == ExitStatus.badInput.rawValue)
        #expect(
            french.err.split(separator: "\n").map(String.init) == [
                "attendance: \(rows):2: aucun employé n'a le code \"E404\"",
                "attendance: \(rows):3: E001 n'est pas employé le 2026-09-18 (employé depuis le 2026-10-01)",
                "attendance: \(rows):4: source incorrecte \"wifi\" : attendu nl80211, simulated, manual, import (elle n'est pas conservée : les pointages importés sont enregistrés comme import)",
                "attendance: \(rows):5: un champ entre guillemets n'est pas fermé avant la fin du fichier",
                "attendance: \(rows) : 4 lignes incorrectes ; rien n'a été importé (les règles de pointage ont été appliquées sans les lignes illisibles)",
            ], "\(french.err)")
    }

    @Test("holiday import lists the events it skipped and could not read in French, each on its line")
    func calendarEventsInFrench() throws {
        let path = h.folder + "/feries.ics"
        try """
        BEGIN:VCALENDAR
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20261225
        SUMMARY:Noël
        END:VEVENT
        BEGIN:VEVENT
        DTSTART:20261224T090000Z
        SUMMARY:Réunion
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20261301
        SUMMARY:Faux
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20260101
        RRULE:FREQ=HOURLY
        SUMMARY:Nouvel an
        END:VEVENT
        END:VCALENDAR

        """.write(toFile: path, atomically: true, encoding: .utf8)
        h.environment["LANG"] = "fr_FR.UTF-8"
        let french = h.run("holiday", "import", path)
        #expect(french.status == ExitStatus.badInput.rawValue)
        #expect(
            french.out.split(separator: "\n").map(String.init) == [
                "ajouté : 2026-12-25 Noël",
                "ignoré : feries.ics:7 : l'événement \"Réunion\" a une heure (DTSTART:20261224T090000Z) ; seuls les événements sur toute la journée peuvent être des jours fériés",
                "1 jour férié importé depuis feries.ics ; 1 ignoré (voir ci-dessus)",
            ], "\(french.out)")
        #expect(
            french.err.split(separator: "\n").map(String.init) == [
                "attendance: \(path):11: l'événement \"Faux\" commence le DTSTART;VALUE=DATE:20261301, qui n'est pas une date existante",
                "attendance: \(path):16: l'événement \"Nouvel an\" n'est pas importé : valeur incorrecte pour la partie de RRULE \"FREQ=HOURLY\" : attendu FREQ=YEARLY, MONTHLY, WEEKLY ou DAILY ; un événement sur la journée n'a pas d'heures",
                "attendance: 2 événements de \(path) n'ont pas pu être importés (voir ci-dessus)",
            ], "\(french.err)")
    }

    @Test("a correction that would break the punch rules names the punches in French, and in English with LANG=C")
    func irregularCorrectionInFrench() throws {
        try h.kiosk(.in, "2026-11-18 09:02")
        h.environment["LANG"] = "fr_FR.UTF-8"
        let french = h.run("punch", "add", "E001", "--at", "2026-11-18 08:00", "--kind", "in", "--reason", "oubli")
        #expect(french.status == ExitStatus.badInput.rawValue)
        #expect(
            french.err
                == "attendance: le 2026-11-18, IN à 09:02 (pointage 1) viendrait juste après le nouveau IN à 08:00 ; les pointages doivent alterner IN, OUT, IN, OUT\n",
            "\(french.err)")
        let short = h.run("punch", "add", "E001", "--at", "2026-11-18 09:02", "--kind", "out", "--reason", "oubli")
        #expect(
            short.err
                == "attendance: le 2026-11-18, la session entre IN à 09:02 (pointage 1) et le nouveau OUT à 09:02 durerait moins d'une minute\n",
            "\(short.err)")
        h.environment["LANG"] = "C"
        #expect(
            h.run("punch", "add", "E001", "--at", "2026-11-18 08:00", "--kind", "in", "--reason", "forgot").err
                == "attendance: on 2026-11-18, the new IN at 08:00 would be followed by IN at 09:02 (punch 1); punches must alternate IN, OUT, IN, OUT\n"
        )
    }

    @Test("a shift's start without its end is refused in French as a usage error")
    func shiftStartAloneInFrench() {
        h.environment["LANG"] = "fr_FR.UTF-8"
        let french = h.run("employee", "add", "E002", "--name", "Ravi Iyer", "--shift-start", "09:00")
        #expect(french.status == ExitStatus.usage.rawValue)
        #expect(
            french.err == "attendance: donnez à la fois --shift-start et --shift-end, ou aucun des deux\n",
            "\(french.err)")
        let nothing = h.run("employee", "edit", "E001")
        #expect(nothing.status == ExitStatus.usage.rawValue)
        #expect(nothing.err == "attendance: rien à modifier ; voir --help\n", "\(nothing.err)")
    }

    @Test("an import of punches with bad rows counts them in Spanish, singular and plural, and imports nothing")
    func badPunchRowsInSpanish() throws {
        let two = h.folder + "/two.csv"
        try "code,timestamp,kind\nE001,yesterday,in\nE001,2026-11-18T09:00:00+05:30,sideways\n".write(
            toFile: two, atomically: true, encoding: .utf8)
        let one = h.folder + "/one.csv"
        try "code,timestamp,kind\nE001,yesterday,in\n".write(toFile: one, atomically: true, encoding: .utf8)
        h.environment["LANG"] = "es_ES.UTF-8"
        let plural = h.run("import", "punches", two)
        #expect(plural.status == ExitStatus.badInput.rawValue)
        #expect(
            plural.err.split(separator: "\n").last == "attendance: \(two): 2 filas incorrectas; no se importó nada",
            "\(plural.err)")
        let singular = h.run("import", "punches", one)
        #expect(singular.status == plural.status)
        #expect(
            singular.err.split(separator: "\n").last == "attendance: \(one): 1 fila incorrecta; no se importó nada",
            "\(singular.err)")
        h.environment["LANG"] = "C"
        let english = h.run("import", "punches", two)
        #expect(english.status == plural.status)
        #expect(english.err.split(separator: "\n").last == "attendance: \(two): 2 bad rows; nothing was imported")
    }
}
