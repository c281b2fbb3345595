import ArgumentParser
import AttendanceCore
import AttendanceLanguage

/// `--language`, for the commands whose text a person reads in their own language.
struct LanguageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The language of the text (default: the locale's, else English). JSON and CSV are the same in every "
                + "language.", valueName: "en|es|fr"))
    var language: Language?

    /// The sentences of `--language`, else of the locale (a locale with no catalog: English).
    func speech(in context: Context) -> Speech {
        let chosen = language ?? Language(environment: context.environment) ?? .english
        guard chosen != .english else { return .english }
        return Speech(chosen, catalog: Catalog(directory: Catalog.directory(environment: context.environment)))
    }
}
