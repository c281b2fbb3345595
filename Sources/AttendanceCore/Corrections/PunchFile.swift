import Foundation

/// A file of punches to import: CSV with the header `code,timestamp,kind` and optional `note`
/// and `source` columns (any order), one punch per row.
///
/// `source` is what an export writes: where each punch came from (nl80211, simulated, manual,
/// import), so the file marks simulated and manual punches as every report does (docs/rules.md
/// "WiFi verification" 5). Its values are checked and not kept: what a file says cannot make a
/// punch pass for one verified at a kiosk, so the store records every imported punch as `import`.
///
/// The whole file is read before anything is stored, and every bad row is reported with its
/// line number, so a manager fixes the file once rather than row by row. Fields follow RFC 4180
/// (quotes, doubled quotes, line breaks inside quotes; CRLF or LF line ends; a UTF-8 byte order
/// mark is ignored), separated by commas, or by semicolons when the header has semicolons and no
/// comma (as spreadsheets write CSV where the comma is the decimal sign). A quote inside a field
/// that does not start with one is refused with its line, never kept or dropped silently. A leading `'` before `=`, `+`, `-` or `@` is dropped: it is the guard that
/// exports put in front of text a spreadsheet would run as a formula.
public struct PunchFile: Sendable {
    /// One punch read from the file.
    public struct Row: Sendable, Hashable {
        /// The line the row starts on (the header is line 1).
        public let line: Int
        public let code: EmployeeCode
        public let instant: Date
        public let kind: PunchKind
        public let note: String?
    }

    /// What is wrong with one line.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        public let line: Int
        public let message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        /// "line 3: invalid kind \"x\": expected in or out"
        public var description: String { "line \(line): \(message)" }
    }

    /// The rows that could be read.
    public let rows: [Row]
    /// Every problem found, in line order. Nothing should be imported unless this is empty.
    public let issues: [Issue]

    /// The columns, in the order an export writes them.
    public static let columns = ["code", "timestamp", "kind", "note", "source"]

    /// `punch` of the employee `code` as a row of ``columns``, its time in `zone`.
    public static func row(code: String, _ punch: Punch, zone: LocalZone) -> [String] {
        [
            code, PunchTimestamp.text(of: punch.instant, zone: zone), punch.kind.rawValue, punch.note ?? "",
            punch.source.rawValue,
        ]
    }

    /// Reads `text`; timestamps without an offset are local times in `zone`.
    public init(parsing text: String, zone: LocalZone) {
        var records = CSVRecords(text)
        guard let header = records.next() else {
            rows = []
            issues = [
                records.error ?? Issue(line: 1, message: "the file is empty; expected the header code,timestamp,kind")
            ]
            return
        }
        let names = header.fields.map { $0.trimmingWhiteSpace().lowercased() }
        var issues: [Issue] = header.issue.map { [$0] } ?? []
        for name in names where !Self.columns.contains(name) {
            issues.append(
                Issue(
                    line: header.line,
                    message:
                        "unknown column \(name.quotedForMessage); expected code,timestamp,kind and optionally note and source"
                ))
        }
        for name in Self.columns.prefix(3) where !names.contains(name) {
            issues.append(Issue(line: header.line, message: "the header has no \(name) column"))
        }
        for name in Set(names) where names.filter({ $0 == name }).count > 1 {
            issues.append(Issue(line: header.line, message: "the column \(name) appears more than once"))
        }
        guard issues.isEmpty, let codeColumn = names.firstIndex(of: "code"),
            let timeColumn = names.firstIndex(of: "timestamp"), let kindColumn = names.firstIndex(of: "kind")
        else {
            rows = []
            self.issues = issues
            return
        }
        let noteColumn = names.firstIndex(of: "note")
        let sourceColumn = names.firstIndex(of: "source")
        var rows: [Row] = []
        while let record = records.next() {
            if record.fields.count == 1 && record.fields[0].isEmpty { continue }  // a blank line
            if let issue = record.issue {
                issues.append(issue)
                continue
            }
            guard record.fields.count == names.count else {
                issues.append(
                    Issue(
                        line: record.line,
                        message: "expected \(names.count) fields (\(names.joined(separator: ","))), "
                            + "found \(record.fields.count)"))
                continue
            }
            let line = record.line
            let fields = record.fields.map(Self.unguarded)
            var problems: [Issue] = []
            /// The value of the field in `column`, or nil with its refusal among the row's problems.
            func value<Value>(in column: Int, _ parse: (String) throws(CoreError) -> Value) -> Value? {
                do {
                    return try parse(fields[column].trimmingWhiteSpace())
                } catch {
                    problems.append(Issue(line: line, message: error.description))
                    return nil
                }
            }
            let code = value(in: codeColumn, EmployeeCode.init(parsing:))
            let instant = value(in: timeColumn) { text throws(CoreError) in
                try PunchTimestamp.instant(parsing: text, zone: zone)
            }
            let kind = value(in: kindColumn, PunchKind.init(parsing:))
            if let sourceColumn {
                let source = fields[sourceColumn].trimmingWhiteSpace()
                if !source.isEmpty && PunchSource(rawValue: source) == nil {
                    problems.append(
                        Issue(
                            line: line,
                            message: "invalid source \(source.quotedForMessage): expected "
                                + PunchSource.allCases.map(\.rawValue).joined(separator: ", ")
                                + " (it is not kept: imported punches are recorded as import)"))
                }
            }
            var note: String?
            if let noteColumn {
                do {
                    note = try CorrectionText.note(fields[noteColumn])
                } catch {
                    problems.append(Issue(line: line, message: error.description))
                }
            }
            if let code, let instant, let kind, problems.isEmpty {
                rows.append(Row(line: line, code: code, instant: instant, kind: kind, note: note))
            }
            issues += problems
        }
        if let error = records.error { issues.append(error) }
        self.rows = rows
        self.issues = issues
    }

    /// The field without the formula guard an export put in front of it: one apostrophe before
    /// = + - @ or another apostrophe (which an export doubles, so both directions agree).
    private static func unguarded(_ field: String) -> String {
        guard field.hasPrefix("'"), let second = field.unicodeScalars.dropFirst().first,
            "=+-@'".unicodeScalars.contains(second)
        else { return field }
        return String(field.dropFirst())
    }
}

