import ArgumentParser
import AttendanceCore

/// `WallClockTime` as a command-line value, read by `WallClockTime(parsing:)`; a refusal keeps its own message.
extension WallClockTime: ExpressibleByArgument {
    public init?(argument: String) {
        guard let value = parsedArgument(argument, WallClockTime.init(parsing:)) else { return nil }
        self = value
    }
}
