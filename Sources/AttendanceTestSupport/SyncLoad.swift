import AttendanceCentral
import AttendanceCommands
import AttendanceCore
import AttendanceStore
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
    public var summary: (rounds: Int, pushed: Int, failures: [String]) { lock.withLock { (rounds, pushed, failures) } }

    /// Runs rounds on `store` as a kiosk of its own (a new name each time: a new store's
    /// numbers start again) until `stop()`.
    public func run(on store: AttendanceStore, until stop: @Sendable () -> Bool) {
        let node = "bench-kiosk-\(UInt32.random(in: 0...UInt32.max))"
        let synchronizer = Synchronizer(store: store, central: central, node: node, role: .kiosk)
        while !stop() {
            do {
                let report = try synchronizer.round(at: { Date() })
                lock.withLock {
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
