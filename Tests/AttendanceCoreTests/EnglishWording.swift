import AttendanceCore
import AttendanceLanguage

/// An import file's problem as an English reader is told it: the core keeps the facts of each
/// problem, and AttendanceLanguage words them.
struct EnglishIssue: Equatable, CustomStringConvertible {
    let line: Int
    let message: String

    /// "line 3: invalid kind \"x\": expected in or out"
    var description: String { "line \(line): \(message)" }
}

extension FileIssue {
    var english: EnglishIssue { EnglishIssue(line: line, message: message) }
    var message: String { Speech.english.sentence(for: problem) }
}

extension HolidayCalendarProblem {
    /// "line 12: event "Offsite" has a time …", as an English reader is told it.
    var english: String { "line \(line): \(message)" }
    var message: String { Speech.english.sentence(for: fault) }
}
