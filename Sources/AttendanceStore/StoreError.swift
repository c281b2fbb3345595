import AttendanceCore

/// Everything the store can fail with, in words a person can act on.
///
/// SQLite's own codes never reach a user: they are mapped here, at the one place that talks to
/// the database, into cases that say what happened and what to do.
public enum StoreError: WordedError, Equatable, Sendable {
    case cannotOpen(path: String, reason: String)
    /// The store cannot be opened: this user may not enter a folder on its way, or read it.
    case denied(path: String, AccessDenial)
    /// Another program held the database for longer than the busy timeout.
    case busy
    case diskFull
    /// Its schema is older than this program's (or was never finished) and it could not be
    /// written to bring it up to date.
    case needsUpgrade(path: String)
    /// The store's file was removed or replaced while this process had it open: what it wrote
    /// now would go to a file no one else sees, and be lost when the process ends.
    case moved(path: String)
    /// As ``moved(path:)``, and `count` punches recorded by this process before it was noticed
    /// are not in the store that is there now: they were written to `file`, to be imported.
    case movedPunchesKept(path: String, count: Int, file: String)
    /// A write went past the process's file-size limit (`ulimit -f`, systemd's `LimitFSIZE=`):
    /// SQLite sees EFBIG, as it would a full disk.
    case fileSizeLimit(bytes: UInt64)
    /// The store cannot be written; `reason` says why when it is known (whose permission, or a
    /// read-only mount).
    case readOnly(path: String, reason: String? = nil)
    /// The store cannot be written: this user may not write it (or enter a folder on its way).
    case writeDenied(path: String, AccessDenial)
    case corrupt(path: String, details: String)
    /// A pragma that durability depends on did not take the value it must have.
    case notDurable(setting: String, actual: String)
    case duplicateEmployee(EmployeeCode)
    case unknownEmployee(String)
    case unknownNetwork(BSSID)
    /// The date is already a holiday, under `name`.
    case duplicateHoliday(AttendanceDate, name: String)
    case unknownHoliday(AttendanceDate)
    /// No holiday from the first date through the last.
    case noHolidays(AttendanceDate, AttendanceDate)
    /// The employee already has leave of that kind on the date.
    case duplicateLeave(EmployeeCode, AttendanceDate, LeaveKind)
    /// The employee has no leave from the first date through the second.
    case unknownLeave(EmployeeCode, AttendanceDate, AttendanceDate)
    case ioError(String)
    case backupFailed(String)
    /// A backup's file name that cannot be used as given (a file already there, a folder that is
    /// not): nothing was written.
    case backupTarget(String)
    /// A stored value this program cannot have written: the file was changed by other means.
    case unreadableRecord(table: String, column: String, value: String)
    /// The store and the central store disagree about who is who (a renamed kiosk, a record
    /// that names one never received).
    case syncIdentity(String)
    /// A console account of that name exists already, or existed (names are never reused).
    case duplicateManager(String)
    /// No console account has that name.
    case unknownManager(String)
    /// No correction request has that number.
    case unknownRequest(Int64)
    /// The correction request was answered already (`approved` or `refused`).
    case requestAnswered(Int64, state: String)

    public var description: String { worded(EnglishWords()) }

    /// True when a record the request names is missing, or there already: the asker's to mend,
    /// not the store's.
    public var isAboutNamedRecord: Bool {
        switch self {
        case .duplicateEmployee, .unknownEmployee, .duplicateManager, .unknownManager, .unknownNetwork,
            .duplicateHoliday, .unknownHoliday, .noHolidays, .duplicateLeave, .unknownLeave, .unknownRequest,
            .requestAnswered:
            true
        default: false
        }
    }

