import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceStore
import Foundation

/// The kiosk's sync (and the web console's at a desk of the central store), on a thread of its
/// own every `sync_seconds`: a punch or a page never waits for the network. Rounds write to the store in short transactions of their own, so a punch waits at
/// most for one page being applied, never for the server. A round that fails is noted in the
/// store (`attendance sync --status` shows it) and tried again at the next period.
final class BackgroundSync: @unchecked Sendable {
    private let store: AttendanceStore
    private let address: CentralAddress
    private let settings: CentralSettings
    private let node: String
    private let role: SyncRole
    private let context: Context
    private let stopped = NSCondition()
    private var isStopped = false

    init(
        store: AttendanceStore, address: CentralAddress, settings: CentralSettings, node: String,
        role: SyncRole = .kiosk, context: Context
    ) {
        self.store = store
        self.address = address
        self.settings = settings
        self.node = node
        self.role = role
        self.context = context
    }

    /// Starts the thread; the first round runs at once.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "attendance-sync"
        thread.start()
    }

    func stop() {
        stopped.withLock {
            isStopped = true
            stopped.broadcast()
        }
    }

    private func run() {
        var central: CentralStore?
        while true {
            do {
                if central?.isUsable != true { central = try context.connectCentral(address, settings: settings) }
                if let central {
                    _ = try Synchronizer(
                        store: store, central: central, node: node, role: role,
                        // Small pages: a punch or a manager's correction waits at most for one.
                        pullPageSize: Synchronizer.kioskPullPageSize
                    ).round(at: context.now)
                }
            } catch let error as CentralError {
                // Connect afresh next time: the server may have restarted.
                central = nil
                try? store.noteSyncRound(at: context.now(), error: error.description, refused: !error.isTransient)
            } catch {
                central = nil
                try? store.noteSyncRound(at: context.now(), error: String(describing: error))
            }
            let done = stopped.withLock { () -> Bool in
                if !isStopped {
                    _ = stopped.wait(until: Date(timeIntervalSinceNow: TimeInterval(settings.syncSeconds)))
                }
                return isStopped
            }
            if done { return }
        }
    }

    /// The kiosk's sync for `configuration`, or nil when it has no `[central]` (or no kiosk_id,
    /// which `attendance config check` reports).
    static func forKiosk(
        store: AttendanceStore, configuration: Configuration, in context: Context
    ) throws -> BackgroundSync? {
        guard let settings = configuration.central, let url = settings.url, let node = settings.kioskID else {
            return nil
        }
        return BackgroundSync(
            store: store, address: try CentralAddress(parsing: url), settings: settings, node: node, context: context)
    }
}
