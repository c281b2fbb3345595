import AttendanceText

/// Why a text is not TOML, as facts: the lines where something was opened or first written, a
/// key or a value as the file wrote it (untrusted), the limit passed. `description` words it in
/// English; a front-end can word the same facts in its reader's language.
public enum TOMLProblem: Equatable, Sendable, CustomStringConvertible {
    // MARK: Characters
    /// A control character where TOML does not allow it.
    case controlCharacter(Unicode.Scalar, Place)
    /// U+FEFF anywhere but at the very start of the file.
    case misplacedByteOrderMark

    // MARK: Statements
    /// More on the line after a `[header]`.
    case textAfterHeader
    /// More on the line after `key = value`.
    case textAfterValue
    /// Something that is neither a key nor a header where a statement starts.
    case keyExpected
    /// Nothing a key can be made of after a `.` in a dotted key.
    case keyExpectedAfterDot
    /// A key (its parts joined by `.`) with no `=` after it.
    case equalsExpected(key: String)
    /// A dotted key of more parts than `limit`.
    case keyTooLong(limit: Int)
    /// `[name` without its `]`.
    case tableHeaderNotClosed
    /// `[[name]` without its `]]`.
    case arrayHeaderNotClosed

    // MARK: Values
    /// `key =` and the end of the line.
    case valueMissing
    /// Something that starts no value.
    case valueExpected
    /// The file ends inside an array opened on `openedAt`.
    case arrayNotClosed(openedAt: Int)
    /// Two items of the array opened on `openedAt` without a comma between them.
    case arraySeparatorExpected(openedAt: Int)
    /// Arrays and inline tables nested deeper than `limit`.
    case nestedTooDeep(limit: Int)
    /// No key where the inline table opened on `openedAt` needs one (a trailing comma, a line break).
    case inlineTableKeyExpected(openedAt: Int)
    /// Neither `,` nor `}` after a value of the inline table opened on `openedAt`.
    case inlineTableSeparatorExpected(openedAt: Int)

    // MARK: Strings
    /// A one-line string, `"…"` or (`literal`) `'…'`, not closed on its line.
    case stringNotClosed(literal: Bool)
    /// A `"""` or (`literal`) `'''` string opened on `openedAt`, not closed before the end.
    case multilineStringNotClosed(openedAt: Int, literal: Bool)
    /// A backslash that ends a line in a `"""` string, followed by something else than spaces.
    case backslashBeforeText
    /// A line break or the end of the file right after a backslash.
    case unfinishedEscape
    /// A backslash before a character that starts no escape.
    case unknownEscape(Unicode.Scalar)
    /// `\u` (`digits` 4) or `\U` (8) with fewer hexadecimal digits.
    case shortUnicodeEscape(digits: Int)
    /// `\u` or `\U` and its `hex` digits naming no Unicode scalar (a surrogate, above 10FFFF).
    case notAUnicodeCharacter(hex: String)

    // MARK: Bare values
    /// `09:30`: an hour and minute, which TOML does not read as a time.
    case timeWithoutSeconds(String)
    /// Date- or time-shaped, but no real date or time.
    case invalidDateOrTime(String)
    /// Number-shaped, but wrong in the way `fault` says.
    case number(String, NumberFault)
    /// A bare word that is no value (text that needs quotes).
    case notAValue(String)

    // MARK: Keys and tables defined twice, or in two ways
    /// `[header]` passes through `key`, which holds what cannot take a table (since `line`).
    case headerCannotAddTo(header: String, key: String, holding: Holding, line: Int)
    /// `[header]` written a second time; the first was on `firstLine`.
    case tableTwice(header: String, firstLine: Int)
    /// `[header]` for a table that dotted keys made on `line`.
    case tableMadeByDottedKeys(header: String, line: Int)
    /// `[header]` whose last part `key` already holds something else (since `line`).
    case notATable(header: String, key: String, holding: Holding, line: Int)
    /// `[[header]]` whose last part `key` already holds something else (since `line`).
    case notAnArrayOfTables(header: String, key: String, holding: Holding, line: Int)
    /// A dotted key into `table`, which a `[header]` on `line` made.
    case dottedKeyIntoHeaderTable(table: String, line: Int)
    /// A dotted key through `key`, which holds what cannot take more keys (since `line`).
    case dottedKeyCannotAddTo(key: String, holding: Holding, line: Int)
    /// `key` set a second time; the first was on `firstLine`.
    case keyTwice(key: String, firstLine: Int)
    /// `key` set to a value though it is already a table of this kind (since `line`).
    case keyAlreadyATable(key: String, kind: TableKind, line: Int)

