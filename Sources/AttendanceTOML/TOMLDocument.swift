import AttendanceText

/// A TOML 1.0 document, read strictly, with the line of every key and value.
///
/// All of TOML 1.0 is read: dotted keys, inline tables, arrays of tables, the four string
/// forms, integers in four bases, floats with `inf`/`nan`, offset and local date-times, local
/// dates and times. Anything TOML refuses is refused with its line. The one allowance: a single
/// byte-order mark at the very start is skipped, as editors on Windows write one.
///
/// Integers must fit 64 bits (TOML says a parser must refuse what it cannot hold losslessly);
/// the fraction of a second is kept to the nanosecond.
public struct TOMLDocument: Sendable {
    /// The top-level table: `[policy]`, `policy.timezone = …` and `policy = { … }` all appear
    /// here as the entry `policy` holding a table.
    public let root: Table

    /// Parses `text`; the first problem is reported with `file` and its line.
    public init(parsing text: String, file: String) throws(TOMLError) {
        var parser = TOMLParser(text: text, file: file)
        root = try parser.parseDocument()
    }

    /// The line where `key` is set in the top-level table `table`, for messages about a value
    /// that is wrong only beside another.
    public func line(of key: String, in table: String) -> Int? {
        guard case .table(let inner)? = root[table]?.value else { return nil }
        return inner[key]?.line
    }
}

extension TOMLDocument {
    public indirect enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        /// `1979-05-27T07:32:00-08:00`: a date and time with its offset from UTC, in minutes.
        case offsetDateTime(LocalDate, LocalTime, offsetMinutes: Int)
        /// `1979-05-27T07:32:00`
        case localDateTime(LocalDate, LocalTime)
        /// `1979-05-27`
        case localDate(LocalDate)
        /// `07:32:00`
        case localTime(LocalTime)
        case array([Value])
        case table(Table)

        /// The value's TOML type, for a reader that says which one it found.
        public var type: ValueType {
            switch self {
            case .string: .string
            case .integer: .integer
            case .float: .float
            case .boolean: .boolean
            case .offsetDateTime: .offsetDateTime
            case .localDateTime: .localDateTime
            case .localDate: .localDate
            case .localTime: .localTime
            case .array: .array
            case .table: .table
            }
        }
    }

    /// The ten types of a TOML value.
    public enum ValueType: Equatable, Sendable {
        case string, integer, float, boolean, offsetDateTime, localDateTime, localDate, localTime, array, table

        /// The type as a value of it is named in English, for "x is set to an integer".
        public var typeName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .float: "a number"
            case .boolean: "true or false"
            case .offsetDateTime: "a date-time"
            case .localDateTime: "a local date-time"
            case .localDate: "a date"
            case .localTime: "a time"
            case .array: "an array"
            case .table: "a table"
            }
        }
    }

    /// A table's keys in the order they were first written.
    public struct Table: Equatable, Sendable {
        /// Where the table was first named: its header, its first dotted key, or its inline key.
        public let line: Int
        public let entries: [Entry]

        /// The entry whose key is exactly `key`, compared scalar by scalar (TOML keys are not
        /// Unicode-normalised: "é" and "e\u{301}" are two keys).
        public subscript(key: String) -> Entry? {
            let scalars = Array(key.unicodeScalars)
            return entries.first { Array($0.key.unicodeScalars) == scalars }
        }
    }

    public struct Entry: Equatable, Sendable {
        public let key: String
        /// The line of the key (of the header, for a table made by one).
        public let line: Int
        /// The line where the value starts.
        public let valueLine: Int
        public let value: Value
    }

    public struct LocalDate: Equatable, Sendable {
        public let year: Int
        public let month: Int
        public let day: Int
    }

    public struct LocalTime: Equatable, Sendable {
        public let hour: Int
        public let minute: Int
        public let second: Int
        /// The fraction of the second, cut (not rounded) to nanoseconds.
        public let nanosecond: Int
    }
}
