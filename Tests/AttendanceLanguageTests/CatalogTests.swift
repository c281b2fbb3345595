import AttendanceCore
import AttendanceLanguage
import Foundation
import Testing

/// The catalogs `make po` builds from po/*.po, read through glibc's gettext.
let catalog = Catalog(directory: builtCatalogs)

/// `ATTENDANCE_LOCALEDIR` when set, else where `make po` writes: .build/locale in the repository.
let builtCatalogs: String = {
    if let folder = ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"], !folder.isEmpty { return folder }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/locale").path
}()

@Suite("gettext catalogs", .serialized)
struct CatalogTests {
    let french = Speech(.french, catalog: catalog)
    let spanish = Speech(.spanish, catalog: catalog)
    let english = Speech(.english, catalog: catalog)

    @Test("the catalogs were built (make po)")
    func catalogsExist() {
        for language in ["fr", "es"] {
            let path = "\(builtCatalogs)/\(language)/LC_MESSAGES/attendance.mo"
            #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing: run make po")
        }
    }

    @Test("a decimal in a text report: a comma in French and Spanish, a point in English")
    func decimals() {
        #expect(french.decimal("171.17") == "171,17")
        #expect(spanish.decimal("0.50") == "0,50")
        #expect(english.decimal("171.17") == "171.17")
    }

    @Test("each lookup speaks its own language, one after another")
    func alternatingLanguages() {
        // gettext caches what it found by locale: without telling it LANGUAGE changed, the
        // second lookup would be answered in the first one's language.
        for _ in 0..<3 {
            #expect(french.tr("Cancel") == "Annuler")
            #expect(spanish.tr("Cancel") == "Cancelar")
            #expect(english.tr("Cancel") == "Cancel")
        }
    }

    @Test("placeholders are filled after the translation")
    func placeholders() {
        #expect(french.tr("Hi {name}", ["name": "Asha Rao"]) == "Bonjour Asha Rao")
        #expect(spanish.tr("Hi {name}", ["name": "Asha Rao"]) == "Hola, Asha Rao")
        #expect(Speech.english.tr("Hi {name}", ["name": "{name}"]) == "Hi {name}")
    }

