import ArgumentParser
import AttendanceCore

/// `Department` as a command-line value, read by `Department(parsing:)`.
extension Department: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, Department.init(parsing:)) else { return nil }
        self = value
    }
}
