import AttendanceTOML
@_exported import AttendanceText

/// Everything the pure core can refuse, worded for the person who typed the value.
///
/// Each case carries enough to say what was wrong and what form was expected, so the
/// edges never need to invent their own wording for a bad value.
public enum CoreError: WordedError, Equatable, Sendable {
    /// A value did not have the expected form: `what` names the field, `value` is what was given
    /// (already made safe to print), `expected` describes the form.
    case invalidValue(what: Phrase, value: String, expected: Phrase)
    /// The configuration file had one or more problems, each naming its line.
    case configuration([ConfigIssue])

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language, the field's name and the expected form with it; a
    /// configuration's problems each on its line.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .invalidValue(let what, let value, let expected):
            return words.tr(
                "invalid {what} {value}: expected {expected}",
                ["what": what.worded(words), "value": value.quotedForMessage, "expected": expected.worded(words)])
        case .configuration(let issues):
            return words.sentence(for: issues)
        }
    }
}
