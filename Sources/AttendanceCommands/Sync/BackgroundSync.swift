import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceStore
import AttendanceSync
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
    private let pause = MonotonicPause()

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

    func stop() { pause.interrupt() }

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
                    store.checkpointIfDue()
                }
            } catch let error as CentralError {
                // Connect afresh next time: the server may have restarted.
                central = nil
                try? store.noteSyncRound(at: context.now(), error: error.description, refused: !error.isTransient)
            } catch {
                central = nil
                try? store.noteSyncRound(at: context.now(), error: String(describing: error))
            }
            if pause.wait(seconds: settings.syncSeconds) { return }
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

/// A pause that `interrupt()` ends early, timed on the monotonic clock. A deadline on the wall
/// clock moves with it: a kiosk clock set back half an hour (what the kiosk's own warning asks
/// the manager to do) would otherwise wait half an hour for its next round, and keep saying
/// the clock is wrong all that time. The interruption is a byte in a pipe that `poll` watches
/// with a relative timeout (a condition variable on the monotonic clock would do as well, but
/// libfaketime, which the tests run under, takes its deadline for a wall-clock one).
final class MonotonicPause: @unchecked Sendable {
    private let reading: Int32
    private let writing: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        // Without a pipe (no descriptors left), every pause is a sleep and stop ends it late.
        if pipe(&ends) == 0 { for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } }
        (reading, writing) = (ends[0], ends[1])
    }

    deinit {
        close(reading)
        close(writing)
    }

    /// Waits `seconds`, or less when interrupted; true once interrupted (then at once, always:
    /// the byte is never read).
    func wait(seconds: Int) -> Bool {
        let end = Self.uptime() + Double(seconds)
        while true {
            let left = end - Self.uptime()
            if left <= 0 { return false }
            guard reading >= 0 else {
                Thread.sleep(forTimeInterval: left)
                continue
            }
            var watched = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, Int32((left * 1000).rounded(.up))) > 0 { return true }
        }
    }

    func interrupt() {
        var byte: UInt8 = 1
        _ = write(writing, &byte, 1)
    }

    private static func uptime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
