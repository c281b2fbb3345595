import AttendanceTOML
import AttendanceText

extension Speech {
    /// Why a configuration file is not TOML, in this language; in English, the TOML reader's own
    /// sentence (`TOMLProblem.description`), word for word. Keys, headers and values come from
    /// the file, untrusted: they are clipped or quoted as the English has them.
    public func sentence(for problem: TOMLProblem) -> String {
        switch problem {
        case .controlCharacter(let c, let place): return controlSentence(c, place)
        case .misplacedByteOrderMark: return tr("a byte-order mark (U+FEFF) may only open the file, once")
        case .textAfterHeader: return tr("unexpected text after the table header; one header per line")
        case .textAfterValue: return tr("unexpected text after the value; one setting per line")
        case .keyExpected: return tr("expected a key such as shift_start = \"09:30\" or a [table] header")
        case .keyExpectedAfterDot: return tr("expected a key after '.' (letters, digits, '_', '-', or a quoted key)")
        case .equalsExpected(let key): return tr("expected '=' after the key {key}", ["key": key.quotedForMessage])
        case .keyTooLong(let limit): return tr("a key has more than {limit} parts", ["limit": String(limit)])
        case .tableHeaderNotClosed: return tr("a table header must end with ']'")
        case .arrayHeaderNotClosed: return tr("an array-of-tables header must end with ']]'")
        case .valueMissing: return tr("a value is missing after '='")
        case .valueExpected:
            return tr("expected a value: a string, number, true or false, date, time, array or inline table")
        case .arrayNotClosed(let line):
            return tr("the array opened at line {line} is not closed with ']'", ["line": String(line)])
        case .arraySeparatorExpected(let line):
            return tr("expected ',' or ']' in the array opened at line {line}", ["line": String(line)])
        case .nestedTooDeep(let limit): return tr("values are nested more than {limit} deep", ["limit": String(limit)])
        case .inlineTableKeyExpected(let line):
            return tr(
                "expected a key in the inline table opened at line {line}; an inline table stays on one line and has no trailing comma",
                ["line": String(line)])
        case .inlineTableSeparatorExpected(let line):
            return tr(
                "expected ',' or '}' in the inline table opened at line {line}; an inline table stays on one line",
                ["line": String(line)])
        case .stringNotClosed(literal: false): return tr("a string is not closed with '\"' on its line")
        case .stringNotClosed(literal: true): return tr("a string is not closed with \"'\" on its line")
        case .multilineStringNotClosed(let line, let literal):
            return tr(
                "the multi-line string opened at line {line} is not closed with {quotes}",
                ["line": String(line), "quotes": literal ? "'''" : "\"\"\""])
        case .backslashBeforeText:
            return tr("a backslash that ends a line in a multi-line string may only be followed by spaces")
        case .unfinishedEscape: return tr("a string ends in the middle of an escape")
        case .unknownEscape(let c):
            return tr(
                "unknown escape '\\{character}' in a string; write a backslash as \\\\", ["character": c.shownInEscape])
        case .shortUnicodeEscape(let digits):
            return tr(
                "{escape} needs {digits} hexadecimal digits",
                ["escape": TOMLProblem.unicodeEscape(digits: digits), "digits": String(digits)])
        case .notAUnicodeCharacter(let hex):
            return tr(
                "{escape} is not a Unicode character (surrogates and values above 10FFFF are not)",
                ["escape": TOMLProblem.unicodeEscape(digits: hex.count) + hex])
        case .timeWithoutSeconds(let time):
            return tr(
                "{time} is not a TOML value: a time needs its seconds ({time}:00), or write it as text, \"{time}\"",
                ["time": time])
        case .invalidDateOrTime(let text):
            return tr(
                "{value} is not a valid date or time; expected a form such as 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z, with a day that exists, hours 00–23, minutes and seconds 00–59",
                ["value": text.quotedForMessage])
        case .number(let text, let fault):
            return tr("{value}: {problem}", ["value": text.quotedForMessage, "problem": sentence(for: fault)])
        case .notAValue(let text):
            return tr(
                "{value} is not a value; put text in double quotes, like \"09:30\"", ["value": text.quotedForMessage])
        // A key or a table written twice, or in two ways.
        case .headerCannotAddTo(let header, let key, .value(let type), let line):
            return tr(
                "[{header}] cannot add to {key}, which is set to {type} at line {line}",
                names(header: header, key: key, line: line, ["type": typeName(type)]))
        case .headerCannotAddTo(let header, let key, .table(let kind), let line):
            return tr(
                "[{header}] cannot add to {key}, which is {table} at line {line}",
                names(header: header, key: key, line: line, ["table": phrase(for: kind)]))
        case .tableTwice(let header, let line):
            return tr(
                "table [{header}] appears twice (first at line {line})", names(header: header, line: line))
        case .tableMadeByDottedKeys(let header, let line):
            return tr(
                "table [{header}] was already made by dotted keys at line {line}; a [header] cannot reopen it",
                names(header: header, line: line))
        case .notATable(let header, let key, .value(let type), let line):
            return tr(
                "[{header}] cannot be a table: {key} is set to {type} at line {line}",
                names(header: header, key: key, line: line, ["type": typeName(type)]))
        case .notATable(let header, let key, .table(let kind), let line):
            return tr(
                "[{header}] cannot be a table: {key} is {table} at line {line}",
                names(header: header, key: key, line: line, ["table": phrase(for: kind)]))
        case .notAnArrayOfTables(let header, let key, .value(let type), let line):
            return tr(
                "[[{header}]] cannot be an array of tables: {key} is set to {type} at line {line}",
                names(header: header, key: key, line: line, ["type": typeName(type)]))
        case .notAnArrayOfTables(let header, let key, .table(let kind), let line):
            return tr(
                "[[{header}]] cannot be an array of tables: {key} is {table} at line {line}",
                names(header: header, key: key, line: line, ["table": phrase(for: kind)]))
        case .dottedKeyIntoHeaderTable(let table, let line):
            return tr(
                "a dotted key cannot add to the table [{header}] of line {line}; write the key under that header",
                names(header: table, line: line))
        case .dottedKeyCannotAddTo(let key, .value(let type), let line):
            return tr(
                "a dotted key cannot add to {key}, which is set to {type} at line {line}",
                names(key: key, line: line, ["type": typeName(type)]))
        case .dottedKeyCannotAddTo(let key, .table(let kind), let line):
            return tr(
                "a dotted key cannot add to {key}, which is {table} at line {line}",
                names(key: key, line: line, ["table": phrase(for: kind)]))
        case .keyTwice(let key, let line):
            return tr("{key} is set twice (first at line {line})", names(key: key, line: line))
        case .keyAlreadyATable(let key, let kind, let line):
            return tr(
                "{key} is already {table} at line {line}; it cannot also be set to a value",
                names(key: key, line: line, ["table": phrase(for: kind)]))
        }
    }

