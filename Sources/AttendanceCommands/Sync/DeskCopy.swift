import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import Foundation

/// A manager's desk: commands given `--store postgresql://…` work on a local copy of the central
/// store, kept in the user's cache folder, brought up to date before the command and sent up
/// after it. The rules and every report run unchanged on that copy, so the centre's answers are
/// the kiosks' answers: there is one rule book, whichever store feeds it.
///
/// Before the command the copy must be current: when the centre cannot be reached the command
/// stops with nothing done (exit 69). A change made on the copy goes up when the command ends;
/// when that fails it waits in the copy and goes up with the next command or `attendance sync`.
final class DeskCopy: @unchecked Sendable {
    let address: CentralAddress
    let store: AttendanceStore
    let node: String
    private let settings: CentralSettings?

    /// Opens (creating if needed) the copy of `address` and brings it up to date.
    static func open(_ address: CentralAddress, configuration: Configuration, in context: Context) throws -> DeskCopy {
        let path = copyPath(for: address, in: context)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        func make() throws -> DeskCopy {
            let store = try context.openStore(at: path, connections: .pool)
            let node = try store.syncStatus().node ?? newDeskName(in: context)
            return DeskCopy(address: address, store: store, node: node, settings: configuration.central)
        }
        var copy = try make()
        do {
            try copy.sync(in: context)
        } catch let error as CentralError {
            // Changes an earlier command could not send, which others have overtaken since: the
            // command runs on a new copy, and the manager is told what did not reach the centre.
            guard case .conflict = error else { throw error }
            let notApplied = try setAside(copy.store, after: error, in: context)
            copy = try make()
            try copy.sync(in: context)
            context.err.line("attendance: \(notApplied)")
        }
        context.deskCopies.add(copy)
        return copy
    }

    /// Moves the copy `store` aside (kept beside it, for the record) after the centre refused
    /// its unsent changes because others changed the same rows since; the next command makes a
    /// new copy. The words for the manager: what was refused, and what to do.
    static func setAside(_ store: AttendanceStore, after error: CentralError, in context: Context) throws -> String {
        let unsent = (try? store.unsentChanges()) ?? []
        store.closeForExit()
        let words = context.words
        let refusal = error.worded(words)
        let kept =
            String(store.path.dropLast(".sqlite".count)) + ".not-sent-\(FileStamp.text(of: context.now())).sqlite"
        for suffix in ["", "-wal", "-shm"] where !FileAccess.isMissing(store.path + suffix) {
            guard rename(store.path + suffix, kept + suffix) == 0 else {
                throw CommandFailure(
                    words.tr(
                        "{error}; cannot move this desk's copy {path} aside: {reason}",
                        ["error": refusal, "path": store.path, "reason": String(cString: strerror(errno))]),
                    status: .storeFailure)
            }
        }
        return words.tr(
            "{error}. This desk's changes that had not reached it were not applied: {changes}. They are kept in {kept} (`attendance audit --store {kept}` shows them); make them again on the centre's current records if they are still wanted",
            [
                "error": refusal, "kept": kept,
                "changes": unsent.isEmpty ? words.tr("none recorded") : unsent.joined(separator: ", "),
            ])
    }

    private init(address: CentralAddress, store: AttendanceStore, node: String, settings: CentralSettings?) {
        self.address = address
        self.store = store
        self.node = node
        self.settings = settings
    }

    @discardableResult
    func sync(in context: Context) throws -> Synchronizer.Report {
        let central = try context.connectCentral(address, settings: settings)
        return try Synchronizer(store: store, central: central, node: node, role: .desk).round(at: context.now)
    }

    /// Sends up what the command run with `context` changed on its copies.
    static func finish(in context: Context) throws {
        let copies = context.deskCopies.takeAll()
        for copy in copies where try copy.store.syncStatus().waiting > 0 {
            do {
                try copy.sync(in: context)
            } catch let error as CentralError {
                if case .conflict = error {
                    throw CommandFailure(try setAside(copy.store, after: error, in: context), status: .storeBusy)
                }
                let waiting = (try? copy.store.syncStatus().waiting) ?? 0
                throw CommandFailure(
                    context.words.tr(
                        "{error}; the change is kept on this desk ({waiting} record(s) wait) and goes up with the next command or `attendance sync --store {address}`",
                        [
                            "error": error.worded(context.words), "waiting": "\(waiting)",
                            "address": copy.address.description,
                        ]), status: .unavailable)
            }
        }
    }

    /// `$XDG_CACHE_HOME/attendance/central/`, where this user's desk copies are.
    static func copiesFolder(in context: Context) -> String {
        let cacheHome =
            context.environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (context.environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return cacheHome + "/attendance/central/"
    }

    /// True when `path` is one of this user's desk copies.
    static func isCopy(_ path: String, in context: Context) -> Bool { path.hasPrefix(copiesFolder(in: context)) }

    /// `$XDG_CACHE_HOME/attendance/central/USER@HOST_PORT_DB.sqlite`
    static func copyPath(for address: CentralAddress, in context: Context) -> String {
        let place = address.host ?? address.socketFolder ?? "socket"
        let raw = "\(address.user)@\(place)_\(address.port)_\(address.database)"
        return copiesFolder(in: context) + NodeName.sanitised(raw, limit: 200) + ".sqlite"
    }

    /// "desk-asha-hq-pc-3f9a": a desk is named once, when its copy is made.
    static func newDeskName(in context: Context) -> String {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let suffix = String(UInt16.random(in: 0...UInt16.max), radix: 16)
        // Only a name's characters: a host or user name may hold others.
        let raw = "desk-\(context.userName)-\(hostName)-\(suffix)".unicodeScalars
        return String(String.UnicodeScalarView(raw.filter(NodeName.isAllowed).prefix(64)))
    }
}

/// The desk copies one command opened, sent up when it has run: its `Context` carries them, so
/// no state outlives the command or is shared between commands run in one process.
public final class DeskCopies: @unchecked Sendable {
    private let lock = NSLock()
    private var copies: [DeskCopy] = []

    public init() {}

    func add(_ copy: DeskCopy) { lock.withLock { copies.append(copy) } }

    /// True when `store` is one of these copies: it is still needed after the command, to send
    /// its changes up.
    func holds(_ store: AttendanceStore) -> Bool { lock.withLock { copies.contains { $0.store === store } } }

    func takeAll() -> [DeskCopy] {
        lock.withLock {
            defer { copies = [] }
            return copies
        }
    }
}
