import AttendanceCore

/// Sentences in one language: what a front-end words its answers with.
///
/// Messages are written in English in the sources, each as one string literal inside `tr(…)`,
/// `ctr(…)` (with a context) or `ntr(…)` (with a plural), which `make po` extracts into
/// `po/attendance.pot`. A value goes in through a named
/// placeholder (`tr("Hi {name}", ["name": …])`), never an interpolation: the catalog's key must be
/// the same whatever the value, and a translator may move `{name}` where their language puts it.
public struct Speech: Wording {
    public let language: Language
    /// Nil: English only, whatever `language` says.
    let catalog: Catalog?

    /// `language`, through `catalog`'s translations.
    public init(_ language: Language, catalog: Catalog?) {
        self.language = language
        self.catalog = catalog
    }

    /// English, the sources' own words: no catalog needed.
    public static let english = Speech(.english, catalog: nil)

    /// The same catalogs in `other`.
    public func speaking(_ other: Language) -> Speech { Speech(other, catalog: catalog) }

    /// The catalog when there is something to translate.
    private var translating: Catalog? { language == .english ? nil : catalog }

    /// `message` translated, its `{placeholders}` filled from `values`.
    public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
        Self.fill(translating?.text(message, in: language) ?? message, values)
    }

    /// A decimal number ("171.17") as this language writes it in a text report: French and Spanish
    /// with a decimal comma ("171,17"). JSON and CSV keep the point in every language.
    public func decimal(_ number: String) -> String {
        language.writesDecimalComma ? number.replacingOccurrences(of: ".", with: ",") : number
    }

    /// `message` in `context` (to tell apart the same English words meaning two things), translated,
    /// its `{placeholders}` filled from `values`.
    public func ctr(_ context: String, _ message: String, _ values: [String: String] = [:]) -> String {
        Self.fill(translating?.text(message, context: context, in: language) ?? message, values)
    }

    /// The form of `singular`/`plural` for `count`, translated; `{n}` is the count, other
    /// placeholders come from `values`.
    public func ntr(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        let form =
            translating?.text(singular, plural, count: count, in: language) ?? (count == 1 ? singular : plural)
        return Self.fill(form, values.merging(["n": String(count)]) { mine, _ in mine })
    }
}
