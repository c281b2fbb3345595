/// One cell of a listing as data: what JSON writes, and what CSV writes as text.
///
/// JSON keeps the type (`true`, `12`, `null`); CSV writes the same value as text: `yes`/`no`
/// for a truth value, nothing for a missing one.
public enum ListingValue: Encodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case text(String)
    /// A nested list, such as a punch's corrections: JSON only.
    case list([ListingValue])
    /// A nested object, keyed in snake_case: JSON only.
    case object([String: ListingValue])

    /// Text, or null when there is none.
    public static func text(_ value: String?) -> ListingValue { value.map(ListingValue.text) ?? .null }

    /// A whole number, or null when there is none.
    public static func integer(_ value: Int64?) -> ListingValue { value.map(ListingValue.integer) ?? .null }

    /// The value as a CSV field (and as a text cell when a column declares no cell of its own).
    public var csvText: String {
        switch self {
        case .null, .list, .object: ""
        case .bool(let value): value ? "yes" : "no"
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .text(let value): value
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        case .object(let fields): try container.encode(fields)
        }
    }
}
