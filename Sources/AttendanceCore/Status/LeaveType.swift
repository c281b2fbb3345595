/// A kind of leave the office records (annual, sick, unpaid, …): the code a date on such leave
/// shows instead of `LV`, and the colour its cells are filled with (docs/rules.md status 3).
///
/// The type is a fact on the leave: the status stays LV (rule 3) and counts as LV in every summary,
/// which also counts it per type.
public struct LeaveType: Sendable, Hashable {
    /// Its name as `leave add --type` takes it and JSON and CSV write it: "annual", "sick".
    public let name: String
    /// What a date of this leave shows: one or two capital letters ("LV", "SL").
    public let code: String
    /// The fill of its cells, 0xRRGGBB.
    public let colour: UInt32

    /// A type whose name and code have the forms above; nil otherwise.
    public init?(name: String, code: String, colour: UInt32) {
        guard Self.isName(name), Self.isCode(code), colour <= 0xFF_FFFF else { return nil }
        self.name = name
        self.code = code
        self.colour = colour
    }

    private init(valid name: String, _ code: String, _ colour: UInt32) {
        self.name = name
        self.code = code
        self.colour = colour
    }

    /// Every leave recorded before there were types is annual leave.
    public static let annual = LeaveType(valid: "annual", "LV", 0x80CBC4)
    public static let sick = LeaveType(valid: "sick", "SL", 0xF48FB1)
    public static let unpaid = LeaveType(valid: "unpaid", "UL", 0xBCAAA4)

    /// 1–20 lower-case ASCII letters, digits or `_`, starting with a letter.
    public static func isName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...20).contains(bytes.count), let first = bytes.first, (0x61...0x7A).contains(first) else {
            return false
        }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// One or two capital ASCII letters, and none of the other statuses' codes (P, L, HD, A, H, WO,
    /// M, IN): a cell must say which it is.
    public static func isCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...2).contains(bytes.count), bytes.allSatisfy({ (0x41...0x5A).contains($0) }) else { return false }
        return !DayStatus.allCases.contains { $0 != .leave && $0.code == text }
    }
}

/// The leave types of an office: annual, sick and unpaid unless the configuration changes their
/// codes or colours or adds more (`[leave_types]`), in that order, then the added ones by name.
public struct LeaveTypes: Sendable, Hashable {
    public private(set) var all: [LeaveType] = [.annual, .sick, .unpaid]

    public init() {}

    /// The type called `name`, or nil.
    public subscript(name: String) -> LeaveType? { all.first { $0.name == name } }

    /// The type called `name`; annual leave when the office no longer has it (a store that
    /// synced a type this configuration lacks still shows the date as leave).
    public func type(named name: String) -> LeaveType { self[name] ?? all.first { $0.name == "annual" } ?? .annual }

    /// "annual, sick, unpaid": for a refusal that lists them.
    public var namesList: String { all.map(\.name).joined(separator: ", ") }

    /// Sets `type`, replacing the one of the same name; refused when another type already has its
    /// code: that type is returned, and nothing is set.
    public mutating func set(_ type: LeaveType) -> LeaveType? {
        if let clash = all.first(where: { $0.code == type.code && $0.name != type.name }) { return clash }
        if let index = all.firstIndex(where: { $0.name == type.name }) {
            all[index] = type
        } else {
            let added = all.dropFirst(3) + [type]
            all = Array(all.prefix(3)) + added.sorted { $0.name < $1.name }
        }
        return nil
    }
}

/// The leave recorded for one employee on one date: full or half, and its type's name.
public struct Leave: Sendable, Hashable {
    public let kind: LeaveKind
    /// The ``LeaveType/name``: "annual", "sick".
    public let type: String

    public init(_ kind: LeaveKind, type: String = LeaveType.annual.name) {
        self.kind = kind
        self.type = type
    }

    /// A full-day annual leave.
    public static let full = Leave(.full)
    /// A half-day annual leave.
    public static let half = Leave(.half)
}
