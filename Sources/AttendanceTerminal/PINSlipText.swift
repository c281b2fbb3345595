import AttendanceCore
import AttendanceLanguage

/// One PIN slip's words, in its employee's language: as text, cut along the dashed line, folded,
/// handed over; or drawn on a PDF page.
public struct PINSlipText: Sendable {
    public let heading: String
    /// "PIN: ", as the kiosk's prompt says it.
    public let pinLabel: String
    public let pin: String
    public let notes: [String]

    /// `employee`'s slip for `pin`, in their own language, else `office`'s.
    public init(employee: Employee, pin: String, office: Speech) {
        let words = employee.language.map(office.speaking) ?? office
        heading = words.tr(
            "Kiosk PIN for {name} ({code})", ["name": employee.name.rawValue, "code": employee.code.rawValue])
        pinLabel = words.tr("PIN: ")
        self.pin = pin
        notes = [
            words.tr("At the kiosk, type your code, then this PIN."),
            words.tr("The kiosk then asks you to choose a PIN of your own, 4 to 8 digits."),
            words.tr("Keep your PIN to yourself."),
            words.tr("If anyone else learns it, ask your manager for a new one."),
        ]
    }

    /// The slip as text, `office` at its head.
    public func text(office: String) -> String {
        let cut = String(repeating: "- ", count: 30) + "\n"
        return cut + "\n  \(office)\n  \(heading)\n\n      \(pinLabel)\(pin)\n\n" + notes.map { "  \($0)\n" }.joined()
            + "\n"
    }
}
