import AttendanceStore
import Foundation

extension Context {
    /// Opens the store at `path`: the one place where commands and the kiosk open it.
    ///
    /// When `ATTENDANCE_STORE_SETTINGS_LOG` names a file, one line is appended to it for each
    /// opening with the settings the writer connection reports, read back from SQLite (or why
    /// the store was opened read-only). It is a hidden diagnostic: tests use it to see that every
    /// command and the kiosk write with WAL, `synchronous=FULL` and a busy timeout.
    func openStore(at path: String) throws(StoreError) -> AttendanceStore {
        let store = try AttendanceStore(path: path, clock: now)
        if let log = environment["ATTENDANCE_STORE_SETTINGS_LOG"], !log.isEmpty {
            let state: String
            if let refusal = store.writeRefusal {
                state = "read-only (\(refusal))"
            } else {
                let settings = try store.durabilitySettings()
                state =
                    "journal_mode=\(settings.journalMode) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds)"
            }
            Self.append("pid=\(getpid()) \(state) store=\(path)\n", to: log)
        }
        return store
    }

    /// One `write` to a file opened for appending, so lines from several processes never mix.
    private static func append(_ line: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
