import ArgumentParser
import AttendanceCore

/// `PersonName` as a command-line value, read by `PersonName(parsing:)`; a refusal keeps its own message.
extension PersonName: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, PersonName.init(parsing:)) else { return nil }
        self = value
    }
}
