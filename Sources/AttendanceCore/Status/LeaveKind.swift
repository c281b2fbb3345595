/// A leave a manager recorded for one employee on one date.
public enum LeaveKind: String, Sendable, Hashable, CaseIterable {
    /// The whole date: status LV (rule 3).
    case full
    /// Half the date: the date counts as HD-with-leave (see ``StatusEngine``).
    case half
}
