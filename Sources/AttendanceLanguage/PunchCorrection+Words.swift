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

}

extension PunchCorrection {
    /// "re-timed by boss at 2026-11-26 18:20: left early": the correction as a manager reads it,
    /// its time on `zone`'s clock.
    public func sentence(zone: LocalZone, _ words: Speech) -> String {
        words.tr(
            "{action} by {actor} at {time}: {reason}",
            [
                "action": action.doneWord(words), "actor": actor, "time": zone.minuteText(of: at),
                "reason": reason,
            ])
    }
}
