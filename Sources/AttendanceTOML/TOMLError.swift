/// Why a file is not TOML, located by file and line.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    /// What is wrong, as facts; its `description` is the reader's own sentence, in English.
    public let problem: TOMLProblem

    public init(file: String, line: Int?, problem: TOMLProblem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// "attendance.toml:12: a value is missing after '='", like a compiler names a place.
    public var description: String {
        if let line { return "\(file):\(line): \(problem)" }
        return "\(file): \(problem)"
    }
}
