import Foundation

/// A file the program keeps for a person to act on, written under a new name (a timestamp in
/// it): created only if absent, written whole and synced to the disk before it is named to anyone.
enum KeptFile {
    /// Writes `text` to a new file at `path`; false when it could not be written whole.
    static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o640)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let written = Array(text.utf8).withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, fsync(fd) == 0 else {
            unlink(path)
            return false
        }
        return true
    }
}
