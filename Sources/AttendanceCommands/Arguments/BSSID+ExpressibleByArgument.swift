import ArgumentParser
import AttendanceCore

/// `BSSID` as a command-line value, read by `BSSID(parsing:)`; a refusal keeps its own message.
extension BSSID: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, BSSID.init(parsing:)) else { return nil }
        self = value
    }
}
