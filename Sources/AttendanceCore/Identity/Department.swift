/// The department an employee belongs to ("Sales", "Night shift"): a label to filter and group the
/// register by, which changes no rule (docs/rules.md "Departments"). 1–100 characters without
/// control characters, trimmed, as a name is.
public struct Department: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(parsing text: String) throws(CoreError) {
        do {
            rawValue = try PersonName(parsing: text).rawValue
        } catch {
            throw .invalidValue(
                what: Phrase("department"), value: text, expected: Phrase("1–100 characters without control characters")
            )
        }
    }

    /// A department read back from the store, kept as it is.
    public init(stored: String) { rawValue = stored }

    /// Whether `other` names the same department: departments are told apart whatever their case.
    public func isSame(as other: Department) -> Bool { rawValue.lowercased() == other.rawValue.lowercased() }

    public var description: String { rawValue }
}
