import ArgumentParser
import AttendanceCore

/// `EmployeeCode` as a command-line value, read by `EmployeeCode(parsing:)`; a refusal keeps its own message.
extension EmployeeCode: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, EmployeeCode.init(parsing:)) else { return nil }
        self = value
    }
}
