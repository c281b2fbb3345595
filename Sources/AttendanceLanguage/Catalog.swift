import AttendanceCore
import CIntl
import Foundation

/// The translations of gettext's `.mo` catalogs: the only code that calls libintl.
///
/// gettext chooses a language for the whole process (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), but the
/// kiosk speaks each employee's own, one screen after another. Each lookup therefore names its
/// language, and is made under a lock with:
/// - the thread's LC_MESSAGES set to C.UTF-8 (`uselocale`): gettext ignores LANGUAGE when the
///   locale is C, and C.UTF-8 is built into glibc, so no locale has to be generated on the kiosk;
/// - LANGUAGE set to the language, and glibc told it changed (`_nl_msg_cat_cntr`): gettext keys
///   its cache of found translations by the locale, not by LANGUAGE, and without that would answer
///   French to a Spanish lookup that follows a French one.
///
/// A `newlocale` per language (fr_FR.UTF-8, es_ES.UTF-8) works too, but only where those locales
/// have been generated; a missing one would leave the kiosk quietly in English.
public final class Catalog: Sendable {
    /// The catalogs' name: `<directory>/fr/LC_MESSAGES/attendance.mo`.
    public static let domain = "attendance"

    /// Where an installed system keeps its catalogs.
    public static let installedDirectory = "/usr/share/locale"

    /// The folder that holds `<language>/LC_MESSAGES/attendance.mo`.
    public let directory: String

    /// The catalogs of `directory`. A language whose catalog is missing there is spoken in English.
    public init(directory: String) {
        self.directory = directory
        Self.lock.withLock {
            bindtextdomain(Self.domain, directory)
            bind_textdomain_codeset(Self.domain, "UTF-8")
            // LANGUAGE is given a slot in the environment once, here, before the kiosk starts its
            // other threads: a lookup then only replaces its value (glibc keeps every old value),
            // and never grows or shrinks the environment under a thread reading it.
            if getenv("LANGUAGE") == nil { setenv("LANGUAGE", "", 1) }
        }
    }

    /// The catalogs the environment points to: `ATTENDANCE_LOCALEDIR` (the development build's and
    /// the tests', where `make po` writes them), else the installed ones.
    public static func directory(environment: [String: String]) -> String {
        environment["ATTENDANCE_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? installedDirectory
    }

    /// `message` in `language`; `message` itself when the catalog has no translation of it.
    public func text(_ message: String, in language: Language) -> String {
        // gettext answers an untranslated message with the pointer it was given: the copy is made
        // while that pointer is still valid.
        Self.lookUp(in: language) { message.withCString { String(cString: dgettext(Self.domain, $0)) } }
    }

    /// `message` in `language` where `context` tells it from the same English words meaning
    /// something else ("May" the month, "May" its abbreviation); `message` when not translated.
    public func text(_ message: String, context: String, in language: Language) -> String {
        // gettext.h's pgettext, a macro libintl does not export: the key is "context\u{4}message".
        let key = context + "\u{4}" + message
        let found = Self.lookUp(in: language) { key.withCString { String(cString: dgettext(Self.domain, $0)) } }
        return found == key ? message : found
    }

    /// The form of `singular`/`plural` that `count` takes in `language` (French says "0 minute",
    /// English "0 minutes").
    public func text(_ singular: String, _ plural: String, count: Int, in language: Language) -> String {
        Self.lookUp(in: language) {
            singular.withCString { one in
                plural.withCString { many in String(cString: dngettext(Self.domain, one, many, UInt(max(0, count)))) }
            }
        }
    }

    // MARK: - The language of one lookup

    private static let lock = NSLock()

    /// C.UTF-8 for LC_MESSAGES only; nil if even that cannot be had (every glibc since 2.35 has it).
    nonisolated(unsafe) private static let messagesLocale: locale_t? = newlocale(LC_MESSAGES_MASK, "C.UTF-8", nil)

    private static func lookUp(in language: Language, _ body: () -> String) -> String {
        lock.withLock {
            guard let locale = messagesLocale else { return body() }
            // Empty is unset to gettext (and to anything the program starts).
            let previousLanguage = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
            setenv("LANGUAGE", language.code, 1)
            attendance_intl_language_changed()
            let previousLocale = uselocale(locale)
            defer {
                uselocale(previousLocale)
                setenv("LANGUAGE", previousLanguage, 1)
                attendance_intl_language_changed()
            }
            return body()
        }
    }
}
