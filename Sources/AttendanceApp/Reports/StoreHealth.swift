import AttendanceCore
import AttendanceStore
import Foundation

/// How the store stands: what `store check`, `store verify` and `sync --status` tell, in one
/// read for a page.
public struct StoreHealth: Sendable {
    public let path: String
    /// SQLite's quick_check, read through a read-only connection: empty when the file is sound.
    public let integrityProblems: [String]
    /// Guard triggers dropped outside the program.
    public let missingTriggers: [String]
    /// Triggers added or rewritten outside the program.
    public let foreignTriggers: [String]
    public let durability: AttendanceStore.DurabilitySettings
    /// Why this process may not write the store, if it may not.
    public let writeRefusal: StoreError?
    /// The history's hash chain, recomputed.
    public let history: HistoryCheck
    /// Whether it syncs with a central store, and how that stands.
    public let sync: SyncStatus
}

extension Reports {
    /// The store's health, read now: a quick check, the guards, durability, the history chain.
    public static func health(of store: AttendanceStore) throws(StoreError) -> StoreHealth {
        StoreHealth(
            path: store.path, integrityProblems: try AttendanceStore.check(fileAt: store.path),
            missingTriggers: try store.missingGuardTriggers(), foreignTriggers: try store.foreignTriggers(),
            durability: try store.durabilitySettings(),
            writeRefusal: store.writeRefusal,
            history: try store.verifyHistory(), sync: try store.syncStatus())
    }
}