    @Test("a sentence that ends on an abbreviated date ends in one full stop")
    func oneFullStop() throws {
        let date = try AttendanceDate(parsing: "2026-11-27")
        let sentence = "You left at {time} on {date}."
        #expect(
            french.tr(sentence, ["time": "18:00", "date": french.shortDate(date)]) == "Départ à 18:00 le ven. 27 nov.")
        #expect(
            english.tr(sentence, ["time": "18:00", "date": english.shortDate(date)])
                == "You left at 18:00 on Fri 27 Nov.")
        #expect(Speech.english.tr("{a}. {b}.", ["a": "x.", "b": "y"]) == "x. y.")
    }

    @Test(
        "plural forms follow each language's rule",
        arguments: [
            (Language.english, 0, "Please wait 0 seconds before trying again."),
            (.english, 1, "Please wait 1 second before trying again."),
            (.english, 2, "Please wait 2 seconds before trying again."),
            (.french, 0, "Veuillez patienter 0 seconde avant de réessayer."),
            (.french, 1, "Veuillez patienter 1 seconde avant de réessayer."),
            (.french, 2, "Veuillez patienter 2 secondes avant de réessayer."),
            (.spanish, 0, "Espere 0 segundos antes de volver a intentarlo."),
            (.spanish, 1, "Espere 1 segundo antes de volver a intentarlo."),
            (.spanish, 16, "Espere 16 segundos antes de volver a intentarlo."),
        ])
    func plurals(language: Language, count: Int, expected: String) {
        let words = Speech(language, catalog: catalog)
        #expect(
            words.ntr(
                "Please wait {n} second before trying again.", "Please wait {n} seconds before trying again.", count)
                == expected)
    }

    @Test("a context tells the same English words apart")
    func contexts() {
        #expect(spanish.monthName(5) == "mayo")
        #expect(spanish.shortMonthName(5) == "may")
        #expect(french.shortMonthName(2) == "févr.")
    }

    @Test("dates are worded in the language's order")
    func dates() throws {
        let date = try AttendanceDate(parsing: "2026-11-23")
        #expect(english.longDate(date) == "Monday 23 November 2026")
        #expect(french.longDate(date) == "lundi 23 novembre 2026")
        #expect(spanish.longDate(date) == "lunes 23 de noviembre de 2026")
        #expect(spanish.monthTitle(date.yearMonth) == "noviembre de 2026")
    }

    @Test("a kiosk clock's offset is said in the language, minutes and hours, ahead and behind")
    func clockOffsets() {
        #expect(english.clockOffset(minutes: 31) == "31 min ahead")
        #expect(english.clockOffset(minutes: -65) == "1 h 5 min behind")
        #expect(french.clockOffset(minutes: 31) == "en avance de 31 min")
        #expect(french.clockOffset(minutes: -120) == "en retard de 2 h")
        #expect(spanish.clockOffset(minutes: 65) == "1 h 5 min adelantado")
        #expect(spanish.clockOffset(minutes: -5) == "5 min atrasado")
    }

    @Test("a message the catalog does not have, or a folder with no catalogs, stays English")
    func fallbacks() {
        #expect(french.tr("No such message in any catalog") == "No such message in any catalog")
        let nowhere = Speech(.french, catalog: Catalog(directory: "/nonexistent/locale"))
        #expect(nowhere.tr("Cancel") == "Cancel")
        // Bound back: the domain's folder is the process's, and the other tests read the built one.
        _ = Catalog(directory: builtCatalogs)
    }

    @Test("the process's own LANGUAGE is left as it was")
    func environmentRestored() {
        setenv("LANGUAGE", "de:fr", 1)
        defer { unsetenv("LANGUAGE") }
        #expect(spanish.tr("Cancel") == "Cancelar")
        #expect(String(cString: getenv("LANGUAGE")) == "de:fr")
    }
}

@Suite("the language of a locale")
struct LanguageTests {
    @Test(
        "the environment's language, as gettext reads it",
        arguments: [
            (["LANG": "fr_FR.UTF-8"], Language.french),
            (["LANG": "es_ES.UTF-8", "LC_ALL": "fr_CA.UTF-8"], .french),
            (["LANG": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR"], .french),
            (["LANG": "en_GB.UTF-8", "LANGUAGE": "de:es"], .spanish),
            (["LANG": "C", "LANGUAGE": "es"], nil),
            (["LANG": "C.UTF-8", "LANGUAGE": "fr"], .french),
            (["LANG": "de_DE.UTF-8"], nil),
            (["LANGUAGE": "fr"], nil),
            ([:], nil),
        ] as [([String: String], Language?)])
    func environment(variables: [String: String], expected: Language?) {
        #expect(Language(environment: variables) == expected)
    }

    @Test(
        "a browser's Accept-Language: by quality, then in order, a region counting for its language",
        arguments: [
            ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", Language.french),
            ("de-DE, es;q=0.2, fr;q=0.1", .spanish),
            ("en;q=0.4, es;q=0.9", .spanish),
            ("es;q=0, fr;q=0.5", .french),
            ("ES-mx", .spanish),
            ("en-GB,en;q=0.9", .english),
            ("de, *", nil),
            ("fr;q=2, es;q=abc", nil),
            ("", nil),
        ] as [(String, Language?)])
    func acceptLanguage(header: String, expected: Language?) {
        #expect(Language(acceptLanguage: header) == expected)
    }

    @Test("codes are read in either case; others are refused")
    func codes() {
        #expect(Language(code: "FR") == .french)
        #expect(Language(code: "de") == nil)
        #expect(Language.availableList == "en, es, fr")
    }
}
