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

    func issue(_ problem: TOMLProblem, line: Int? = nil) -> TOMLError {
        TOMLError(file: file, line: line ?? self.line, problem: problem)
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
                throw issue(.controlCharacter(c, .comment))
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
                try expectEndOfLine(.textAfterHeader)
            } else if c == "#" {
                try skipComment()
            } else if c.isBareKeyCharacter || c == "\"" || c == "'" {
                try parseKeyValue(into: current)
                skipSpaces()
                try skipComment()
                try expectEndOfLine(.textAfterValue)
            } else if c == "\u{FEFF}" {
                throw issue(.misplacedByteOrderMark)
            } else if c.isTOMLControl {
                throw issue(.controlCharacter(c, .keyStart))
            } else {
                throw issue(.keyExpected)
            }
        }
        return root.frozen()
    }

    mutating func expectEndOfLine(_ problem: TOMLProblem) throws(TOMLError) {
        guard let c = peek else { return }
        guard c == "\n" else {
            if c.isTOMLControl { throw issue(.controlCharacter(c, .afterStatement)) }
            throw issue(problem)
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
            guard matches("]]") else { throw issue(.arrayHeaderNotClosed) }
            advance()
            advance()
        } else {
            guard peek == "]" else { throw issue(.tableHeaderNotClosed) }
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
            throw issue(.equalsExpected(key: key.map(\.name).joined(separator: ".")))
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
                        throw issue(.keyExpected)
                    }
                    throw issue(.keyExpectedAfterDot)
                }
                name = bare
            }
            parts.append(KeyPart(name: name, line: partLine))
            guard parts.count <= Self.maxDepth else { throw issue(.keyTooLong(limit: Self.maxDepth)) }
            skipSpaces()
            guard peek == "." else { return parts }
            advance()
            skipSpaces()
        }
    }

    // MARK: - Values

    mutating func parseValue() throws(TOMLError) -> Item {
        guard let c = peek, c != "\n", c != "#" else { throw issue(.valueMissing) }
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
            guard let c = peek else { throw issue(.arrayNotClosed(openedAt: startLine)) }
            if c == "]" {
                advance()
                return .array(items)
            }
            items.append(try parseValue())
            try skipArrayFiller()
            if peek == nil {
                throw issue(.arrayNotClosed(openedAt: startLine))
            } else if peek == "," {
                advance()
            } else if peek != "]" {
                throw issue(.arraySeparatorExpected(openedAt: startLine))
            }
        }
    }

    /// One level deeper into arrays and inline tables, within ``maxDepth``.
    mutating func enterNested() throws(TOMLError) {
        guard depth < Self.maxDepth else { throw issue(.nestedTooDeep(limit: Self.maxDepth)) }
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
                throw issue(.inlineTableKeyExpected(openedAt: startLine))
            }
            try parseKeyValue(into: table)
            skipSpaces()
            if peek == "}" {
                advance()
                return .table(table)
            }
            guard peek == "," else {
                throw issue(.inlineTableSeparatorExpected(openedAt: startLine))
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
                .headerCannotAddTo(header: headerName, key: part.name, holding: entry.item.holding, line: entry.line),
                line: line)
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
            let reason: TOMLProblem
            switch entry.item {
            case .table(let table) where table.origin == .header:
                reason = .tableTwice(header: headerName, firstLine: entry.line)
            case .table(let table) where table.origin == .dotted:
                reason = .tableMadeByDottedKeys(header: headerName, line: entry.line)
            default:
                reason = .notATable(header: headerName, key: part.name, holding: entry.item.holding, line: entry.line)
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
                    .notAnArrayOfTables(
                        header: headerName, key: part.name, holding: entries[i].item.holding, line: entries[i].line),
                    line: line)
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
                    throw parser.issue(.dottedKeyIntoHeaderTable(table: table.name, line: entry.line), line: part.line)
                case .inline: break
                }
            }
            throw parser.issue(
                .dottedKeyCannotAddTo(key: part.name, holding: entry.item.holding, line: entry.line), line: part.line)
        }

        /// The last key of `a.b = value`.
        func add(
            _ part: TOMLParser.KeyPart, value: Item, valueLine: Int, keyLine: Int, parser: TOMLParser
        )
            throws(TOMLError)
        {
            if let i = index(of: part.name) {
                let entry = entries[i]
                switch entry.item.holding {
                case .value:
                    throw parser.issue(.keyTwice(key: part.name, firstLine: entry.line), line: keyLine)
                case .table(let kind):
                    throw parser.issue(.keyAlreadyATable(key: part.name, kind: kind, line: entry.line), line: keyLine)
                }
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

    /// What a key holds, for a problem about writing something else to it.
    var holding: TOMLProblem.Holding {
        switch self {
        case .value(let value): .value(value.type)
        case .array: .value(.array)
        case .table(let table):
            switch table.origin {
            case .inline: .table(.inlineTable)
            case .dotted: .table(.madeByDottedKeys)
            case .header, .implicit: .table(.table)
            }
        case .arrayOfTables: .table(.arrayOfTables)
        }
    }
}

extension Unicode.Scalar {
    var isBareKeyCharacter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self) || self == "_"
            || self == "-"
    }
}
