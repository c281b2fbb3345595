import ArgumentParser
import AttendanceCore

/// `PunchKind` as a command-line value, read by `PunchKind(parsing:)`; a refusal keeps its own message.
extension PunchKind: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, PunchKind.init(parsing:)) else { return nil }
        self = value
    }
}
