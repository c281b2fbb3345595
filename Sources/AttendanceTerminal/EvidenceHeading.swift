/// The words that mark dates whose punches were not all taken at a kiosk on a real link
/// (docs/rules.md "WiFi verification" 5), the same under a calendar, a register and a summary.
public enum EvidenceHeading {
    public static let simulated = "Punches on SIMULATED WiFi"
    public static let corrected = "Corrected by a manager (punches added, voided or re-timed)"
    public static let imported = "Punches imported from another time clock"
}
