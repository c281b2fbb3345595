/// The part of TOML a configuration file needs, read strictly and with every key's line.
///
/// Supported: `[table]` headers, `key = value` with bare or quoted keys, basic and literal
/// strings, integers, floats, booleans, and arrays of these (over several lines if need be),
/// `#` comments. Anything else TOML allows (dotted keys, inline tables, multi-line strings,
/// dates, arrays of tables) is refused with its line, rather than half understood.
public struct TOMLDocument: Sendable {
    public enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([Value])

        /// The TOML type name, for "expected a string, found an integer".
        public var typeName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .float: "a number"
            case .boolean: "true or false"
            case .array: "an array"
            }
        }
    }

    public struct Entry: Sendable {
        public let table: String
        public let key: String
        public let value: Value
        public let line: Int
    }

    public struct Table: Sendable {
        public let name: String
        public let line: Int
    }

    public private(set) var tables: [Table] = []
    public private(set) var entries: [Entry] = []

    /// The line where `key` is set in `[table]`, for messages about a value that is wrong only
    /// beside another.
    public func line(of key: String, in table: String) -> Int? {
        entries.first { $0.table == table && $0.key == key }?.line
    }

    /// Parses `text`; every problem is reported with `file` and its line.
    public init(parsing text: String, file: String) throws(CoreError) {
        var parser = Parser(chars: Array(text.unicodeScalars), file: file)
        do {
            try parser.parseDocument()
        } catch let issue {
            throw .configuration([issue])
        }
        tables = parser.tables
        entries = parser.entries
    }
}

// MARK: - The parser

private struct Parser {
    let chars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var currentTable = ""
    var tables: [TOMLDocument.Table] = []
    var entries: [TOMLDocument.Entry] = []
    var seenKeys: [String: Int] = [:]

    init(chars: [Unicode.Scalar], file: String) {
        self.chars = chars
        self.file = file
    }

