/// The free text a correction carries: its required reason and an optional note.
///
/// Both end up in the audit log and on managers' screens, so they are refused rather than
/// cleaned when they hold control characters, and kept to ``CorrectionError/maximumTextLength``.
public enum CorrectionText {
    /// The reason for a correction: required, trimmed, 1–500 characters, no control characters.
    public static func reason(_ text: String?) throws(CorrectionError) -> String {
        guard let text, !text.trimmingWhiteSpace().isEmpty else { throw .reasonRequired }
        return try checked(text, what: "reason")
    }

    /// An optional note on a punch: nil stays nil; otherwise trimmed, at most 500 characters, no
    /// control characters. An empty note is no note.
    public static func note(_ text: String?) throws(CorrectionError) -> String? {
        guard let text else { return nil }
        let note = try checked(text, what: "note")
        return note.isEmpty ? nil : note
    }

    private static func checked(_ text: String, what: String) throws(CorrectionError) -> String {
        let trimmed = text.trimmingWhiteSpace()
        guard trimmed.count <= CorrectionError.maximumTextLength,
            !trimmed.unicodeScalars.contains(where: \.isUnsafeForTerminal)
        else { throw .invalidText(what: what, value: text) }
        return trimmed
    }
}
