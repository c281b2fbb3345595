import AttendanceTOML
@_exported import AttendanceText

/// Everything the pure core can refuse, worded for the person who typed the value.
///
/// Each case carries enough to say what was wrong and what form was expected, so the
/// edges never need to invent their own wording for a bad value.
public enum CoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value did not have the expected form: `what` names the field, `value` is what was given
    /// (already made safe to print), `expected` describes the form.
    case invalidValue(what: String, value: String, expected: String)
    /// The configuration file had one or more problems, each naming its line.
    case configuration([ConfigIssue])

    public var description: String {
        switch self {
        case .invalidValue(let what, let value, let expected):
            return "invalid \(what) \(value.quotedForMessage): expected \(expected)"
        case .configuration(let issues):
            return issues.map(\.description).joined(separator: "\n")
        }
    }
}
