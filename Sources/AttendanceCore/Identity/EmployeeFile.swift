/// A file of employees to add at once: CSV with a header naming the columns `code` and `name`,
/// and optionally `start_date`, `shift`, `department` and `language` (any order; "start date" and
/// "start-date" name `start_date` too, as spreadsheets head their columns), one employee per row.
///
/// Each field is read as `attendance employee add` reads its option: the code as
/// ``EmployeeCode``, the name as ``PersonName`` (no control characters, not marks alone), the
/// start date as ``AttendanceDate``, the shift as two ``WallClockTime``s `HH:MM-HH:MM` (an en
/// dash too, as `employee list` shows it), the department as ``Department``, the language as
/// ``Language``. An empty optional field means what leaving out the option means. A code twice in
/// the file (in any case) is refused on its second line.
///
/// The whole file is read, and every bad row named by its line, before anything is stored; the
/// application layer adds what needs the store and the policy (codes already taken, shifts that
/// do not fit). The file is read as ``CSVRecords`` reads every CSV import.
public struct EmployeeFile: Sendable {
    /// One employee read from the file.
    public struct Row: Sendable, Hashable {
        /// The line the row starts on (the header is line 1).
        public let line: Int
        public let code: EmployeeCode
        public let name: PersonName
        public let startDate: AttendanceDate?
        public let shiftStart: WallClockTime?
        public let shiftEnd: WallClockTime?
        public let department: Department?
        public let language: Language?
    }

    /// The rows that could be read.
    public let rows: [Row]
    /// Every problem found, in line order. Nothing should be added unless this is empty.
    public let issues: [FileIssue]

    /// The columns a file may have.
    public static let columns = ["code", "name", "start_date", "shift", "department", "language"]

    /// Reads the bytes of a CSV file.
    public init(parsing bytes: [UInt8]) {
        var records = CSVRecords(bytes: bytes)
        let (names, headerIssues) = records.header(
            columns: Self.columns, required: ["code", "name"],
            expected: .employees,
            spelling: { String($0.map { $0 == " " || $0 == "-" ? "_" : $0 }) })
        var issues = headerIssues
        guard issues.isEmpty else {
            rows = []
            self.issues = issues
            return
        }
        var rows: [Row] = []
        var firstLine: [String: Int] = [:]
        while let record = records.next() {
            if record.isBlank { continue }
            if let issue = record.issue ?? CSVRecords.fieldCountIssue(of: record, names: names) {
                issues.append(issue)
                continue
            }
            var fields: [String: String] = [:]
            for (name, field) in zip(names, record.fields) {
                fields[name] = CSVRecords.unguarded(field).trimmingWhiteSpace()
            }
            let line = record.line
            var problems: [FileIssue] = []
            /// The value of `column`, nil when empty or absent, or nil with its refusal among the
            /// row's problems.
            func value<Value>(_ column: String, _ parse: (String) throws(CoreError) -> Value) -> Value? {
                guard let text = fields[column], !text.isEmpty else { return nil }
                do {
                    return try parse(text)
                } catch {
                    problems.append(FileIssue(line: line, problem: .invalid(column: column, error)))
                    return nil
                }
            }
            let code = value("code", EmployeeCode.init(parsing:))
            let name = value("name", PersonName.init(parsing:))
            for (column, given) in [("code", code != nil), ("name", name != nil)]
            where !given && fields[column]?.isEmpty != false {
                problems.append(FileIssue(line: line, problem: .emptyField(column: column)))
            }
            let startDate = value("start_date", AttendanceDate.init(parsing:))
            let shift = value("shift", Self.shift(parsing:))
            let department = value("department", Department.init(parsing:))
            let language = value("language", Language.init(parsing:))
            if let code {
                let key = code.rawValue.lowercased()
                if let earlier = firstLine[key] {
                    problems.append(
                        FileIssue(line: line, problem: .codeRepeated(code: code.rawValue, firstLine: earlier)))
                } else {
                    firstLine[key] = line
                }
            }
            if let code, let name, problems.isEmpty {
                rows.append(
                    Row(
                        line: line, code: code, name: name, startDate: startDate, shiftStart: shift?.start,
                        shiftEnd: shift?.end, department: department, language: language))
            }
            issues += problems
        }
        if let error = records.error { issues.append(error) }
        self.rows = rows
        self.issues = issues
    }

    /// A shift written `HH:MM-HH:MM` (or with an en dash): its start and its end.
    static func shift(parsing text: String) throws(CoreError) -> (start: WallClockTime, end: WallClockTime) {
        let ends = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
        guard ends.count == 2 else {
            throw .invalidValue(
                what: Phrase("shift"), value: text,
                expected: Phrase("its start and end as HH:MM-HH:MM, e.g. 09:00-17:30"))
        }
        return (
            try WallClockTime(parsing: String(ends[0]).trimmingWhiteSpace()),
            try WallClockTime(parsing: String(ends[1]).trimmingWhiteSpace())
        )
    }
}

extension EmployeeFile {
    /// A file refused as a whole: every problem found, in line order, and nothing added.
    public struct Refusal: Error, Sendable {
        public let issues: [FileIssue]

        public init(issues: [FileIssue]) {
            self.issues = issues.sorted { $0.line < $1.line }
        }
    }
}
