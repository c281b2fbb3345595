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
