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
/// line number, so a manager fixes the file once rather than row by row. The file is read as
/// ``CSVRecords`` reads every CSV import (RFC 4180, commas or semicolons, a quote inside an
/// unquoted field refused with its line). A leading `'` before `=`, `+`, `-` or `@` is dropped: it is the guard that
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
    public typealias Issue = FileIssue

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
        var records = CSVRecords(bytes: Array(text.utf8))
        let (names, headerIssues) = records.header(
            columns: Self.columns, required: Array(Self.columns.prefix(3)),
            expected: .punches, emptyExpected: .punchesRequired)
        var issues = headerIssues
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
            if record.isBlank { continue }
            if let issue = record.issue ?? CSVRecords.fieldCountIssue(of: record, names: names) {
                issues.append(issue)
                continue
            }
            let line = record.line
            let fields = record.fields.map(CSVRecords.unguarded)
            var problems: [Issue] = []
            /// The value of the field in `column`, or nil with its refusal among the row's problems.
            func value<Value>(in column: Int, _ parse: (String) throws(CoreError) -> Value) -> Value? {
                do {
                    return try parse(fields[column].trimmingWhiteSpace())
                } catch {
                    problems.append(Issue(line: line, problem: .invalid(column: nil, error)))
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
                            line: line, problem: .invalidSource(source, allowed: PunchSource.allCases.map(\.rawValue))))
                }
            }
            var note: String?
            if let noteColumn {
                do {
                    note = try CorrectionText.note(fields[noteColumn])
                } catch {
                    problems.append(Issue(line: line, problem: .invalidText(error)))
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
}

extension PunchFile {
    /// A file refused as a whole: every problem found, and nothing imported.
    public struct Refusal: Error, Sendable {
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
