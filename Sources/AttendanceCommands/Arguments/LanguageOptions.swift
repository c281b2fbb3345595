import ArgumentParser
import AttendanceCore
import AttendanceLanguage

/// `--language`, for the commands whose text a person reads in their own language.
struct LanguageOptions: ParsableArguments {
    @Option(
        help: .tr(
            "The language of the text (default: the locale's, else English). JSON and CSV are the same in every language.",
            valueName: "en|es|fr"))
    var language: Language?

    /// The sentences of `--language`, else of the locale: for a refusal of `validate()`, which has
    /// no context (`run` reads ``Context/words``, already in this language).
    var words: Speech { CommandWords.speech(language, environment: CommandWords.environment) }
}

/// A command that takes `--language`: its sentences, and its failures, are in that language.
protocol SpeakingCommand: ContextCommand {
    var language: LanguageOptions { get }
}

/// The sentences of the command line in the reader's language.
enum CommandWords {
    /// The environment of the command line being parsed and run: what `validate()`, which is given
    /// no context, finds the locale's language and the catalogs in.
    @TaskLocal static var environment: [String: String] = [:]

    /// The sentences of the command line being parsed: `--language`, else the locale's, else
    /// English. ArgumentParser reads each command's `configuration` and each argument's `help:`
    /// while it parses and while it writes `--help`, both inside this scope, so the abstracts,
    /// discussions and help texts are in the reader's language (its own headings, "USAGE:",
    /// "OPTIONS:", stay English). The same words as ``Context/words``.
    @TaskLocal static var words: Speech = .english

    /// The sentences of the locale while a command line is parsed, else English.
    static var locale: Speech { speech(nil, environment: environment) }

    /// `language`, else the locale's (`LANG=es_ES.UTF-8`; `LANG=C` is English), through the catalogs
    /// `environment` points to; a language with no catalog is spoken in English. English opens no
    /// catalog: gettext binds the catalogs' folder for the whole process.
    static func speech(_ language: Language?, environment: [String: String]) -> Speech {
        let chosen = language ?? Language(environment: environment) ?? .english
        guard chosen != .english else { return .english }
        return Speech(chosen, catalog: Catalog(directory: Catalog.directory(environment: environment)))
    }
}

extension ArgumentHelp {
    /// The help of an argument in the words of the command line being parsed
    /// (``CommandWords/words``): `message` is one literal of the catalog, as for `Speech.tr`.
    static func tr(
        _ message: String, _ values: [String: String] = [:], discussion: String? = nil, valueName: String? = nil
    ) -> ArgumentHelp {
        ArgumentHelp(CommandWords.words.tr(message, values), discussion: discussion, valueName: valueName)
    }
}

extension CommandConfiguration {
    /// A command's name and its help in the words of the command line being parsed
    /// (``CommandWords/words``): the abstract and the discussion are phrases of the catalog.
    static func command(
        _ name: String, _ abstract: Phrase, discussion: Phrase? = nil, subcommands: [any ParsableCommand.Type] = [],
        default defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, abstract: abstract.worded(CommandWords.words),
            discussion: discussion?.worded(CommandWords.words) ?? "", subcommands: subcommands,
            defaultSubcommand: defaultSubcommand)
    }
}
