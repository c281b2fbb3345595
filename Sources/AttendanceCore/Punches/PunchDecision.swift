/// What happens to a punch the employee asked for: recorded, recognised as a repeat, or refused.
///
/// Made by `Policy.decide(_:at:recent:)`; the store records the punch only on ``accept(_:clockWentBack:)``.
public enum PunchDecision: Sendable, Hashable {
    /// Record it on this attendance date. `clockWentBack` is true when the punch is earlier than
    /// one the employee already has: it is recorded (people must be able to mark) but the date
    /// should be flagged for a manager.
    case accept(AttendanceDate, clockWentBack: Bool)
    /// The same kind was accepted moments ago (within `duplicate_punch_seconds`): nothing is
    /// recorded and the kiosk says it was already recorded.
    case duplicate(of: Punch)
    /// Refused by the rules; nothing is recorded.
    case refused(PunchRefusal)
}