    /// Where a control character was found.
    public enum Place: Equatable, Sendable {
        case comment
        case keyStart
        case afterStatement
        case valueStart
        case string
        case literalString
        case multilineString
        case multilineLiteralString
    }

    /// What a number-shaped word does wrong.
    public enum NumberFault: Equatable, Sendable {
        /// `+0x1`: a sign before a hexadecimal, octal or binary integer.
        case signedPrefixedInteger
        case digitBeforePoint
        case digitAfterPoint
        case exponentWithoutDigits
        /// `03.14` (`integer` false) or `015` (true).
        case leadingZeros(integer: Bool)
        /// Beyond a 64-bit signed integer.
        case outOfRange
        /// `1__0`, `_1`, `0x_1`: an underscore not between two digits.
        case misplacedUnderscore
    }

    /// What a key already holds when something else is written to it.
    public enum Holding: Equatable, Sendable {
        /// A value of this type (an array written with `[ … ]` too).
        case value(TOMLDocument.ValueType)
        case table(TableKind)
    }

    /// How a table came to be, which decides what may still be added to it.
    public enum TableKind: Equatable, Sendable {
        /// Made by a `[header]`, or only on a header's path.
        case table
        case inlineTable
        case madeByDottedKeys
        case arrayOfTables
    }

    /// The sentence in English, as the reader has always said it: "a value is missing after '='".
    public var description: String {
        switch self {
        case .controlCharacter(let c, let place): Self.controlSentence(c, place)
        case .misplacedByteOrderMark: "a byte-order mark (U+FEFF) may only open the file, once"
        case .textAfterHeader: "unexpected text after the table header; one header per line"
        case .textAfterValue: "unexpected text after the value; one setting per line"
        case .keyExpected: "expected a key such as shift_start = \"09:30\" or a [table] header"
        case .keyExpectedAfterDot: "expected a key after '.' (letters, digits, '_', '-', or a quoted key)"
        case .equalsExpected(let key): "expected '=' after the key \(key.quotedForMessage)"
        case .keyTooLong(let limit): "a key has more than \(limit) parts"
        case .tableHeaderNotClosed: "a table header must end with ']'"
        case .arrayHeaderNotClosed: "an array-of-tables header must end with ']]'"
        case .valueMissing: "a value is missing after '='"
        case .valueExpected: "expected a value: a string, number, true or false, date, time, array or inline table"
        case .arrayNotClosed(let line): "the array opened at line \(line) is not closed with ']'"
        case .arraySeparatorExpected(let line): "expected ',' or ']' in the array opened at line \(line)"
        case .nestedTooDeep(let limit): "values are nested more than \(limit) deep"
        case .inlineTableKeyExpected(let line):
            "expected a key in the inline table opened at line \(line); an inline table stays on one line and has no trailing comma"
        case .inlineTableSeparatorExpected(let line):
            "expected ',' or '}' in the inline table opened at line \(line); an inline table stays on one line"
        case .stringNotClosed(literal: false): "a string is not closed with '\"' on its line"
        case .stringNotClosed(literal: true): "a string is not closed with \"'\" on its line"
        case .multilineStringNotClosed(let line, let literal):
            "the multi-line string opened at line \(line) is not closed with \(literal ? "'''" : "\"\"\"")"
        case .backslashBeforeText:
            "a backslash that ends a line in a multi-line string may only be followed by spaces"
        case .unfinishedEscape: "a string ends in the middle of an escape"
        case .unknownEscape(let c): "unknown escape '\\\(c.shownInEscape)' in a string; write a backslash as \\\\"
        case .shortUnicodeEscape(let digits): "\(Self.unicodeEscape(digits: digits)) needs \(digits) hexadecimal digits"
        case .notAUnicodeCharacter(let hex):
            "\(Self.unicodeEscape(digits: hex.count))\(hex) is not a Unicode character (surrogates and values above 10FFFF are not)"
        case .timeWithoutSeconds(let time):
            "\(time) is not a TOML value: a time needs its seconds (\(time):00), or write it as text, \"\(time)\""
        case .invalidDateOrTime(let text):
            "\(text.quotedForMessage) is not a valid date or time; expected a form such as 1979-05-27, 07:32:00, "
                + "1979-05-27T07:32:00 or 1979-05-27T07:32:00Z, with a day that exists, hours 00–23, minutes and seconds 00–59"
        case .number(let text, let fault): "\(text.quotedForMessage): \(fault)"
        case .notAValue(let text): "\(text.quotedForMessage) is not a value; put text in double quotes, like \"09:30\""
        case .headerCannotAddTo(let header, let key, let holding, let line):
            "[\(header.clippedForMessage)] cannot add to \(key.clippedForMessage), which is \(holding) at line \(line)"
        case .tableTwice(let header, let line):
            "table [\(header.clippedForMessage)] appears twice (first at line \(line))"
        case .tableMadeByDottedKeys(let header, let line):
            "table [\(header.clippedForMessage)] was already made by dotted keys at line \(line); a [header] cannot reopen it"
        case .notATable(let header, let key, let holding, let line):
            "[\(header.clippedForMessage)] cannot be a table: \(key.clippedForMessage) is \(holding) at line \(line)"
        case .notAnArrayOfTables(let header, let key, let holding, let line):
            "[[\(header.clippedForMessage)]] cannot be an array of tables: \(key.clippedForMessage) is \(holding) at line \(line)"
        case .dottedKeyIntoHeaderTable(let table, let line):
            "a dotted key cannot add to the table [\(table.clippedForMessage)] of line \(line); write the key under that header"
        case .dottedKeyCannotAddTo(let key, let holding, let line):
            "a dotted key cannot add to \(key.clippedForMessage), which is \(holding) at line \(line)"
        case .keyTwice(let key, let line): "\(key.clippedForMessage) is set twice (first at line \(line))"
        case .keyAlreadyATable(let key, let kind, let line):
            "\(key.clippedForMessage) is already \(kind) at line \(line); it cannot also be set to a value"
        }
    }

    /// `\u` for four hexadecimal digits, `\U` for eight.
    public static func unicodeEscape(digits: Int) -> String { digits == 4 ? "\\u" : "\\U" }

    /// "a control character (U+0007) in a comment; only tabs are allowed there", naming a lone
    /// carriage return as what it usually is: a line break from an old Mac or a broken CRLF.
    private static func controlSentence(_ c: Unicode.Scalar, _ place: Place) -> String {
        if c == "\r" { return "a carriage return (U+000D) without a line feed \(place); end lines with LF or CRLF" }
        let advice =
            switch place {
            case .comment: "only tabs are allowed there"
            case .keyStart, .afterStatement, .valueStart: "remove it"
            case .string, .literalString, .multilineString, .multilineLiteralString:
                "write it as an escape such as \\u001B in \"…\""
            }
        return "a control character (\(c.codeName)) \(place); \(advice)"
    }
}

extension TOMLProblem.Place: CustomStringConvertible {
    /// "in a comment", "inside a string": where the character stands, after the character.
    public var description: String {
        switch self {
        case .comment: "in a comment"
        case .keyStart: "where a key should start"
        case .afterStatement: "after a statement"
        case .valueStart: "where a value should start"
        case .string: "inside a string"
        case .literalString: "inside a literal string"
        case .multilineString: "inside a multi-line string"
        case .multilineLiteralString: "inside a multi-line literal string"
        }
    }
}

extension TOMLProblem.NumberFault: CustomStringConvertible {
    public var description: String {
        switch self {
        case .signedPrefixedInteger: "hexadecimal, octal and binary integers take no sign"
        case .digitBeforePoint: "a number needs a digit before its '.' (write 0.5, not .5)"
        case .digitAfterPoint: "a number needs a digit after its '.' (write 1.0, not 1.)"
        case .exponentWithoutDigits: "an exponent needs digits, as in 1e6 or 6.5e-3"
        case .leadingZeros(integer: false): "numbers have no leading zeros"
        case .leadingZeros(integer: true): "integers have no leading zeros"
        case .outOfRange: "out of range: integers run from -9223372036854775808 to 9223372036854775807"
        case .misplacedUnderscore: "an underscore in a number must stand between two digits"
        }
    }
}

extension TOMLProblem.Holding: CustomStringConvertible {
    /// "set to an integer", "an inline table": what a key already is, after "which is".
    public var description: String {
        switch self {
        case .value(let type): "set to \(type.typeName)"
        case .table(let kind): kind.description
        }
    }
}

extension TOMLProblem.TableKind: CustomStringConvertible {
    /// "an inline table", after "which is" or "is already".
    public var description: String {
        switch self {
        case .table: "a table"
        case .inlineTable: "an inline table"
        case .madeByDottedKeys: "a table made by dotted keys"
        case .arrayOfTables: "an array of tables"
        }
    }
}

extension Unicode.Scalar {
    /// "U+000D", for naming an invisible character in a message.
    public var codeName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The character after a backslash as a message shows it: itself, or its code when invisible.
    public var shownInEscape: String { isTOMLControl ? codeName : String(self) }

    /// U+0000–U+001F and U+007F: what TOML allows only where it says so (tab, line feed).
    var isTOMLControl: Bool { value < 0x20 || value == 0x7F }
}
