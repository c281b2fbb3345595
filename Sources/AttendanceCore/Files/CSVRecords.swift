/// The records of CSV bytes, one at a time, with the line each starts on: the one reader of every
/// CSV import, so that punches and employees read a spreadsheet's file the same way.
///
/// Fields follow RFC 4180 (quotes, doubled quotes, line breaks inside quotes; CRLF or LF line
/// ends; a UTF-8 byte order mark is ignored), separated by commas, or by semicolons when the
/// header has semicolons and no comma (as spreadsheets write CSV where the comma is the decimal
/// sign). A quote inside a field that does not start with one, and a field that is not UTF-8, make
/// the record unreadable, named by its line: never kept or dropped silently.
struct CSVRecords {
    struct Record {
        let line: Int
        let fields: [String]
        /// What makes the record unreadable: its fields are not to be used.
        var issue: FileIssue?

        /// Whether the record is a blank line.
        var isBlank: Bool { fields.count == 1 && fields[0].isEmpty && issue == nil }
    }

    private let bytes: [UInt8]
    /// `,`, or `;` when the first line has semicolons and no comma.
    private let separator: UInt8
    private var index = 0
    private var line = 1
    /// An unterminated quote, found at the end.
    private(set) var error: FileIssue?

    init(bytes: [UInt8]) {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        let header = bytes.prefix { $0 != UInt8(ascii: "\n") }
        separator =
            header.contains(UInt8(ascii: ";")) && !header.contains(UInt8(ascii: ","))
            ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    mutating func next() -> Record? {
        guard index < bytes.count, error == nil else { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var issue: FileIssue?
        /// Ends the field: its text, or the record's issue when it is not UTF-8.
        func endField() {
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                issue =
                    issue
                    ?? FileIssue(line: start, problem: .fieldNotUTF8(field: fields.count + 1))
                fields.append(String(decoding: field, as: UTF8.self))
            }
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty:
                quoted = true
            case UInt8(ascii: "\""):
                // `=HYPERLINK("…")` unquoted: RFC 4180 allows no quote there, and keeping or
                // dropping it would store something other than what the spreadsheet showed.
                issue =
                    issue
                    ?? FileIssue(line: start, problem: .strayQuote(field: fields.count + 1))
                field.append(byte)
            case separator:
                endField()
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                break
            case UInt8(ascii: "\n"):
                line += 1
                endField()
                return Record(line: start, fields: fields, issue: issue)
            default:
                field.append(byte)
            }
        }
        if quoted {
            error = FileIssue(line: start, problem: .unclosedQuote)
            return nil
        }
        endField()
        return Record(line: start, fields: fields, issue: issue)
    }

    /// Reads the header: its column names (trimmed, lower case), and what is wrong with it, which
    /// stops the file being read: no header at all (an empty file), a column not among `columns`,
    /// a `required` one missing, one named twice. `expected` is the file's layout, which a
    /// refusal names ("code,timestamp,kind and optionally note and source"), and `emptyExpected`
    /// the header an empty file is told it lacks when that differs. `spelling` maps a name as
    /// written to the column it means.
    mutating func header(
        columns: [String], required: [String], expected: CSVLayout, emptyExpected: CSVLayout? = nil,
        spelling: (String) -> String = { $0 }
    ) -> (names: [String], issues: [FileIssue]) {
        guard let header = next() else {
            return ([], [error ?? FileIssue(line: 1, problem: .empty(expected: emptyExpected ?? expected))])
        }
        let names = header.fields.map { spelling($0.trimmingWhiteSpace().lowercased()) }
        var issues: [FileIssue] = header.issue.map { [$0] } ?? []
        for name in names where !columns.contains(name) {
            issues.append(
                FileIssue(line: header.line, problem: .unknownColumn(name, expected: expected)))
        }
        for name in required where !names.contains(name) {
            issues.append(FileIssue(line: header.line, problem: .missingColumn(name)))
        }
        for name in columns where names.filter({ $0 == name }).count > 1 {
            issues.append(FileIssue(line: header.line, problem: .columnTwice(name)))
        }
        return (names, issues)
    }

    /// The issue of a record whose field count is not the header's, or nil.
    static func fieldCountIssue(of record: Record, names: [String]) -> FileIssue? {
        guard record.fields.count != names.count else { return nil }
        return FileIssue(line: record.line, problem: .fieldCount(columns: names, found: record.fields.count))
    }

    /// The field without the formula guard an export put in front of it: one apostrophe before
    /// = + - @ or another apostrophe (which an export doubles, so both directions agree).
    static func unguarded(_ field: String) -> String {
        guard field.hasPrefix("'"), let second = field.unicodeScalars.dropFirst().first,
            "=+-@'".unicodeScalars.contains(second)
        else { return field }
        return String(field.dropFirst())
    }
}