/// The records of CSV text, one at a time, with the line each starts on.
private struct CSVRecords {
    struct Record {
        let line: Int
        let fields: [String]
        /// What makes the record unreadable: its fields are not to be used.
        var issue: PunchFile.Issue?
    }

    private let bytes: [UInt8]
    /// `,`, or `;` when the first line has semicolons and no comma.
    private let separator: UInt8
    private var index = 0
    private var line = 1
    /// An unterminated quote, found at the end.
    private(set) var error: PunchFile.Issue?

    init(_ text: String) {
        var bytes = Array(text.utf8)
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
        var issue: PunchFile.Issue?
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
                    ?? PunchFile.Issue(
                        line: start,
                        message: "field \(fields.count + 1) has a quote (\") inside it without being quoted itself; "
                            + "put the whole field in quotes and double each quote inside (\"\")")
                field.append(byte)
            case separator:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                break
            case UInt8(ascii: "\n"):
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return Record(line: start, fields: fields, issue: issue)
            default:
                field.append(byte)
            }
        }
        if quoted {
            error = PunchFile.Issue(line: start, message: "a quoted field is not closed before the end of the file")
            return nil
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return Record(line: start, fields: fields, issue: issue)
    }
}

extension PunchFile {
    /// A file refused as a whole: every problem found, and nothing imported.
    public struct Refusal: Error, Sendable, Hashable {
        /// In line order.
        public let issues: [Issue]
        /// True when some rows could not be read and others broke the punch rules: those were
        /// judged as if the unreadable rows were not in the file.
        public let judgedWithoutBadRows: Bool

        public init(issues: [Issue], judgedWithoutBadRows: Bool = false) {
            self.issues = issues.sorted { $0.line < $1.line }
            self.judgedWithoutBadRows = judgedWithoutBadRows
        }
    }
}
