import AttendanceApp
import Foundation

/// A signed-in browser: its account, the token its forms carry, and when it began and was last seen.
struct ConsoleSession: Sendable {
    let id: String
    let account: ManagerAccount
    /// Carried by every form that changes something, and compared with the session's.
    let csrf: String
    let started: Date
    var lastSeen: Date
}

/// Sessions, kept in the serving process only: the cookie holds a random id and nothing else.
///
/// A session ends after 30 minutes without a request, 12 hours after it began, or at sign-out;
/// both are measured on the wall clock the console is given.
final class SessionStore: @unchecked Sendable {
    static let idleSeconds: TimeInterval = 30 * 60
    static let longestSeconds: TimeInterval = 12 * 3600

    private let lock = NSLock()
    private var sessions: [String: ConsoleSession] = [:]

    func start(_ account: ManagerAccount, now: Date) -> ConsoleSession {
        let session = ConsoleSession(
            id: Self.token(), account: account, csrf: Self.token(), started: now, lastSeen: now)
        lock.withLock {
            // Ended sessions go when a new one starts: the table never grows without bound.
            sessions = sessions.filter { Self.isLive($0.value, now: now) }
            sessions[session.id] = session
        }
        return session
    }

    /// The live session with `id`, seen now; nil when there is none or it has expired.
    func find(_ id: String, now: Date) -> ConsoleSession? {
        lock.withLock {
            guard var session = sessions[id] else { return nil }
            guard Self.isLive(session, now: now) else {
                sessions[id] = nil
                return nil
            }
            session.lastSeen = now
            sessions[id] = session
            return session
        }
    }

    func end(_ id: String) { _ = lock.withLock { sessions.removeValue(forKey: id) } }

    private static func isLive(_ session: ConsoleSession, now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeen) < idleSeconds && now.timeIntervalSince(session.started) < longestSeconds
            && now >= session.started.addingTimeInterval(-300)
    }

    /// 32 random bytes as hex, from the system's generator.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
