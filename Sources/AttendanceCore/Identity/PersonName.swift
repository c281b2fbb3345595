/// An employee's display name: 1–100 characters, no control characters.
///
/// Leading and trailing white space is trimmed; a name that is empty after trimming, too long,
/// or that contains control characters, bidirectional overrides or line separators is refused
/// rather than cleaned, so what the manager typed is exactly what is stored.
public struct PersonName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(parsing text: String) throws(CoreError) {
        let trimmed = text.trimmingWhiteSpace()
        let expected = Phrase("1–100 characters without control characters")
        guard (1...100).contains(trimmed.count) else {
            throw .invalidValue(what: Phrase("name"), value: text, expected: expected)
        }
        guard !trimmed.unicodeScalars.contains(where: \.isUnsafeForTerminal) else {
            throw .invalidValue(what: Phrase("name"), value: text, expected: expected)
        }
        // A name of zero-width or format characters only would greet "Hi  (H11)".
        guard trimmed.unicodeScalars.contains(where: { Self.isVisible($0) }) else {
            throw .invalidValue(
                what: Phrase("name"), value: text, expected: Phrase("at least one visible letter, digit or mark"))
        }
        // Marks alone (an acute accent, a virama) have nothing to sit on: the kiosk would greet a
        // lone accent, and no one could read the name back.
        guard trimmed.unicodeScalars.contains(where: { Self.isVisible($0) && !Self.isMark($0) }) else {
            throw .invalidValue(
                what: Phrase("name"), value: text,
                expected: Phrase("at least one letter or digit, not combining marks alone"))
        }
        rawValue = trimmed
    }

    /// Whether `scalar` shows as something: not white space, not a format character (zero-width
    /// spaces and joiners, the BOM), not a default-ignorable code point.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return !properties.isWhitespace && properties.generalCategory != .format
            && !properties.isDefaultIgnorableCodePoint
    }

    /// Whether `scalar` is a combining mark, which shows only on the character before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A name read back from the store, which may predate validation or come from direct SQL.
    /// It is kept as is; the terminal edge sanitises it where it is written.
    public init(stored: String) { rawValue = stored }

    public var description: String { rawValue }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    public func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
