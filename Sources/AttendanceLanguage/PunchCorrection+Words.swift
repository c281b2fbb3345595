import AttendanceCore

extension CorrectionAction {
    /// The action done, in `words`' language: "voided", "annulé".
    public func doneWord(_ words: Speech) -> String {
        switch self {
        case .add: words.ctr("correction done", "added")
        case .void: words.ctr("correction done", "voided")
        case .restore: words.ctr("correction done", "restored")
        case .retime: words.ctr("correction done", "re-timed")
        }
    }

    /// "re-timed by boss at 2026-11-26 18:20: left early": one correction as a manager reads it.
    public static func sentence(_ correction: PunchCorrection, zone: LocalZone, _ words: Speech) -> String {
        words.tr(
            "{action} by {actor} at {time}: {reason}",
            [
                "action": correction.action.doneWord(words), "actor": correction.actor,
                "time": zone.minuteText(of: correction.at), "reason": correction.reason,
            ])
    }
}
