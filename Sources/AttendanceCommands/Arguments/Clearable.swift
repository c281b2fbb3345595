import ArgumentParser

/// A value on the command line that may also be `none`: cleared (a date: unset; a language: the
/// office's again; a department: none).
enum Clearable<Value: ExpressibleByArgument & Equatable>: ExpressibleByArgument, Equatable {
    case cleared
    case value(Value)

    init?(argument: String) {
        if argument == "none" {
            self = .cleared
        } else {
            guard let value = Value(argument: argument) else { return nil }
            self = .value(value)
        }
    }

    /// The value, or nil when cleared.
    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}
