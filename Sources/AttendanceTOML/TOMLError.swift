/// Why a file is not TOML, located by file and line.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    /// The reader's own sentence, in English.
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// "attendance.toml:12: a value is missing after '='", like a compiler names a place.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
