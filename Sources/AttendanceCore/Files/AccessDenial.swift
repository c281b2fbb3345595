/// Why the user running this program may not read or write a file: which user, which folder or
/// file stops it, and that folder's or file's owner, group and mode. The store's edge finds these
/// facts (FileAccess); AttendanceLanguage words them ("OS user attendance (uid 998, groups
/// attendance) may not enter the folder /etc/attendance (owner root, group root, mode 0750)").
public struct AccessDenial: Equatable, Sendable {
    /// What stops the user.
    public enum Barrier: Equatable, Sendable {
        /// A folder on the way that the user may not enter.
        case folder(String)
        /// The file itself, which the user may not read, or write.
        case file(String, writing: Bool)
    }

    public let user: OSUser
    public let barrier: Barrier
    public let status: FileStatus

    public init(user: OSUser, barrier: Barrier, status: FileStatus) {
        self.user = user
        self.barrier = barrier
        self.status = status
    }
}

/// The user this process runs as: its name (or "#uid"), uid and groups' names.
public struct OSUser: Equatable, Sendable {
    public let name: String
    public let uid: UInt32
    public let groups: [String]

    public init(name: String, uid: UInt32, groups: [String]) {
        self.name = name
        self.uid = uid
        self.groups = groups
    }
}

/// A file's owner, group and mode ("0640"), or the system's reason it cannot be looked at.
public enum FileStatus: Equatable, Sendable {
    case known(owner: String, group: String, mode: String)
    /// `stat` failed: the system's own words (strerror).
    case unknown(String)
}

/// One way a store's files let the wrong people in or keep the right one out (`store check`).
public enum StoreFileProblem: Equatable, Sendable {
    /// The store, its -wal or its -shm writable by group or others.
    case writableByOthers(file: String, mode: String)
    /// A -wal or -shm that another user than the store's owns.
    case journalOwner(file: String, owner: String, storeOwner: String)
    /// A -wal or -shm its owner may not write while the store can be written.
    case journalNotWritable(file: String, mode: String, storeMode: String)
    /// The store readable by every user of the machine.
    case readableByEveryone(store: String, mode: String)
    /// The store's folder writable by group or others.
    case folderWritable(folder: String, mode: String)
    /// The store owned by another user than its folder (a copy put back as root).
    case folderOwner(store: String, storeOwner: String, status: FileStatus, folderOwner: String, folderGroup: String)
    /// The PIN pepper readable by group or others.
    case pepperReadable(path: String, mode: String)
    /// The PIN pepper not 32 bytes long.
    case pepperSize(path: String, bytes: Int64)
}