    func issue(_ message: String, line: Int? = nil) -> ConfigIssue {
        ConfigIssue(file: file, line: line ?? self.line, message: message)
    }

    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }

    mutating func advance() {
        if chars[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { advance() }
    }

    mutating func skipComment() {
        if peek == "#" {
            while let c = peek, c != "\n" { advance() }
        }
    }

    /// After a statement: spaces, an optional comment, then a line break or the end.
    mutating func expectEndOfLine() throws(ConfigIssue) {
        skipSpaces()
        skipComment()
        if peek == "\r" { advance() }
        guard let c = peek else { return }
        guard c == "\n" else { throw issue("unexpected text after the value; one setting per line") }
        advance()
    }

    mutating func parseDocument() throws(ConfigIssue) {
        if peek == "\u{FEFF}" { index += 1 }
        while let c = peek {
            switch c {
            case " ", "\t", "\r", "\n":
                advance()
            case "#":
                skipComment()
            case "[":
                try parseTableHeader()
            default:
                try parseKeyValue()
            }
        }
    }

    mutating func parseTableHeader() throws(ConfigIssue) {
        let headerLine = line
        advance()
        if peek == "[" { throw issue("arrays of tables ([[…]]) are not used in this file") }
        skipSpaces()
        let name = try parseKey()
        skipSpaces()
        if peek == "." { throw issue("dotted table names are not used in this file; use [policy], [store], [wifi] or [kiosk]") }
        guard peek == "]" else { throw issue("a table header must end with ']'") }
        advance()
        if let earlier = tables.first(where: { $0.name == name }) {
            throw issue("table [\(name.clippedForMessage)] appears twice (first at line \(earlier.line))", line: headerLine)
        }
        tables.append(.init(name: name, line: headerLine))
        currentTable = name
        try expectEndOfLine()
    }

    mutating func parseKeyValue() throws(ConfigIssue) {
        let keyLine = line
        let key = try parseKey()
        skipSpaces()
        if peek == "." { throw issue("dotted keys are not used in this file; put the key under its [table]") }
        guard peek == "=" else { throw issue("expected '=' after the key \(key.quotedForMessage)") }
        advance()
        skipSpaces()
        let value = try parseValue()
        let qualified = currentTable + "\u{0}" + key
        if let earlier = seenKeys[qualified] {
            throw issue("\(key.clippedForMessage) is set twice (first at line \(earlier))", line: keyLine)
        }
        seenKeys[qualified] = keyLine
        entries.append(.init(table: currentTable, key: key, value: value, line: keyLine))
        try expectEndOfLine()
    }

    mutating func parseKey() throws(ConfigIssue) -> String {
        if peek == "\"" { return try parseBasicString() }
        if peek == "'" { return try parseLiteralString() }
        var key = ""
        while let c = peek, isBareKeyCharacter(c) {
            key.unicodeScalars.append(c)
            advance()
        }
        guard !key.isEmpty else {
            throw issue("expected a key such as shift_start = \"09:30\" or a [table] header")
        }
        return key
    }

    func isBareKeyCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }

    mutating func parseValue() throws(ConfigIssue) -> TOMLDocument.Value {
        guard let c = peek, c != "\n", c != "#" else { throw issue("a value is missing after '='") }
        switch c {
        case "\"":
            if matches("\"\"\"") { throw issue("multi-line strings are not used in this file") }
            return .string(try parseBasicString())
        case "'":
            if matches("'''") { throw issue("multi-line strings are not used in this file") }
            return .string(try parseLiteralString())
        case "[":
            return try parseArray()
        case "{":
            throw issue("inline tables are not used in this file")
        default:
            return try parseBareValue()
        }
    }

    func matches(_ text: String) -> Bool {
        var i = index
        for s in text.unicodeScalars {
            guard i < chars.count, chars[i] == s else { return false }
            i += 1
        }
        return true
    }

    mutating func parseArray() throws(ConfigIssue) -> TOMLDocument.Value {
        let startLine = line
        advance()
        var items: [TOMLDocument.Value] = []
        while true {
            skipArrayFiller()
            guard let c = peek else { throw issue("the array opened at line \(startLine) is not closed with ']'") }
            if c == "]" {
                advance()
                return .array(items)
            }
            items.append(try parseValue())
            skipArrayFiller()
            if peek == nil {
                throw issue("the array opened at line \(startLine) is not closed with ']'")
            } else if peek == "," {
                advance()
            } else if peek != "]" {
                throw issue("expected ',' or ']' in the array opened at line \(startLine)")
            }
        }
    }

    /// White space, line breaks and comments between array items.
    mutating func skipArrayFiller() {
        while let c = peek {
            if c == " " || c == "\t" || c == "\r" || c == "\n" {
                advance()
            } else if c == "#" {
                skipComment()
            } else {
                return
            }
        }
    }

    mutating func parseBasicString() throws(ConfigIssue) -> String {
        advance()
        var out = ""
        while true {
            guard let c = peek, c != "\n" else { throw issue("a string is not closed with '\"' on its line") }
            advance()
            if c == "\"" { return out }
            if c == "\\" {
                guard let e = peek else { throw issue("a string ends in the middle of an escape") }
                advance()
                switch e {
                case "\"": out += "\""
                case "\\": out += "\\"
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "b": out += "\u{8}"
                case "f": out += "\u{C}"
                case "u": out.unicodeScalars.append(try parseUnicodeEscape(digits: 4))
                case "U": out.unicodeScalars.append(try parseUnicodeEscape(digits: 8))
                default: throw issue("unknown escape '\\\(e)' in a string; write a backslash as \\\\")
                }
            } else if c.value < 0x20 && c != "\t" || c.value == 0x7F {
                throw issue("a control character inside a string; write it as an escape")
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }

    mutating func parseUnicodeEscape(digits: Int) throws(ConfigIssue) -> Unicode.Scalar {
        var hex = ""
        for _ in 0..<digits {
            guard let c = peek, c.properties.isASCIIHexDigit else {
                throw issue("\\u needs \(digits) hexadecimal digits")
            }
            hex.unicodeScalars.append(c)
            advance()
        }
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw issue("\\u\(hex) is not a Unicode character")
        }
        return scalar
    }

    mutating func parseLiteralString() throws(ConfigIssue) -> String {
        advance()
        var out = ""
        while true {
            guard let c = peek, c != "\n" else { throw issue("a string is not closed with \"'\" on its line") }
            advance()
            if c == "'" { return out }
            out.unicodeScalars.append(c)
        }
    }

    /// Numbers and booleans: everything up to a separator.
    mutating func parseBareValue() throws(ConfigIssue) -> TOMLDocument.Value {
        var word = ""
        while let c = peek, !(c == " " || c == "\t" || c == "\r" || c == "\n" || c == "," || c == "]" || c == "#") {
            word.unicodeScalars.append(c)
            advance()
        }
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        let digits = word.replacingUnderscoresBetweenDigits()
        if let digits, let int = Int(digits) {
            let unsigned = digits.drop(while: { $0 == "+" || $0 == "-" })
            guard unsigned.count == 1 || !unsigned.hasPrefix("0") else {
                throw issue("\(word.quotedForMessage): integers have no leading zeros")
            }
            return .integer(int)
        }
        if let digits, digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            digits.last?.isNumber == true, digits.first != ".", let double = Double(digits), double.isFinite
        {
            return .float(double)
        }
        throw issue("\(word.quotedForMessage) is not a value; put text in double quotes, like \"09:30\"")
    }
}

extension String {
    /// TOML allows `1_000`: underscores only between digits. Nil when one stands elsewhere.
    fileprivate func replacingUnderscoresBetweenDigits() -> String? {
        let scalars = Array(unicodeScalars)
        var out = ""
        for (i, c) in scalars.enumerated() {
            if c == "_" {
                guard i > 0, i + 1 < scalars.count, scalars[i - 1].properties.numericType != nil,
                    scalars[i + 1].properties.numericType != nil
                else { return nil }
                continue
            }
            out.unicodeScalars.append(c)
        }
        return out
    }
}

extension ConfigIssue: Error {}
