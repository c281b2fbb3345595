/// The sentences of one language, as the modules below AttendanceLanguage need them: to word
/// their errors once, for whoever reads them.
///
/// An error words itself through `tr` (the catalog's keyword, so `make po` extracts each English
/// sentence where it stands) for the `Wording` it is given: ``EnglishWords`` for its
/// `description` (logs, tests), the reader's `Speech` (AttendanceLanguage) at a front-end. The core
/// knows no translation, only the shape of one.
public protocol Wording: Sendable {
    /// `message` translated, its `{placeholders}` filled from `values`.
    func tr(_ message: String, _ values: [String: String]) -> String
    /// A configuration file's problems, one a line, each at its file and line. The core keeps
    /// only their facts: a `Speech` (AttendanceLanguage) words them; any other `Wording` shows the
    /// facts themselves, for a developer.
    func sentence(for issues: [ConfigIssue]) -> String
    /// Why this program's user may not read or write a file. As with a configuration's problems,
    /// a `Speech` words it; any other `Wording` shows its facts, for a developer.
    func sentence(for denial: AccessDenial) -> String
    /// How a date's punches would be irregular: as with a configuration's problems, a `Speech`
    /// words it; any other `Wording` shows its facts, for a developer.
    func sentence(for problem: CorrectionProblem) -> String
}

extension Wording {
    public func sentence(for issues: [ConfigIssue]) -> String {
        issues.map(\.description).joined(separator: "\n")
    }

    public func sentence(for denial: AccessDenial) -> String { String(describing: denial) }

    public func sentence(for problem: CorrectionProblem) -> String { String(describing: problem.facts) }
}

extension Wording {
    /// `text` with each `{key}` of `values` replaced by its value; other braces are left alone.
    /// A value that ends in a full stop of its own (a French abbreviated month, "27 nov.") takes
    /// the place of the sentence's, so no sentence ends in two.
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
                if value.hasSuffix("."), rest.hasPrefix(".") { rest = rest.dropFirst() }
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }
}

/// The sources' own English, with no catalog: what an error's `description` says.
public struct EnglishWords: Wording {
    public init() {}

    public func tr(_ message: String, _ values: [String: String]) -> String { Self.fill(message, values) }
}

/// An error that words itself for whoever reads it, in their language.
public protocol WordedError: Error, CustomStringConvertible {
    /// The sentence in `words`' language.
    func worded(_ words: some Wording) -> String
}

extension Wording {
    /// `error` in these words when it words itself, else as it describes itself.
    public func sentence(for error: any Error) -> String {
        (error as? any WordedError)?.worded(self) ?? String(describing: error)
    }
}

/// A piece of a sentence that a rule says and a front-end words: the name of a field ("date"),
/// the form a value should have ("a real date as YYYY-MM-DD"). Written in English where the rule
/// is, as one literal inside `Phrase(…)` (which `make po` extracts, as it does `tr`), and looked
/// up in the reader's catalog when the sentence around it is.
public struct Phrase: Equatable, Hashable, Sendable {
    public let message: String
    public let values: [String: String]

    public init(_ message: String, _ values: [String: String] = [:]) {
        self.message = message
        self.values = values
    }

    /// The phrase in `words`' language, its `{placeholders}` filled.
    public func worded(_ words: some Wording) -> String { words.tr(message, values) }
}
