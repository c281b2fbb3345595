import Foundation

/// What a manager's correction does to a punch (docs/rules.md "Punches" 6).
public enum CorrectionAction: String, Sendable, Hashable, CaseIterable {
    /// The punch was entered by a manager (its `source` is `manual`).
    case add
    /// The punch no longer counts; it stays in the store and can be restored.
    case void
    /// Undoes a void.
    case restore
    /// The punch counts at a new instant, and so perhaps on a new attendance date.
    case retime
}

/// One correction of one punch: a new record naming who, when and why, never an edit.
///
/// A punch's effective state is its original record with its corrections applied in order;
/// see ``PunchHistory``.
public struct PunchCorrection: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var punchID: Int64
    public var employeeID: Int64
    public var action: CorrectionAction
    /// The attendance date the punch had before this correction.
    public var fromDate: AttendanceDate
    /// The attendance date it has after it (differs from ``fromDate`` only for a re-time).
    public var toDate: AttendanceDate
    /// The new instant, for a re-time.
    public var newInstant: Date?
    /// True when the correction reached back past `edit_window_days` with `--force`.
    public var isOutsideEditWindow: Bool
    /// Who made it: the OS user or `--by`.
    public var actor: String
    /// When it was made.
    public var at: Date
    public var reason: String

    /// The order corrections were made in: by when, then by number. Two desks that changed one
    /// punch, one of them offline, end with the later change on every store, whichever arrived
    /// first.
    public static func madeOrder(_ a: PunchCorrection, _ b: PunchCorrection) -> Bool {
        (a.at, a.id) < (b.at, b.id)
    }

    public init(
        id: Int64, punchID: Int64, employeeID: Int64, action: CorrectionAction, fromDate: AttendanceDate,
        toDate: AttendanceDate, newInstant: Date? = nil, isOutsideEditWindow: Bool = false, actor: String, at: Date,
        reason: String
    ) {
        self.id = id
        self.punchID = punchID
        self.employeeID = employeeID
        self.action = action
        self.fromDate = fromDate
        self.toDate = toDate
        self.newInstant = newInstant
        self.isOutsideEditWindow = isOutsideEditWindow
        self.actor = actor
        self.at = at
        self.reason = reason
    }
}
