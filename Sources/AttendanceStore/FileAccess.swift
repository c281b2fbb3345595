import AttendanceCore
import Foundation

/// Why the user running this program may not read or write a file, as facts an installer can
/// act on once AttendanceLanguage words them (``AccessDenial``): which user, which folder or file
/// stops it, and that folder's or file's owner, group and mode.
///
/// "Does not exist" and "cannot be read" are different faults with different fixes; a folder
/// the user may not enter makes the files in it look missing to `stat`, so the folders on the
/// way are checked first (README "Deploying a real kiosk").
public enum FileAccess {
    /// Whether `path` is missing, as opposed to hidden from this user: only "no such file" (or
    /// a file where a folder should be) counts as missing.
    public static func isMissing(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) != 0 else { return false }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// What keeps this user from reading (or, when `writing`, writing) `path`, or nil when
    /// nothing in its permissions does (it may still be missing, or fail for other reasons).
    ///
    /// For example: OS user attendance (uid 998, groups attendance) may not enter the folder
    /// /etc/attendance (owner root, group root, mode 0750).
    public static func denial(of path: String, writing: Bool = false) -> AccessDenial? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var folder = ""
        for component in absolute.split(separator: "/").dropLast() {
            folder += "/" + component
            if access(folder, X_OK) != 0 && errno == EACCES {
                return AccessDenial(user: user, barrier: .folder(folder), status: status(folder))
            }
        }
        let wanted = writing ? W_OK : R_OK
        if access(absolute, wanted) != 0 && errno == EACCES {
            return AccessDenial(user: user, barrier: .file(absolute, writing: writing), status: status(absolute))
        }
        return nil
    }

    /// The user this process runs as, with its groups.
    static var user: OSUser {
        let uid = getuid()
        let name = getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? "#\(uid)"
        var groups = [gid_t](repeating: 0, count: Int(max(getgroups(0, nil), 0)))
        let count = groups.isEmpty ? 0 : getgroups(Int32(groups.count), &groups)
        let ids = [getgid()] + groups.prefix(Int(max(count, 0))).filter { $0 != getgid() }
        return OSUser(name: name, uid: uid, groups: ids.map(groupName))
    }

    /// Owner root, group root, mode 0750; or why `path` cannot be looked at.
    static func status(_ path: String) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { return .unknown(String(cString: strerror(errno))) }
        return .known(owner: ownerName(info.st_uid), group: groupName(info.st_gid), mode: octal(info))
    }

    /// "0640": the permission bits, four octal digits.
    private static func octal(_ info: stat) -> String {
        let digits = String(info.st_mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).map { String(cString: $0.pointee.gr_name) } ?? "#\(gid)"
    }
}

// MARK: - What `store check` says about the files

extension FileAccess {
    /// One line per way the store's files let the wrong people in or keep the right one out:
    /// the store and its -wal and -shm writable by group or others, the store readable by every
    /// user, its folder writable by group or others, a store owned by someone else than its
    /// folder (a copy put back as root), and a PIN pepper readable by group or others or not
    /// 32 bytes long.
    public static func problems(storePath: String, pepperPath: String) -> [StoreFileProblem] {
        var problems: [StoreFileProblem] = [storePath, storePath + "-wal", storePath + "-shm"].compactMap { file in
            guard let info = status(of: file), info.st_mode & 0o022 != 0 else { return nil }
            return .writableByOthers(file: file, mode: octal(info))
        }
        // A -wal or -shm its owner may not write, or that another user owns, keeps the kiosk's
        // user from writing the store even when the store itself is fine.
        if let store = status(of: storePath) {
            for file in [storePath + "-wal", storePath + "-shm"] {
                guard let info = status(of: file) else { continue }
                if info.st_uid != store.st_uid {
                    problems.append(
                        .journalOwner(file: file, owner: ownerName(info.st_uid), storeOwner: ownerName(store.st_uid)))
                } else if info.st_mode & 0o200 == 0, store.st_mode & 0o200 != 0 {
                    problems.append(.journalNotWritable(file: file, mode: octal(info), storeMode: octal(store)))
                }
            }
        }
        let named = (storePath as NSString).deletingLastPathComponent
        let folder = named.isEmpty ? "." : named
        if let store = status(of: storePath) {
            if store.st_mode & 0o004 != 0 {
                problems.append(.readableByEveryone(store: storePath, mode: octal(store)))
            }
            if let place = status(of: folder) {
                if place.st_mode & 0o022 != 0 {
                    problems.append(.folderWritable(folder: folder, mode: octal(place)))
                }
                if place.st_uid != store.st_uid {
                    problems.append(
                        .folderOwner(
                            store: storePath, storeOwner: ownerName(store.st_uid), status: status(storePath),
                            folderOwner: ownerName(place.st_uid), folderGroup: groupName(place.st_gid)))
                }
            }
        }
        if let pepper = status(of: pepperPath) {
            if pepper.st_mode & 0o044 != 0 {
                problems.append(.pepperReadable(path: pepperPath, mode: octal(pepper)))
            }
            if pepper.st_mode & S_IFMT == S_IFREG && pepper.st_size != 32 {
                problems.append(.pepperSize(path: pepperPath, bytes: Int64(pepper.st_size)))
            }
        }
        return problems
    }

    /// The store's -wal and -shm made while the store could not be written (SQLite gives them
    /// the store's mode then, 0440 say) keep a writer out after the store is writable again: a
    /// kiosk waiting for the fix would stay out of service. When this user owns them, they get the
    /// store's mode back.
    static func alignJournalModes(of storePath: String, storeMode: mode_t) {
        for file in [storePath + "-wal", storePath + "-shm"] {
            guard let info = status(of: file), info.st_uid == geteuid(), info.st_mode & 0o200 == 0 else { continue }
            _ = chmod(file, storeMode & 0o660)
        }
    }

    private static func status(of path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    private static func ownerName(_ uid: uid_t) -> String {
        getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? "#\(uid)"
    }
}
