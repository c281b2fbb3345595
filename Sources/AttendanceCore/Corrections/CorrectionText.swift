/// The free text a correction carries: its required reason and an optional note, under the
/// rules of ``FreeText``.
///
/// Both end up in the audit log and on managers' screens, so they are refused rather than
/// cleaned; the refusal is a ``CorrectionError`` so that a correction reports one error type.
public enum CorrectionText {
    /// The reason for a correction: required, then ``FreeText``.
    public static func reason(_ text: String?) throws(CorrectionError) -> String {
        guard let text, !text.trimmingWhiteSpace().isEmpty else { throw .reasonRequired }
        let reason = try checked(text, what: Phrase("reason"))
        if isPlaceholder(reason) { throw .placeholderReason(reason) }
        return reason
    }

    /// Words that stand for a reason rather than give one: what a suggestion shows in its
    /// place (`<why…>`), or the usual fillers.
    static func isPlaceholder(_ reason: String) -> Bool {
        let fillers: Set<String> = ["reason", "text", "why", "...", "…", "todo", "tbd", "xxx", "-", "?"]
        return fillers.contains(reason.lowercased()) || (reason.hasPrefix("<") && reason.hasSuffix(">"))
    }

    /// An optional note on a punch: nil or blank is no note; otherwise ``FreeText``.
    public static func note(_ text: String?) throws(CorrectionError) -> String? {
        guard let text, !text.trimmingWhiteSpace().isEmpty else { return nil }
        return try checked(text, what: Phrase("note"))
    }

    private static func checked(_ text: String, what: Phrase) throws(CorrectionError) -> String {
        guard let checked = try? FreeText(parsing: text, what: what) else {
            throw .invalidText(what: what, value: text)
        }
        return checked.rawValue
    }
}
