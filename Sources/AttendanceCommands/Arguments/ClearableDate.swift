import ArgumentParser
import AttendanceCore

/// A date on the command line that may also be `none`, to clear a date that was set.
enum ClearableDate: ExpressibleByArgument, Equatable {
    case cleared
    case date(AttendanceDate)

    init?(argument: String) {
        if argument == "none" {
            self = .cleared
        } else {
            guard let date = parsedArgument(argument, AttendanceDate.init(parsing:)) else { return nil }
            self = .date(date)
        }
    }

    /// The date, or nil when cleared.
    var date: AttendanceDate? {
        if case .date(let date) = self { return date }
        return nil
    }
}
