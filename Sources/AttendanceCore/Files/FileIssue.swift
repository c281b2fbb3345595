/// What is wrong with one line of a file a person wrote (a CSV import): the line, so they can
/// find it, and what to change.
public struct FileIssue: Sendable, Hashable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// "line 3: invalid kind \"x\": expected in or out"
    public var description: String { "line \(line): \(message)" }
}
