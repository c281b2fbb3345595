/// Text a person types for other people to read: a note on a punch, the reason for a
/// correction or a leave, the location of an access point.
///
/// One rule set for all of them, refused rather than cleaned so that what was typed is what is
/// stored: leading and trailing white space is trimmed; then the text must be 1–500 characters
/// (``maximumLength``), hold no control characters, bidirectional overrides or line separators
/// (`isUnsafeForTerminal`), and show something: text of only zero-width or format characters
/// is refused. Names of people stay ``PersonName``.
public struct FreeText: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 500
    /// How the rules read in a message: "expected at most 500 characters without control characters".
    public static let expected = Phrase(
        "at most {most} characters without control characters", ["most": "\(maximumLength)"])

    public let rawValue: String

    /// `text` checked by the rules above; `what` names it in the error ("note", "location").
    public init(parsing text: String, what: Phrase) throws(CoreError) {
        let trimmed = text.trimmingWhiteSpace()
        guard Self.isPlain(trimmed), Self.showsSomething(trimmed) else {
            throw .invalidValue(what: what, value: text, expected: Self.expectation(for: text))
        }
        rawValue = trimmed
    }

    /// Optional text: nil, or only white space, is none.
    public static func optional(_ text: String?, what: Phrase) throws(CoreError) -> FreeText? {
        guard let text, !text.trimmingWhiteSpace().isEmpty else { return nil }
        return try FreeText(parsing: text, what: what)
    }

    /// What a refused `text` should have been, for the message: the length and control-character
    /// rule, or, for plain text that shows nothing, a visible character.
    public static func expectation(for text: String) -> Phrase {
        let trimmed = text.trimmingWhiteSpace()
        return isPlain(trimmed) && !showsSomething(trimmed)
            ? Phrase("at least one visible letter, digit or mark") : expected
    }

    /// 1–500 characters without control characters.
    private static func isPlain(_ trimmed: String) -> Bool {
        !trimmed.isEmpty && trimmed.count <= maximumLength
            && !trimmed.unicodeScalars.contains(where: \.isUnsafeForTerminal)
    }

    /// Not only zero-width or format characters.
    private static func showsSomething(_ trimmed: String) -> Bool {
        trimmed.unicodeScalars.contains(where: PersonName.isVisible)
    }

    public var description: String { rawValue }
}
