import AttendanceTOML

/// One problem in a configuration file, located by file and line: what the installer reads,
/// in their language, as "attendance.toml:12: shift_start in [policy]: …", like a compiler names a
/// place. The core keeps the facts; AttendanceLanguage words them.
public struct ConfigIssue: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let problem: ConfigProblem

    public init(file: String, line: Int?, problem: ConfigProblem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// "attendance.toml:12: " and the problem's facts, for a developer: a person reads the
    /// sentence AttendanceLanguage makes of them.
    public var description: String {
        (line.map { "\(file):\($0)" } ?? file) + ": " + String(describing: problem)
    }

    /// The TOML reader's refusal of the file's syntax, at its place.
    init(_ refusal: TOMLError) {
        self.init(file: refusal.file, line: refusal.line, problem: .syntax(refusal.problem))
    }
}

/// What is wrong in a configuration file, as facts (names as the file wrote them, untrusted).
public enum ConfigProblem: Equatable, Sendable {
    /// The file is not TOML: the reader's own refusal, as its facts.
    case syntax(TOMLProblem)
    /// `[[table]]` for a table of the schema, which is written once, as `[table]`.
    case arrayOfTables(table: String)
    /// A key at the top of the file, outside every table.
    case keyOutsideTable(key: String)
    /// A table the schema does not know; `suggestion` is a known one a typo away.
    case unknownTable(name: String, suggestion: String?)
    /// A key `table` does not have; `suggestion` is a known one a typo away.
    case unknownKey(key: String, table: String, suggestion: String?)
    /// A known key whose value is wrong.
    case value(key: String, table: String, ValueProblem)
    /// `[central]` without its `url`.
    case centralNeedsURL
    /// `tls = "disable"` towards a central store on another machine.
    case plainTextToCentral(host: String)
    /// `source = "simulated"` without the BSSID to simulate.
    case simulatedNeedsBSSID
    /// `absent_below_hours` not below `half_day_below_hours`: no date could be a half day.
    case absentNotBelowHalfDay(absent: Double, halfDay: Double)
    /// The policy's shift does not fit in one attendance date.
    case shiftMisfit(ShiftMisfit)
    /// A key of `[leave_types]` (a type's name) and what is wrong with it.
    case leaveType(name: String, LeaveTypeProblem)
}

/// What is wrong with the value of a known key.
public enum ValueProblem: Equatable, Sendable {
    /// Not of the form `expected`; `found` is what was there.
    case expected(ValueForm, found: FoundValue)
    /// A time of day with seconds other than :00 (`written` as the file has it, "09:30:15").
    case secondsInTime(written: String)
    /// `timezone` names no IANA zone.
    case unknownZone(String)
    /// An item of `working_days` that is no day name.
    case notADayName(String)
    /// A day `working_days` lists twice.
    case dayTwice(String)
    /// `url` of `[central]` refused as the address it is.
    case centralAddress(CoreError)
}

/// The form a key's value must have.
public enum ValueForm: Equatable, Sendable {
    case quotedString
    case clockTime
    case clockTimeOrLocalTime
    case wholeNumber(of: ConfigUnit)
    case range(ClosedRange<Int>, ConfigUnit)
    case hours
    case hoursRange(ClosedRange<Int>)
    case dayNames
    case weekStart
    case storePath
    case passwordFilePath
    case certificatePath
    case wifiSource
    case interfaceName
    case ssid
    case bssid
    case officeName
    case trueOrFalse
    case exitCodeHash
    /// One of the languages there is a catalog for.
    case language(available: [String])
    case wholeNumberAlone
    case periodStartDay
    case kioskID
    case tlsMode
}

/// The unit of a whole number in the configuration.
public enum ConfigUnit: Equatable, Sendable {
    case minutes, seconds, days
}

/// What stood where a value of another form was expected.
public enum FoundValue: Equatable, Sendable {
    /// Nothing worth repeating: the form alone is said.
    case nothing
    /// A value of this TOML type.
    case type(TOMLDocument.ValueType)
    /// An item of this TOML type inside an array.
    case typeInArray(TOMLDocument.ValueType)
    /// This text (untrusted: quoted and clipped when worded).
    case text(String)
    /// This number, as Swift writes it.
    case number(String)
}

/// What is wrong with one leave type of `[leave_types]`.
public enum LeaveTypeProblem: Equatable, Sendable {
    case badName
    case notATable(found: TOMLDocument.ValueType)
    case badCode
    case badColour(found: FoundValue)
    case unknownField(String)
    case needsCode
    /// Its code is `owner`'s already.
    case codeTaken(code: String, owner: String)
}
