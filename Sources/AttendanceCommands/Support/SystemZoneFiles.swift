import AttendanceCore
import Foundation

/// The system's time zone database, tzdata's TZif files: the one place that reads them. The
/// executable installs ``read(_:)`` as the core's ``ZoneDatabase`` reader as it starts.
public enum SystemZoneFiles {
    /// Where the tzdata package puts its files.
    static let folder = "/usr/share/zoneinfo/"

    /// The bytes of the file for `name` (already checked by the core to be a zone name), nil when
    /// there is none, it cannot be read, or it is larger than any zone file (1 MB).
    @Sendable public static func read(_ name: String) -> [UInt8]? {
        let fd = open(folder + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
        return nil
    }
}
