import Foundation

/// Why a manager's correction was refused, in words that say what to do instead.
///
/// Nothing is stored when a correction is refused. The messages name the punches involved by
/// id and local time so the manager can find them in `attendance punch list`.
public enum CorrectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `--reason`, or only white space.
    case reasonRequired
    /// A placeholder where a reason goes ("REASON", "<why>"): copied from a suggestion unchanged.
    case placeholderReason(String)
    /// A reason or note that breaks the rules of ``FreeText``; `what` names which.
    case invalidText(what: String, value: String)
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
    /// The change would leave a date's punches irregular: one message per problem.
    case irregular([String])
    /// One punch named twice in one correction of several.
    case namedTwice(Int64)

    /// The longest reason or note accepted, in characters.
    public static let maximumTextLength = FreeText.maximumLength

    public var description: String {
        switch self {
        case .reasonRequired:
            return "a reason is required: say why with --reason TEXT"
        case .placeholderReason(let text):
            return "\(text.quotedForMessage) stands where a reason goes: say in words why the record changes "
                + "(for example --reason \"forgot to mark out, left at 18:00\")"
        case .invalidText(let what, let value):
            return "invalid \(what) \(value.quotedForMessage): expected \(FreeText.expectation(for: value))"
        case .unknownPunch(let id):
            return "no punch has id \(id); see `attendance punch list CODE`"
        case .alreadyVoid(let id):
            return "punch \(id) is already void"
        case .notVoid(let id):
            return "punch \(id) is not void; there is nothing to restore"
        case .retimeOfVoid(let id):
            return "punch \(id) is void; restore it before re-timing it"
        case .unchanged(let id, let time):
            return "punch \(id) is already at \(time)"
        case .inFuture(let time, let now):
            return "\(time) is in the future (it is now \(now)); punches can only be entered for times that have passed"
        case .outsideEditWindow(let date, let days):
            return "\(date) is more than \(days) days ago ([policy] edit_window_days); "
                + "add --force to correct it anyway (the correction is flagged)"
        case .irregular(let problems):
            return problems.joined(separator: "\n")
        case .namedTwice(let id):
            return "punch \(id) is named twice; name each punch once"
        }
    }
}
