import AttendanceCore
import AttendanceStore
import Foundation

/// What a console account may do: a viewer reads; a manager also changes the record.
public enum ConsoleRole: String, Sendable, CaseIterable {
    case manager, viewer

    /// Whether this role may make changes (corrections, employees, WiFi, holidays, leave).
    public var mayChange: Bool { self == .manager }
}

/// A console account, as the application layer hands it out: never its password hash.
public struct ManagerAccount: Sendable, Hashable {
    public let name: String
    public let role: ConsoleRole
    public let createdAt: Date
    public let isRemoved: Bool

    /// Who this account's changes are recorded as in the audit log: "NAME via web".
    public var actor: String { "\(name) via web" }
}

/// The accounts of the manager's web console: adding, listing, new passwords, removal.
///
/// Names are 1–64 letters, digits, `.`, `_`, `-` or `@`, in any case (one name in any case is one
/// account); passwords at least 12 characters, stored as PBKDF2-SHA256 with a random salt.
public struct ManagerAccounts: Sendable {
    public static let shortestPassword = 12
    public static let longestPassword = 1024

    let store: AttendanceStore

    public init(store: AttendanceStore) { self.store = store }

    /// Every account, removed ones included.
    public func list() throws(StoreError) -> [ManagerAccount] {
        try store.managers().compactMap(Self.account)
    }

    /// The account named `name` as it stands now, nil when it was removed or never existed.
    public func current(_ name: String) throws(StoreError) -> ManagerAccount? {
        try store.manager(named: name).flatMap { $0.isRemoved ? nil : Self.account($0) }
    }

    public func add(name: String, role: ConsoleRole, password: String, actor: String) throws {
        let name = try Self.validName(name)
        let hash = try PasswordHasher.hash(try Self.validPassword(password))
        try store.addManager(name: name, role: role.rawValue, passwordHash: hash, actor: actor)
    }

    public func setPassword(name: String, password: String, actor: String) throws {
        let hash = try PasswordHasher.hash(try Self.validPassword(password))
        try store.setManagerPassword(name: try Self.validName(name), passwordHash: hash, actor: actor)
    }

    public func remove(name: String, actor: String) throws {
        try store.removeManager(name: try Self.validName(name), actor: actor)
    }

    /// The account `name` signs in as, when `password` is its password; nil otherwise. An
    /// unknown or removed name costs the same work as a wrong password.
    func check(name: String, password: String) throws(StoreError) -> ManagerAccount? {
        guard (try? Self.validName(name)) != nil, password.utf8.count <= Self.longestPassword,
            let record = try store.manager(named: name), !record.isRemoved, let account = Self.account(record)
        else {
            PasswordHasher.burnOneCheck()
            return nil
        }
        return PasswordHasher.verify(password, against: record.passwordHash) ? account : nil
    }

    static func account(_ record: ManagerRecord) -> ManagerAccount? {
        guard let role = ConsoleRole(rawValue: record.role) else { return nil }
        return ManagerAccount(name: record.name, role: role, createdAt: record.createdAt, isRemoved: record.isRemoved)
    }

    public static func validName(_ name: String) throws -> String {
        guard (1...64).contains(name.unicodeScalars.count),
            name.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-@".unicodeScalars.contains($0))
            })
        else {
            let quoted = name.quotedForMessage
            throw AppFailure { words in
                words.tr(
                    "a console account's name is 1 to 64 letters, digits, '.', '_', '-' or '@' (no spaces): {name}",
                    ["name": quoted])
            }
        }
        return name
    }

    public static func validPassword(_ password: String) throws -> String {
        guard password.count >= shortestPassword else {
            throw AppFailure { words in
                words.tr(
                    "a password has at least {count} characters; nothing was changed", ["count": "\(shortestPassword)"])
            }
        }
        guard password.utf8.count <= longestPassword else {
            throw AppFailure { words in
                words.tr("a password has at most {count} bytes; nothing was changed", ["count": "\(longestPassword)"])
            }
        }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw AppFailure { words in words.tr("a password has no control characters; nothing was changed", [:]) }
        }
        return password
    }
}
