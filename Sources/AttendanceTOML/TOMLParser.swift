import AttendanceText

/// The TOML 1.0 reader behind `TOMLDocument`: one pass over the text, building a tree of
/// tables that remembers how each table came to be, because TOML's rules about redefining a
/// table depend on it (a `[header]`, a dotted key, an inline table, or a header's path).
struct TOMLParser {
    let chars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    let root = TableNode(origin: .implicit, line: 1, name: "")
    var current: TableNode
    /// Arrays and inline tables open around the value being read.
    var depth = 0
    /// How deep values may nest, and how many parts a key may have: a configuration needs a few,
    /// and a file of thousands of `[` must be refused with its line, not overflow the stack.
    static let maxDepth = 32

    init(text: String, file: String) {
        // TOML lets a parser read CRLF as LF everywhere, inside strings too; a lone CR stays
        // and is refused as the control character it is.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n", scalars.last == "\r" { scalars.removeLast() }
            scalars.append(scalar)
        }
        chars = scalars
        self.file = file
        current = root
    }

    func issue(_ message: String, line: Int? = nil) -> TOMLError {
        TOMLError(file: file, line: line ?? self.line, message: message)
    }

    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }

    func peek(at offset: Int) -> Unicode.Scalar? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    mutating func advance() {
        if chars[index] == "\n" { line += 1 }
        index += 1
    }

    func matches(_ text: String) -> Bool {
        var i = index
        for s in text.unicodeScalars {
            guard i < chars.count, chars[i] == s else { return false }
            i += 1
        }
        return true
    }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { advance() }
    }

    /// A comment runs to the end of the line; tabs are the only control characters it may hold.
    mutating func skipComment() throws(TOMLError) {
        guard peek == "#" else { return }
        while let c = peek, c != "\n" {
            if c.isTOMLControl && c != "\t" {
                throw issue(controlProblem(c, in: " in a comment", advice: "only tabs are allowed there"))
            }
            advance()
        }
    }

    // MARK: - Statements

    mutating func parseDocument() throws(TOMLError) -> TOMLDocument.Table {
        if peek == "\u{FEFF}" { index += 1 }
        while true {
            skipSpaces()
            guard let c = peek else { break }
            if c == "\n" {
                advance()
                continue
            }
            if c == "[" {
                try parseHeader()
                skipSpaces()
                try skipComment()
                try expectEndOfLine("unexpected text after the table header; one header per line")
            } else if c == "#" {
                try skipComment()
            } else if c.isBareKeyCharacter || c == "\"" || c == "'" {
                try parseKeyValue(into: current)
                skipSpaces()
                try skipComment()
                try expectEndOfLine("unexpected text after the value; one setting per line")
            } else if c == "\u{FEFF}" {
                throw issue("a byte-order mark (U+FEFF) may only open the file, once")
            } else if c.isTOMLControl {
                throw issue(controlProblem(c, in: " where a key should start", advice: "remove it"))
            } else {
                throw issue("expected a key such as shift_start = \"09:30\" or a [table] header")
            }
        }
        return root.frozen()
    }

    mutating func expectEndOfLine(_ message: String) throws(TOMLError) {
        guard let c = peek else { return }
        guard c == "\n" else {
            if c.isTOMLControl { throw issue(controlProblem(c, in: " after a statement", advice: "remove it")) }
            throw issue(message)
        }
        advance()
    }

    /// `[a.b]` or `[[a.b]]`: makes (or reopens) the table and makes it the current one.
    mutating func parseHeader() throws(TOMLError) {
        let headerLine = line
        advance()
        let isArray = peek == "["
        if isArray { advance() }
        skipSpaces()
        let key = try parseKey()
        let name = key.map(\.name).joined(separator: ".")
        if isArray {
            guard matches("]]") else { throw issue("an array-of-tables header must end with ']]'") }
            advance()
            advance()
        } else {
            guard peek == "]" else { throw issue("a table header must end with ']'") }
            advance()
        }
        var table = root
        for part in key.dropLast() {
            table = try table.openForHeader(part, headerName: name, line: headerLine, parser: self)
        }
        guard let last = key.last else { return }
        current =
            isArray
            ? try table.appendArrayElement(last, headerName: name, line: headerLine, parser: self)
            : try table.defineByHeader(last, headerName: name, line: headerLine, parser: self)
    }

    /// `a.b.c = value` into `table` (the current table, or an inline table being read).
    mutating func parseKeyValue(into table: TableNode) throws(TOMLError) {
        let keyLine = line
        let key = try parseKey()
        guard peek == "=" else {
            let written = key.map(\.name).joined(separator: ".")
            throw issue("expected '=' after the key \(written.quotedForMessage)")
        }
        advance()
        skipSpaces()
        let valueLine = line
        let value = try parseValue()
        var target = table
        for part in key.dropLast() {
            target = try target.openForDottedKey(part, parser: self)
        }
        guard let last = key.last else { return }
        try target.add(last, value: value, valueLine: valueLine, keyLine: keyLine, parser: self)
    }

    /// One key part: bare, "basic" or 'literal'. Dotted keys are a list of parts.
    struct KeyPart {
        let name: String
        let line: Int
    }

    /// A key, possibly dotted, and the spaces after it.
    mutating func parseKey() throws(TOMLError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            let partLine = line
            let name: String
            if peek == "\"" {
                name = try parseBasicString()
            } else if peek == "'" {
                name = try parseLiteralString()
            } else {
                var bare = ""
                while let c = peek, c.isBareKeyCharacter {
                    bare.unicodeScalars.append(c)
                    advance()
                }
                guard !bare.isEmpty else {
                    if parts.isEmpty {
                        throw issue("expected a key such as shift_start = \"09:30\" or a [table] header")
                    }
                    throw issue("expected a key after '.' (letters, digits, '_', '-', or a quoted key)")
                }
                name = bare
            }
            parts.append(KeyPart(name: name, line: partLine))
            guard parts.count <= Self.maxDepth else { throw issue("a key has more than \(Self.maxDepth) parts") }
            skipSpaces()
            guard peek == "." else { return parts }
            advance()
            skipSpaces()
        }
    }

    // MARK: - Values

    mutating func parseValue() throws(TOMLError) -> Item {
        guard let c = peek, c != "\n", c != "#" else { throw issue("a value is missing after '='") }
        switch c {
        case "\"":
            return .value(.string(matches("\"\"\"") ? try parseMultilineString(quote: "\"") : try parseBasicString()))
        case "'":
            return .value(.string(matches("'''") ? try parseMultilineString(quote: "'") : try parseLiteralString()))
        case "[":
            return try parseArray()
        case "{":
            return try parseInlineTable()
        default:
            return .value(try parseBareValue())
        }
    }

    mutating func parseArray() throws(TOMLError) -> Item {
        let startLine = line
        try enterNested()
        defer { depth -= 1 }
        advance()
        var items: [Item] = []
        while true {
            try skipArrayFiller()
            guard let c = peek else { throw issue("the array opened at line \(startLine) is not closed with ']'") }
            if c == "]" {
                advance()
                return .array(items)
            }
            items.append(try parseValue())
            try skipArrayFiller()
            if peek == nil {
                throw issue("the array opened at line \(startLine) is not closed with ']'")
            } else if peek == "," {
                advance()
            } else if peek != "]" {
                throw issue("expected ',' or ']' in the array opened at line \(startLine)")
            }
        }
    }

    /// One level deeper into arrays and inline tables, within ``maxDepth``.
    mutating func enterNested() throws(TOMLError) {
        guard depth < Self.maxDepth else { throw issue("values are nested more than \(Self.maxDepth) deep") }
        depth += 1
    }

    /// White space, line breaks and comments between array items.
    mutating func skipArrayFiller() throws(TOMLError) {
        while let c = peek {
            if c == " " || c == "\t" || c == "\n" {
                advance()
            } else if c == "#" {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// `{ a = 1, b.c = 2 }` on one line, no trailing comma; closed to later additions.
    mutating func parseInlineTable() throws(TOMLError) -> Item {
        let startLine = line
        try enterNested()
        defer { depth -= 1 }
        let table = TableNode(origin: .inline, line: startLine, name: "")
        advance()
        skipSpaces()
        if peek == "}" {
            advance()
            return .table(table)
        }
        while true {
            guard peek != nil, peek != "\n", peek != "}" else {
                throw issue(
                    "expected a key in the inline table opened at line \(startLine); an inline table stays on one line and has no trailing comma"
                )
            }
            try parseKeyValue(into: table)
            skipSpaces()
            if peek == "}" {
                advance()
                return .table(table)
            }
            guard peek == "," else {
                throw issue(
                    "expected ',' or '}' in the inline table opened at line \(startLine); an inline table stays on one line"
                )
            }
            advance()
            skipSpaces()
        }
    }
}

// MARK: - Building the tree

extension TOMLParser {
    /// What a key holds while the document is read.
    indirect enum Item {
        case value(TOMLDocument.Value)
        /// An array written with `[ … ]`: closed, like an inline table.
        case array([Item])
        case table(TableNode)
        /// `[[name]]`, one table per header.
        case arrayOfTables([TableNode])
    }

    /// A table while it is built. Its origin decides what may still be added to it.
    final class TableNode {
        enum Origin {
            /// Made on the way to a header's last key (`a` in `[a.b]`): may still get its own
            /// header once, and dotted keys.
            case implicit
            /// Made by `[name]` or `[[name]]`: no second header, no dotted keys from outside.
            case header
            /// Made by a dotted key: no header for it, only for tables below it.
            case dotted
            /// Written inline: closed.
            case inline
        }

        var origin: Origin
        let line: Int
        /// The dotted name from the top (empty for the top and for inline tables), for messages.
        let name: String
        var keys: [[Unicode.Scalar]: Int] = [:]
        var entries: [(key: String, line: Int, valueLine: Int, item: Item)] = []

        init(origin: Origin, line: Int, name: String) {
            self.origin = origin
            self.line = line
            self.name = name
        }

        func childName(_ key: String) -> String { name.isEmpty ? key : name + "." + key }

        /// A new, empty table under `key`.
        func makeTable(_ key: String, origin: Origin, line: Int) -> TableNode {
            let table = TableNode(origin: origin, line: line, name: childName(key))
            insert(key, line: line, valueLine: line, item: .table(table))
            return table
        }

        func index(of name: String) -> Int? { keys[Array(name.unicodeScalars)] }

        func insert(_ name: String, line: Int, valueLine: Int, item: Item) {
            keys[Array(name.unicodeScalars)] = entries.count
            entries.append((name, line, valueLine, item))
        }

        /// A table on a header's path, made when missing; through an array of tables, its last.
        func openForHeader(
            _ part: TOMLParser.KeyPart, headerName: String, line: Int, parser: TOMLParser
        )
            throws(TOMLError) -> TableNode
        {
            guard let i = index(of: part.name) else { return makeTable(part.name, origin: .implicit, line: line) }
            let entry = entries[i]
            switch entry.item {
            case .table(let table) where table.origin != .inline:
                return table
            case .arrayOfTables(let tables):
                if let last = tables.last { return last }
            default:
                break
            }
            throw parser.issue(
                "[\(headerName.clippedForMessage)] cannot add to \(part.name.clippedForMessage), which is "
                    + entry.item.closedDescription + " at line \(entry.line)", line: line)
        }

        /// `[name]`: the table, made now or made earlier only on another header's path.
        func defineByHeader(
            _ part: TOMLParser.KeyPart, headerName: String, line: Int, parser: TOMLParser
        )
            throws(TOMLError) -> TableNode
        {
            guard let i = index(of: part.name) else { return makeTable(part.name, origin: .header, line: line) }
            let entry = entries[i]
            if case .table(let table) = entry.item, table.origin == .implicit {
                table.origin = .header
                return table
            }
            let reason: String
            switch entry.item {
            case .table(let table) where table.origin == .header:
                reason = "table [\(headerName.clippedForMessage)] appears twice (first at line \(entry.line))"
            case .table(let table) where table.origin == .dotted:
                reason =
                    "table [\(headerName.clippedForMessage)] was already made by dotted keys at line \(entry.line); a [header] cannot reopen it"
            default:
                reason =
                    "[\(headerName.clippedForMessage)] cannot be a table: \(part.name.clippedForMessage) is "
                    + entry.item.closedDescription + " at line \(entry.line)"
            }
            throw parser.issue(reason, line: line)
        }

        /// `[[name]]`: a new table at the end of the array of tables.
        func appendArrayElement(
            _ part: TOMLParser.KeyPart, headerName: String, line: Int, parser: TOMLParser
        )
            throws(TOMLError) -> TableNode
        {
            let table = TableNode(origin: .header, line: line, name: childName(part.name))
            guard let i = index(of: part.name) else {
                insert(part.name, line: line, valueLine: line, item: .arrayOfTables([table]))
                return table
            }
            guard case .arrayOfTables(let tables) = entries[i].item else {
                throw parser.issue(
                    "[[\(headerName.clippedForMessage)]] cannot be an array of tables: \(part.name.clippedForMessage) is "
                        + entries[i].item.closedDescription + " at line \(entries[i].line)", line: line)
            }
            entries[i].item = .arrayOfTables(tables + [table])
            return table
        }

        /// `part` in `part.rest = value`: a table made by dotted keys, or one only on a header's
        /// path (which then counts as made by dotted keys).
        func openForDottedKey(_ part: TOMLParser.KeyPart, parser: TOMLParser) throws(TOMLError) -> TableNode {
            guard let i = index(of: part.name) else { return makeTable(part.name, origin: .dotted, line: part.line) }
            let entry = entries[i]
            if case .table(let table) = entry.item {
                switch table.origin {
                case .dotted: return table
                case .implicit:
                    table.origin = .dotted
                    return table
                case .header:
                    throw parser.issue(
                        "a dotted key cannot add to the table [\(table.name.clippedForMessage)] of line \(entry.line); write the key under that header",
                        line: part.line)
                case .inline: break
                }
            }
            throw parser.issue(
                "a dotted key cannot add to \(part.name.clippedForMessage), which is " + entry.item.closedDescription
                    + " at line \(entry.line)", line: part.line)
        }

        /// The last key of `a.b = value`.
        func add(
            _ part: TOMLParser.KeyPart, value: Item, valueLine: Int, keyLine: Int, parser: TOMLParser
        )
            throws(TOMLError)
        {
            if let i = index(of: part.name) {
                let name = part.name.clippedForMessage
                if case .value = entries[i].item {
                    throw parser.issue("\(name) is set twice (first at line \(entries[i].line))", line: keyLine)
                }
                if case .array = entries[i].item {
                    throw parser.issue("\(name) is set twice (first at line \(entries[i].line))", line: keyLine)
                }
                throw parser.issue(
                    "\(name) is already \(entries[i].item.closedDescription) at line \(entries[i].line); it cannot also be set to a value",
                    line: keyLine)
            }
            insert(part.name, line: keyLine, valueLine: valueLine, item: value)
        }

        /// The finished table, as the document hands it out.
        func frozen() -> TOMLDocument.Table {
            TOMLDocument.Table(
                line: line,
                entries: entries.map {
                    TOMLDocument.Entry(key: $0.key, line: $0.line, valueLine: $0.valueLine, value: $0.item.frozen())
                })
        }
    }
}

extension TOMLParser.Item {
    func frozen() -> TOMLDocument.Value {
        switch self {
        case .value(let value): value
        case .array(let items): .array(items.map { $0.frozen() })
        case .table(let table): .table(table.frozen())
        case .arrayOfTables(let tables): .array(tables.map { .table($0.frozen()) })
        }
    }

    /// "a value", "an inline table", … for messages about what a key already holds.
    var closedDescription: String {
        switch self {
        case .value(let value): "set to \(value.typeName)"
        case .array: "set to an array"
        case .table(let table):
            switch table.origin {
            case .inline: "an inline table"
            case .dotted: "a table made by dotted keys"
            case .header, .implicit: "a table"
            }
        case .arrayOfTables: "an array of tables"
        }
    }
}

extension Unicode.Scalar {
    /// U+0000–U+001F and U+007F: what TOML allows only where it says so (tab, line feed).
    var isTOMLControl: Bool { value < 0x20 || value == 0x7F }

    var isBareKeyCharacter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) || self == "_"
            || self == "-"
    }

    /// "U+000D", for naming an invisible character in a message.
    var codeName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// "a control character (U+0007) in a comment; only tabs are allowed there", naming a lone
/// carriage return as what it usually is: a line break from an old Mac or a broken CRLF.
func controlProblem(_ c: Unicode.Scalar, in place: String, advice: String) -> String {
    if c == "\r" { return "a carriage return (U+000D) without a line feed\(place); end lines with LF or CRLF" }
    return "a control character (\(c.codeName))\(place); \(advice)"
}
