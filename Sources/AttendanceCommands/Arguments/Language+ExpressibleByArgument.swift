import ArgumentParser
import AttendanceCore

/// `Language` as a command-line value, read by `Language(parsing:)`: a language with no catalog is
/// refused (65) with the list of those there are.
extension Language: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, Language.init(parsing:)) else { return nil }
        self = value
    }
}

/// A language on the command line that may also be `none`: the office's again.
enum ClearableLanguage: ExpressibleByArgument, Equatable {
    case cleared
    case language(Language)

    init?(argument: String) {
        if argument == "none" {
            self = .cleared
        } else {
            guard let language = Language(argument: argument) else { return nil }
            self = .language(language)
        }
    }

    /// The language, or nil when cleared.
    var language: Language? {
        if case .language(let language) = self { return language }
        return nil
    }
}
