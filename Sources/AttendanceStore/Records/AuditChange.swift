import Foundation

/// What an audit entry's old and new values held, read from the JSON the store recorded at the
/// time of the change, for a front-end to word ("voided punch 42 of E001 (IN 09:02 …)"). The
/// values stay as they were recorded: history, in the shape things had then.
public struct AuditChange: Sendable, Equatable {
    /// One recorded value.
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case text(String)
        case number(String)
        case flag(Bool)
        case none

        public var description: String {
            switch self {
            case .text(let text): text
            case .number(let number): number
            case .flag(let flag): flag ? "yes" : "no"
            case .none: "–"
            }
        }
    }

    /// The fields before the change; nil when there was no old value or it is not a JSON object.
    public let old: [String: Value]?
    /// The fields after it; nil when there is no new value or it is not a JSON object.
    public let new: [String: Value]?

    public init(_ entry: AuditEntry) { self.init(old: entry.oldValue, new: entry.newValue) }

    init(old: String?, new: String?) {
        self.old = old.flatMap(Self.fields)
        self.new = new.flatMap(Self.fields)
    }

    /// The keys whose value differs between old and new, in key order.
    public var changedKeys: [String] {
        guard let old, let new else { return [] }
        return Set(old.keys).union(new.keys).sorted().filter { (old[$0] ?? Value.none) != (new[$0] ?? Value.none) }
    }

    /// The value of `key` after the change, else before it.
    public func latest(_ key: String) -> Value? { new?[key] ?? old?[key] }

    private static func fields(_ json: String) -> [String: Value]? {
        try? JSONDecoder().decode([String: Value].self, from: Data(json.utf8))
    }
}

extension AuditChange.Value: Decodable {
    /// A JSON value as recorded: a string, a number, true or false, null; an array or object
    /// (never recorded so far) is kept as a mark that something was there.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .none
        } else if let flag = try? value.decode(Bool.self) {
            self = .flag(flag)
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else if let whole = try? value.decode(Int64.self) {
            self = .number(String(whole))
        } else if let number = try? value.decode(Double.self) {
            self = .number(String(number))
        } else {
            self = .text("…")
        }
    }
}