    /// The placeholders of a sentence about keys and tables: names from the file clipped, the
    /// line as a number.
    private func names(
        header: String? = nil, key: String? = nil, line: Int, _ more: [String: String] = [:]
    ) -> [String: String] {
        var values = more
        values["line"] = String(line)
        if let header { values["header"] = header.clippedForMessage }
        if let key { values["key"] = key.clippedForMessage }
        return values
    }

    /// "an inline table", as it follows "which is" or "is already".
    private func phrase(for kind: TOMLProblem.TableKind) -> String {
        switch kind {
        case .table: ctr("TOML table", "a table")
        case .inlineTable: ctr("TOML table", "an inline table")
        case .madeByDottedKeys: ctr("TOML table", "a table made by dotted keys")
        case .arrayOfTables: ctr("TOML table", "an array of tables")
        }
    }

    /// What is wrong with a number, after the number itself.
    private func sentence(for fault: TOMLProblem.NumberFault) -> String {
        switch fault {
        case .signedPrefixedInteger: tr("hexadecimal, octal and binary integers take no sign")
        case .digitBeforePoint: tr("a number needs a digit before its '.' (write 0.5, not .5)")
        case .digitAfterPoint: tr("a number needs a digit after its '.' (write 1.0, not 1.)")
        case .exponentWithoutDigits: tr("an exponent needs digits, as in 1e6 or 6.5e-3")
        case .leadingZeros(integer: false): tr("numbers have no leading zeros")
        case .leadingZeros(integer: true): tr("integers have no leading zeros")
        case .outOfRange: tr("out of range: integers run from -9223372036854775808 to 9223372036854775807")
        case .misplacedUnderscore: tr("an underscore in a number must stand between two digits")
        }
    }

    /// "a control character (U+0007) in a comment; only tabs are allowed there"; a lone carriage
    /// return is named as what it usually is, a line break from an old Mac or a broken CRLF.
    private func controlSentence(_ c: Unicode.Scalar, _ place: TOMLProblem.Place) -> String {
        let values = ["character": c.codeName, "place": phrase(for: place)]
        if c == "\r" {
            return tr("a carriage return (U+000D) without a line feed {place}; end lines with LF or CRLF", values)
        }
        switch place {
        case .comment:
            return tr("a control character ({character}) {place}; only tabs are allowed there", values)
        case .keyStart, .afterStatement, .valueStart:
            return tr("a control character ({character}) {place}; remove it", values)
        case .string, .literalString, .multilineString, .multilineLiteralString:
            return tr(
                "a control character ({character}) {place}; write it as an escape such as \\u001B in \"…\"", values)
        }
    }

    /// Where a control character stands, after the character: "in a comment".
    private func phrase(for place: TOMLProblem.Place) -> String {
        switch place {
        case .comment: ctr("where a control character is", "in a comment")
        case .keyStart: ctr("where a control character is", "where a key should start")
        case .afterStatement: ctr("where a control character is", "after a statement")
        case .valueStart: ctr("where a control character is", "where a value should start")
        case .string: ctr("where a control character is", "inside a string")
        case .literalString: ctr("where a control character is", "inside a literal string")
        case .multilineString: ctr("where a control character is", "inside a multi-line string")
        case .multilineLiteralString: ctr("where a control character is", "inside a multi-line literal string")
        }
    }
}
