import AttendanceCore
import Foundation

/// The system's time zone database, tzdata's TZif files: the one place that reads them. A
/// command's ``Context`` reads zones through ``read(_:)`` (its ``ZoneDatabase``).
public enum SystemZoneFiles {
    /// Where the tzdata package puts its files.
    static let folder = "/usr/share/zoneinfo/"

    /// The bytes of the file for `name` (already checked by the core to be a zone name), nil when
    /// there is none or it cannot be read (a folder, such as "Europe", cannot).
    @Sendable public static func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: folder + name).map { [UInt8]($0) }
    }
}
