import ArgumentParser
import AttendanceCore

/// `SSID` as a command-line value, read by `SSID(parsing:)`; a refusal keeps its own message.
extension SSID: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, SSID.init(parsing:)) else { return nil }
        self = value
    }
}
