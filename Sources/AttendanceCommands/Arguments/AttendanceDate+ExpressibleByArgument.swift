import ArgumentParser
import AttendanceCore

/// `AttendanceDate` as a command-line value, read by `AttendanceDate(parsing:)`; a refusal keeps its own message.
extension AttendanceDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, AttendanceDate.init(parsing:)) else { return nil }
        self = value
    }
}
