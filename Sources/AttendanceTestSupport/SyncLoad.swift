import AttendanceApp
import AttendanceCentral
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceSync
import Foundation

/// The kiosk's background sync as a load beside the mark benchmark: sync rounds against a real
/// central store, one after another with `pause` between them (the kiosk waits `sync_seconds`).
public final class SyncLoad: @unchecked Sendable {
    public let central: CentralStore
    public let pause: TimeInterval
    private let lock = NSLock()
    private var rounds = 0
    private var pushed = 0
    private var failures: [String] = []
    private var longest: Duration = .zero

    /// Connects to `url` (no TLS: a benchmark's own server on loopback; a password, if any, from
    /// the file `passwordFile`).
    public init(url: String, passwordFile: String? = nil, pause: TimeInterval) throws {
        let password = try passwordFile.map {
            try String(contentsOfFile: $0, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        central = try CentralStore(address: try CentralAddress(parsing: url), password: password, tls: .disable)
        self.pause = pause
    }

    /// What the rounds did, once the marks are over.
    public var summary: (rounds: Int, pushed: Int, failures: [String], longest: Duration) {
        lock.withLock { (rounds, pushed, failures, longest) }
    }

    /// Runs rounds on `store` as a kiosk of its own (a new name each time: a new store's
    /// numbers start again) until `stop()`.
    ///
    /// The first round (this kiosk's first sync: everything the centre has) runs before `ready()`:
    /// the figure is the steady state, where a round brings what changed since the last one.
    public func run(on store: AttendanceStore, ready: @Sendable () -> Void, until stop: @Sendable () -> Bool) {
        let node = "bench-kiosk-\(UInt32.random(in: 0...UInt32.max))"
        let synchronizer = Synchronizer(
            store: store, central: central, node: node, role: .kiosk, pullPageSize: Synchronizer.kioskPullPageSize)
        var first = true
        while !stop() {
            defer {
                if first { ready() }
                first = false
            }
            do {
                let start = ContinuousClock.now
                let report = try synchronizer.round(at: { Date() })
                let took = start.duration(to: .now)
                let steady = !first
                lock.withLock {
                    if steady { longest = max(longest, took) }
                    rounds += 1
                    pushed += report.pushed.punches.count
                }
            } catch {
                lock.withLock { failures.append(String(describing: error)) }
            }
            Thread.sleep(forTimeInterval: pause)
        }
    }
}
