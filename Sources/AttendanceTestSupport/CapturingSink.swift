import AttendanceTerminal
import Foundation

/// Collects text in memory, for tests that run commands in-process.
public final class CapturingSink: TextSink, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    public init() {}

    public func write(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
