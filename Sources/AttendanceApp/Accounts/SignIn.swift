import AttendanceCore
import AttendanceStore
import Foundation

/// Signing in to the console, with guessing slowed as PINs are at the kiosk.
///
/// After 5 wrong passwords for a name each further try must wait longer (2, 4, 8, 16, 32 s); the
/// 10th locks the name for 15 minutes. Names are counted whether an account has them or not, with
/// the same words and the same work, so the answers do not tell which names exist. The counts
/// live in the serving process (a restart forgets them; the audit log keeps every try).
public final class SignIn: @unchecked Sendable {
    /// What a try at signing in came to.
    public enum Outcome: Sendable, Equatable {
        case signedIn(ManagerAccount)
        /// Wrong name or password (the same answer for both).
        case refused
        /// Too many wrong tries: wait this many seconds.
        case wait(seconds: Int)
    }

    public static let freeTries = 5
    public static let tries = 10
    public static let lockSeconds = 15 * 60

    private struct Count {
        var failures: Int
        var last: Date
    }

    private let accounts: ManagerAccounts
    private let store: AttendanceStore
    private let lock = NSLock()
    private var counts: [String: Count] = [:]

    public init(store: AttendanceStore) {
        self.store = store
        self.accounts = ManagerAccounts(store: store)
    }

    /// Checks `name` and `password` at `now`, and audits the try with the client's `address`.
    public func attempt(
        name: String, password: String, from address: String, now: Date
    ) throws(StoreError)
        -> Outcome
    {
        let key = name.lowercased()
        if let wait = waitSeconds(for: key, now: now) { return .wait(seconds: wait) }
        let account = try accounts.check(name: name, password: password)
        let recorded = (try? ManagerAccounts.validName(name)) ?? "(not a name)"
        try store.auditSignIn(name: recorded, succeeded: account != nil, from: address)
        lock.withLock {
            if account != nil {
                counts[key] = nil
            } else {
                let failures = (counts[key]?.failures ?? 0) + 1
                counts[key] = Count(failures: failures, last: now)
                // Bounded: the longest quiet names are forgotten first.
                if counts.count > 10_000, let oldest = counts.min(by: { $0.value.last < $1.value.last })?.key {
                    counts[oldest] = nil
                }
            }
        }
        return account.map(Outcome.signedIn) ?? .refused
    }

    /// Seconds still to wait before `key` may try again, if any.
    private func waitSeconds(for key: String, now: Date) -> Int? {
        lock.withLock {
            guard let count = counts[key], count.failures >= Self.freeTries else { return nil }
            let delay =
                count.failures >= Self.tries ? Self.lockSeconds : 1 << (count.failures - Self.freeTries + 1)
            // A clock set back never asks for longer than the delay itself.
            let elapsed = max(0, now.timeIntervalSince(count.last))
            let left = Int((Double(delay) - elapsed).rounded(.up))
            if left > 0 { return min(left, delay) }
            if count.failures >= Self.tries { counts[key] = Count(failures: Self.freeTries, last: count.last) }
            return nil
        }
    }
}
