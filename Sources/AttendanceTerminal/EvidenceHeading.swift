import AttendanceLanguage

/// The words that mark dates whose punches were not all taken at a kiosk on a real link
/// (docs/rules.md "WiFi verification" 5), the same under a calendar, a register and a summary.
public enum EvidenceHeading {
    public static func simulated(_ words: Speech) -> String { words.tr("Punches on SIMULATED WiFi") }
    public static func corrected(_ words: Speech) -> String {
        words.tr("Corrected by a manager (punches added, voided or re-timed)")
    }
    public static func imported(_ words: Speech) -> String { words.tr("Punches imported from another time clock") }
    /// The same, for the employee at the kiosk, who never saw an import.
    public static func importedForEmployee(_ words: Speech) -> String {
        words.tr("Times the office entered from another clock")
    }
}
