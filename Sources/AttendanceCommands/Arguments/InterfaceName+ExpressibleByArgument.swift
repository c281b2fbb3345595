import ArgumentParser
import AttendanceCore

/// `InterfaceName` as a command-line value, read by `InterfaceName(parsing:)`; a refusal keeps its own message.
extension InterfaceName: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, InterfaceName.init(parsing:)) else { return nil }
        self = value
    }
}
