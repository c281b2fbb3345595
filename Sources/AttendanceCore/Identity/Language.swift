/// A language the kiosk and the reports can speak: one with a catalog in `po/`.
///
/// English is the sources' own language and needs no catalog. The codes are ISO 639-1, as
/// gettext's folders are named (`fr/LC_MESSAGES/attendance.mo`).
public struct Language: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let code: String

    /// Whether this language writes "171,17" for 171.17 (in text reports; JSON and CSV keep the point).
    public let writesDecimalComma: Bool

    private init(known code: String, decimalComma: Bool) {
        self.code = code
        writesDecimalComma = decimalComma
    }

    public static let english = Language(known: "en", decimalComma: false)
    public static let french = Language(known: "fr", decimalComma: true)
    public static let spanish = Language(known: "es", decimalComma: true)

    /// Every language there is a catalog for, English first.
    public static let available: [Language] = [.english, .french, .spanish]

    /// "en, es, fr": for the message that refuses an unknown one.
    public static var availableList: String { available.map(\.code).sorted().joined(separator: ", ") }

    /// A language code as a person types it ("fr", "FR", "es"); nil when there is no catalog for it.
    public init?(code text: String) {
        guard let found = Self.available.first(where: { $0.code == text.lowercased() }) else { return nil }
        self = found
    }

    /// A language code as a manager types it; one with no catalog is refused with the list of
    /// those there are.
    public init(parsing text: String) throws(CoreError) {
        guard let language = Language(code: text.trimmingWhiteSpace()) else {
            throw .invalidValue(
                what: Phrase("language"), value: text, expected: Phrase("one of {list}", ["list": Self.availableList]))
        }
        self = language
    }

    /// The language of a locale name as the environment holds it ("fr_FR.UTF-8", "es", "de_DE@euro");
    /// nil for C, POSIX, an empty name or a language with no catalog.
    public init?(localeName: String) {
        let language = localeName.prefix { $0 != "_" && $0 != "." && $0 != "@" }
        guard !language.isEmpty, language != "C", language != "POSIX" else { return nil }
        self.init(code: String(language))
    }

    /// The language of the environment as gettext chooses it: the locale is the first of LC_ALL,
    /// LC_MESSAGES and LANG that is set; when it is not C, LANGUAGE's list comes first. Nil when
    /// none of them names a language with a catalog (the caller then speaks English).
    public init?(environment: [String: String]) {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX" else { return nil }
        let preferred = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init) + [locale]
        guard let found = preferred.lazy.compactMap(Language.init(localeName:)).first else { return nil }
        self = found
    }

    /// The language a browser asks for first among those there are, from its `Accept-Language`
    /// header ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5"): by quality, then in the header's order; a
    /// region ("fr-CH") counts for its language. Nil when it names none of them (or "*" only).
    public init?(acceptLanguage header: String) {
        var wanted: [(code: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let fields = part.split(separator: ";").map { String($0).trimmingWhiteSpace() }
            guard let tag = fields.first, !tag.isEmpty else { continue }
            var quality = 1.0
            for field in fields.dropFirst() where field.hasPrefix("q=") {
                quality = Double(field.dropFirst(2)) ?? 0
            }
            let code = tag.prefix { $0 != "-" && $0 != "_" }
            guard quality > 0, quality <= 1 else { continue }
            wanted.append((String(code), quality, order))
        }
        wanted.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        guard let found = wanted.lazy.compactMap({ Language(code: $0.code) }).first else { return nil }
        self = found
    }

    public var description: String { code }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.code < rhs.code }
}
