import ArgumentParser
import AttendanceCore

/// `YearMonth` as a command-line value, read by `YearMonth(parsing:)`; a refusal keeps its own message.
extension YearMonth: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, YearMonth.init(parsing:)) else { return nil }
        self = value
    }
}
