import GRDB
import GRDBSQLite
import Synchronization

extension AttendanceStore {
    /// As many frames as SQLite's own automatic checkpoint waits for (`wal_autocheckpoint`).
    static let checkpointFrames = 1_000

    /// Moves the checkpoint that SQLite makes inside the commit that takes the WAL past
    /// ``checkpointFrames`` to ``checkpointIfDue()``, which a resident front-end calls once the
    /// person has their answer.
    ///
    /// A checkpoint syncs the WAL, copies its pages into the database file and, when it copied
    /// them all, syncs that file too: inside a punch, two more waits for the disk. While another
    /// process reads (the web console beside the kiosk), a checkpoint cannot copy everything,
    /// the WAL stays past the mark, and SQLite tries again inside every commit. Nothing of a
    /// commit's durability changes: its WAL frames are synced before it returns, as before.
    func deferCheckpoints() {
        pool.writeWithoutTransaction { db in
            // Replaces the hook through which SQLite checkpoints automatically.
            _ = sqlite3_wal_hook(db.sqliteConnection, noteFrames, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// The checkpoint that ``deferCheckpoints()`` put off, when the WAL holds enough for one.
    /// A checkpoint that fails (another process writing, the disk) is tried again next time:
    /// what it would have copied stays safe in the WAL meanwhile.
    public func checkpointIfDue() {
        guard framesToCheckpoint.load(ordering: .relaxed) >= Self.checkpointFrames else { return }
        framesToCheckpoint.store(0, ordering: .relaxed)
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }
}

/// SQLite's WAL hook: called after each commit with the frames the WAL now holds. `context` is
/// the store, which outlives its connections.
private func noteFrames(
    _ context: UnsafeMutableRawPointer?, _ db: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ frames: Int32
) -> Int32 {
    if let context {
        Unmanaged<AttendanceStore>.fromOpaque(context).takeUnretainedValue()
            .framesToCheckpoint.store(Int(frames), ordering: .relaxed)
    }
    return SQLITE_OK
}
