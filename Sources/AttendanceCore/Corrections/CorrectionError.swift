import Foundation

/// Why a manager's correction was refused, in words that say what to do instead.
///
/// Nothing is stored when a correction is refused. The messages name the punches involved by
/// id and local time so the manager can find them in `attendance punch list`.
public enum CorrectionError: WordedError, Equatable, Sendable {
    /// No `--reason`, or only white space.
    case reasonRequired
    /// A placeholder where a reason goes ("REASON", "<why>"): copied from a suggestion unchanged.
    case placeholderReason(String)
    /// A reason or note that breaks the rules of ``FreeText``; `what` names which.
    case invalidText(what: Phrase, value: String)
    case unknownPunch(Int64)
    case alreadyVoid(Int64)
    case notVoid(Int64)
    /// A re-time of a punch that is void.
    case retimeOfVoid(Int64)
    /// A re-time to the time the punch already has; `time` is that local time.
    case unchanged(Int64, time: String)
    /// A punch later than now; both are local times.
    case inFuture(time: String, now: String)
    /// A date further back than `edit_window_days`, without `--force`.
    case outsideEditWindow(AttendanceDate, days: Int)
    /// The change would leave a date's punches irregular: one line per problem.
    case irregular([CorrectionProblem])
    /// One punch named twice in one correction of several.
    case namedTwice(Int64)

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .reasonRequired:
            return words.tr("a reason is required: say why with --reason TEXT", [:])
        case .placeholderReason(let text):
            return words.tr(
                "{text} stands where a reason goes: say in words why the record changes (for example --reason \"forgot to mark out, left at 18:00\")",
                ["text": text.quotedForMessage])
        case .invalidText(let what, let value):
            return CoreError.invalidValue(what: what, value: value, expected: FreeText.expectation(for: value))
                .worded(words)
        case .unknownPunch(let id):
            return words.tr("no punch has id {id}; see `attendance punch list CODE`", ["id": "\(id)"])
        case .alreadyVoid(let id):
            return words.tr("punch {id} is already void", ["id": "\(id)"])
        case .notVoid(let id):
            return words.tr("punch {id} is not void; there is nothing to restore", ["id": "\(id)"])
        case .retimeOfVoid(let id):
            return words.tr("punch {id} is void; restore it before re-timing it", ["id": "\(id)"])
        case .unchanged(let id, let time):
            return words.tr("punch {id} is already at {time}", ["id": "\(id)", "time": time])
        case .inFuture(let time, let now):
            return words.tr(
                "{time} is in the future (it is now {now}); punches can only be entered for times that have passed",
                ["time": time, "now": now])
        case .outsideEditWindow(let date, let days):
            return words.tr(
                "{date} is more than {days} days ago ([policy] edit_window_days); add --force to correct it anyway (the correction is flagged)",
                ["date": date.description, "days": "\(days)"])
        case .irregular(let problems):
            return problems.map(words.sentence(for:)).joined(separator: "\n")
        case .namedTwice(let id):
            return words.tr("punch {id} is named twice; name each punch once", ["id": "\(id)"])
        }
    }
}
