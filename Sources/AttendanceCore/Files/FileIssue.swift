/// What is wrong with one line of a file a person wrote (a CSV import): the line, so they can
/// find it, and what to change, as facts that AttendanceLanguage words.
public struct FileIssue: Sendable, CustomStringConvertible {
    public let line: Int
    public let problem: FileProblem

    public init(line: Int, problem: FileProblem) {
        self.line = line
        self.problem = problem
    }

    /// "line 3: " and the problem's facts, for a developer: a person reads the sentence
    /// AttendanceLanguage makes of them.
    public var description: String { "line \(line): \(problem)" }
}

/// What is wrong with one line of an import file. Text from the file is kept as it was written
/// (untrusted): it is quoted and clipped where it is worded.
public enum FileProblem: Sendable {
    // MARK: - Reading the CSV

    /// Field `field` (from 1) is not UTF-8.
    case fieldNotUTF8(field: Int)
    /// Field `field` has a quote inside it without being quoted itself.
    case strayQuote(field: Int)
    /// A quoted field runs to the end of the file.
    case unclosedQuote
    /// The file has not even a header.
    case empty(expected: CSVLayout)
    /// The header names a column the file does not have.
    case unknownColumn(String, expected: CSVLayout)
    /// The header lacks a required column.
    case missingColumn(String)
    /// The header names a column twice.
    case columnTwice(String)
    /// A row with another number of fields than the header (`columns`).
    case fieldCount(columns: [String], found: Int)

    // MARK: - Reading a row's values

    /// The field of `column` refused as the value it should be; `column` is nil where the
    /// refusal names the field itself.
    case invalid(column: String?, CoreError)
    /// A field refused by a rule of the text it holds (a note).
    case invalidText(CorrectionError)
    /// A required field left empty (an employee's code or name).
    case emptyField(column: String)
    /// A `source` that is none of `allowed`.
    case invalidSource(String, allowed: [String])

    // MARK: - Employees

    /// A code the file gave before, on `firstLine`.
    case codeRepeated(code: String, firstLine: Int)
    /// A code an employee of the store has already.
    case codeTaken(code: String, holder: String, name: String)
    /// A rule of the application layer refused the employee (a shift that cannot be, the
    /// kiosk's exit code): it words itself.
    case refused(any WordedError & Sendable)

    // MARK: - Punches

    /// A code no employee of the store has.
    case unknownEmployee(code: String)
    /// A punch at `time`, later than `now` (both on the office's clock).
    case inFuture(time: String, now: String)
    /// A punch on a date its employee is not employed on.
    case notEmployed(code: String, date: AttendanceDate, start: AttendanceDate?, end: AttendanceDate?)
    /// A punch that breaks a rule of docs/rules.md "Punches" with the employee's other punches.
    case brokenRule(code: String, CorrectionProblem)
}

/// The import files whose header a problem names.
public enum CSVLayout: Sendable, Equatable {
    /// `code,name` and optionally `start_date,shift,department,language`.
    case employees
    /// `code,timestamp,kind` and optionally `note` and `source`.
    case punches
    /// `code,timestamp,kind`: what an empty punch file is told it lacks.
    case punchesRequired
}
