import Foundation
import SystemPackage

/// A file the program keeps for a person to act on, written under a new name (a timestamp in
/// it): created only if absent, written whole and synced to the disk before it is named to anyone.
enum KeptFile {
    /// Writes `text` to a new file at `path`; false when it could not be written whole.
    static func write(_ text: String, to path: String) -> Bool {
        let options: FileDescriptor.OpenOptions = [.create, .exclusiveCreate, .closeOnExec]
        guard
            let file = try? FileDescriptor.open(
                FilePath(path), .writeOnly, options: options, permissions: FilePermissions(rawValue: 0o640))
        else { return false }
        do {
            try file.writeSyncedAndClose(text.utf8)
            return true
        } catch {
            unlink(path)
            return false
        }
    }
}

extension FileDescriptor {
    /// Writes `bytes` whole, syncs them to the disk and closes the file; the file is closed when
    /// any of it fails too.
    func writeSyncedAndClose(_ bytes: some Sequence<UInt8>) throws {
        try closeAfter {
            _ = try writeAll(bytes)
            guard fsync(rawValue) == 0 else { throw Errno(rawValue: errno) }
        }
    }
}
