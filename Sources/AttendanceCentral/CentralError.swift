import AttendanceCore
import AttendanceSync

/// Everything talking to the central store can fail with, worded for the person at the kiosk
/// or the manager's desk. PostgreSQL's own codes and the driver's errors never reach them.
public enum CentralError: WordedError, Equatable, Sendable {
    /// The server could not be reached (down, wrong address, network); nothing was changed there.
    case unreachable(CentralAddress, reason: String)
    /// The server refused the user name or password.
    case authentication(CentralAddress, reason: String)
    /// The server has no attendance schema yet.
    case notInitialised(CentralAddress)
    /// The role may not do this (a kiosk's role changing what only a manager may).
    case notPermitted(CentralAddress, reason: String)
    /// The password file could not be read.
    case passwordFile(path: String, reason: String)
    /// TLS was asked for and could not be set up (a CA file that cannot be read).
    case tls(reason: String)
    /// The server answered with an error this program did not expect.
    case server(CentralAddress, reason: String)
    /// Another store already syncs under this kiosk id.
    case nameTaken(CentralAddress, node: String)
    /// A desk's change would undo newer changes at the centre (`changes` names each row and who
    /// changed it); nothing of the push was stored.
    case conflict(CentralAddress, node: String, changes: [String])
    /// The pushed history does not extend the history the centre holds for this node.
    case historyDiverged(CentralAddress, node: String, seq: Int64, reason: String)
    /// The centre's checks refused a record of the batch (`reason` names it); nothing of the
    /// batch was stored.
    case refused(CentralAddress, reason: String)

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language; the server's own reason stays as it sent it.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .unreachable(let address, let reason):
            return words.tr(
                "the central store {address} cannot be reached ({reason})",
                ["address": address.description, "reason": reason])
        case .authentication(let address, let reason):
            return words.tr(
                "the central store {address} refused the login ({reason}); check the user and password_file",
                ["address": address.description, "reason": reason])
        case .notInitialised(let address):
            return words.tr(
                "the central store {address} has no attendance tables yet, or those of an older version; run `attendance central init --store {address}` as the database's owner",
                ["address": address.description])
        case .notPermitted(let address, let reason):
            return words.tr(
                "the central store {address} does not permit this for this user ({reason})",
                ["address": address.description, "reason": reason])
        case .passwordFile(let path, let reason):
            return words.tr("the central store's password file {path} {reason}", ["path": path, "reason": reason])
        case .tls(let reason):
            return words.tr("cannot set up TLS for the central store: {reason}", ["reason": reason])
        case .server(let address, let reason):
            return words.tr(
                "the central store {address} answered with an error: {reason}",
                ["address": address.description, "reason": reason])
        case .historyDiverged(let address, let node, let seq, let reason):
            return words.tr(
                "the central store {address} refuses {node}'s history: its record {seq} {reason}. History on this store was changed after the centre received it; nothing was sent. Run `attendance store verify` here and compare with the centre's copy",
                ["address": address.description, "node": node.quotedForMessage, "seq": "\(seq)", "reason": reason])
        case .conflict(let address, let node, let changes):
            return words.tr(
                "the central store {address} has newer changes than {node}'s: {changes}; nothing was sent",
                [
                    "address": address.description, "node": node.quotedForMessage,
                    "changes": changes.joined(separator: ", "),
                ])
        case .refused(let address, let reason):
            return words.tr(
                "the central store {address} refuses this store's records: {reason}; nothing was sent",
                ["address": address.description, "reason": reason])
        case .nameTaken(let address, let node):
            return words.tr(
                "the central store {address} already has another store, or another kiosk's login, syncing as {node}: give this kiosk a kiosk_id of its own in [central]; nothing was sent, and its records wait here",
                ["address": address.description, "node": node.quotedForMessage])
        }
    }

    /// The same error about `node`, where the server's answer could not name it.
    func naming(_ node: String) -> CentralError {
        switch self {
        case .conflict(let address, "", let changes): .conflict(address, node: node, changes: changes)
        case .historyDiverged(let address, "", let seq, let reason):
            .historyDiverged(address, node: node, seq: seq, reason: reason)
        case .nameTaken(let address, ""): .nameTaken(address, node: node)
        default: self
        }
    }

    /// True when the record was not delivered because the server could not be reached or
    /// failed part-way: the caller keeps it and tries again later.
    public var isTransient: Bool {
        if case .unreachable = self { return true }
        return false
    }
}