    /// The sentence in `words`' language; untrusted names and values are quoted as in English.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .cannotOpen(let path, let reason):
            return words.tr("cannot open the attendance store at {path}: {reason}", ["path": path, "reason": reason])
        case .denied(let path, let denial):
            return words.tr(
                "cannot open the attendance store at {path}: {reason}",
                ["path": path, "reason": words.sentence(for: denial)])
        case .busy:
            return words.tr(
                "the attendance store is busy (another program is writing to it); nothing was saved — try again", [:])
        case .diskFull:
            return words.tr(
                "the disk holding the attendance store is full; nothing was saved — free some space and try again", [:])
        case .needsUpgrade(let path):
            return words.tr(
                "cannot open the attendance store at {path}: it was made by an older version and cannot be upgraded without write access",
                ["path": path])
        case .moved(let path):
            return words.tr(
                "the attendance store at {path} was removed or replaced while this program had it open; nothing was saved — restart the kiosk (or the command) so it opens the store that is there now",
                ["path": path])
        case .movedPunchesKept(let path, let count, let file):
            return words.tr(
                "the attendance store at {path} (or its -wal or -shm file) was removed or replaced while this program had it open; nothing was saved — restart the kiosk so it opens the store that is there now. {count} punch(es) recorded here before it was noticed are not in that store: they are kept in {file}; add them with `attendance import punches {file}`",
                ["path": path, "count": "\(count)", "file": file])
        case .fileSizeLimit(let bytes):
            return words.tr(
                "the attendance store reached this program's file size limit ({bytes} bytes, ulimit -f); nothing was saved — raise the limit and try again",
                ["bytes": "\(bytes)"])
        case .readOnly(let path, let reason):
            guard let reason else {
                return words.tr(
                    "the attendance store at {path} is read-only; nothing was saved — check the file's permissions and mount",
                    ["path": path])
            }
            return words.tr(
                "the attendance store at {path} cannot be written: {reason}; nothing was saved",
                ["path": path, "reason": reason])
        case .writeDenied(let path, let denial):
            return words.tr(
                "the attendance store at {path} cannot be written: {reason}; nothing was saved",
                ["path": path, "reason": words.sentence(for: denial)])
        case .corrupt(let path, let details):
            return words.tr(
                "the attendance store at {path} is damaged ({details}); restore a backup (see `attendance store check`)",
                ["path": path, "details": details])
        case .notDurable(let setting, let actual):
            return words.tr(
                "the attendance store could not be made durable: {setting} is {actual}",
                ["setting": setting, "actual": actual])
        case .duplicateEmployee(let code):
            return words.tr("an employee with code {code} already exists", ["code": code.rawValue])
        case .unknownEmployee(let code):
            return words.tr("no employee has code {code}", ["code": code.quotedForMessage])
        case .unknownNetwork(let bssid):
            return words.tr("{bssid} is not in the allowed WiFi list", ["bssid": bssid.description])
        case .duplicateHoliday(let date, let name):
            return words.tr(
                "{date} is already a holiday ({name}); remove it first to rename it; nothing was added",
                ["date": date.description, "name": name.quotedForMessage])
        case .unknownHoliday(let date):
            return words.tr("{date} is not in the holiday list", ["date": date.description])
        case .noHolidays(let first, let last):
            return words.tr(
                "no date from {first} to {last} is in the holiday list",
                ["first": first.description, "last": last.description])
        case .duplicateLeave(let code, let date, let kind):
            let values = ["code": code.rawValue, "date": date.description]
            return kind == .half
                ? words.tr("{code} already has half-day leave on {date}; nothing was recorded", values)
                : words.tr("{code} already has leave on {date}; nothing was recorded", values)
        case .unknownLeave(let code, let first, let last):
            return first == last
                ? words.tr("{code} has no leave on {date}", ["code": code.rawValue, "date": first.description])
                : words.tr(
                    "{code} has no leave from {first} to {last}",
                    ["code": code.rawValue, "first": first.description, "last": last.description])
        case .unreadableRecord(let table, let column, let value):
            return words.tr(
                "the attendance store holds a {column} in {table} that attendance cannot have written ({value}); it was changed by other means — run `attendance store check` and restore a backup",
                ["column": column, "table": table, "value": String(value.prefix(80)).quotedForMessage])
        case .ioError(let message):
            return words.tr("the attendance store could not be read or written: {reason}", ["reason": message])
        case .syncIdentity(let message):
            return words.tr("cannot sync: {reason}", ["reason": message])
        case .backupFailed(let message), .backupTarget(let message):
            return words.tr("backup failed: {reason}", ["reason": message])
        case .duplicateManager(let name):
            return words.tr(
                "the console account {name} exists already, or existed: a name is never given to someone else; nothing was added",
                ["name": name.quotedForMessage])
        case .unknownManager(let name):
            return words.tr("no console account is named {name}", ["name": name.quotedForMessage])
        case .unknownRequest(let id):
            return words.tr(
                "there is no request {id}; `attendance request list` shows the waiting ones", ["id": "\(id)"])
        case .requestAnswered(let id, let state):
            return words.tr("request {id} was {state} already; nothing was changed", ["id": "\(id)", "state": state])
        }
    }
}
