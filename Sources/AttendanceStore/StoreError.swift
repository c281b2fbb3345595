import AttendanceCore

/// Everything the store can fail with, in words a person can act on.
///
/// SQLite's own codes never reach a user: they are mapped here, at the one place that talks to
/// the database, into cases that say what happened and what to do.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// Another program held the database for longer than the busy timeout.
    case busy
    case diskFull
    case readOnly(path: String)
    case corrupt(path: String, details: String)
    /// A pragma that durability depends on did not take the value it must have.
    case notDurable(setting: String, actual: String)
    case duplicateEmployee(EmployeeCode)
    case unknownEmployee(String)
    case unknownNetwork(BSSID)
    case ioError(String)
    case backupFailed(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the attendance store at \(path): \(reason)"
        case .busy:
            return "the attendance store is busy (another attendance program is writing); nothing was saved — try again"
        case .diskFull:
            return "the disk holding the attendance store is full; nothing was saved — free some space and try again"
        case .readOnly(let path):
            return "the attendance store at \(path) is read-only; nothing was saved — check the file's permissions and mount"
        case .corrupt(let path, let details):
            return "the attendance store at \(path) is damaged (\(details)); restore a backup (see `attendance store check`)"
        case .notDurable(let setting, let actual):
            return "the attendance store could not be made durable: \(setting) is \(actual)"
        case .duplicateEmployee(let code):
            return "an employee with code \(code) already exists"
        case .unknownEmployee(let code):
            return "no employee has code \(code.quotedForMessage)"
        case .unknownNetwork(let bssid):
            return "\(bssid) is not in the allowed WiFi list"
        case .ioError(let message):
            return "the attendance store could not be read or written: \(message)"
        case .backupFailed(let message):
            return "backup failed: \(message)"
        }
    }
}
