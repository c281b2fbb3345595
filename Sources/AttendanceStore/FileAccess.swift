import Foundation

/// Why the user running this program may not read or write a file, in words an installer can
/// act on: which user, which folder or file stops it, and that folder's or file's owner, group
/// and mode.
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
    /// For example: "OS user attendance (uid 998, groups attendance) may not enter the folder
    /// /etc/attendance (owner root, group root, mode 0750)".
    public static func denial(of path: String, writing: Bool = false) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var folder = ""
        for component in absolute.split(separator: "/").dropLast() {
            folder += "/" + component
            if access(folder, X_OK) != 0 && errno == EACCES {
                return "\(user) may not enter the folder \(folder) (\(describe(folder)))"
            }
        }
        let wanted = writing ? W_OK : R_OK
        if access(absolute, wanted) != 0 && errno == EACCES {
            return "\(user) may not \(writing ? "write" : "read") \(absolute) (\(describe(absolute)))"
        }
        return nil
    }

    /// "OS user NAME (uid N, groups A, B)", the user this process runs as.
    static var user: String {
        let uid = getuid()
        let name = getpwuid(uid).map { String(cString: $0.pointee.pw_name) } ?? "#\(uid)"
        var groups = [gid_t](repeating: 0, count: Int(max(getgroups(0, nil), 0)))
        let count = groups.isEmpty ? 0 : getgroups(Int32(groups.count), &groups)
        let ids = [getgid()] + groups.prefix(Int(max(count, 0))).filter { $0 != getgid() }
        return "OS user \(name) (uid \(uid), groups \(ids.map(groupName).joined(separator: ", ")))"
    }

    /// "owner root, group root, mode 0750"
    static func describe(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "#\(info.st_uid)"
        let mode = String(info.st_mode & 0o7777, radix: 8)
        return
            "owner \(owner), group \(groupName(info.st_gid)), mode \(String(repeating: "0", count: max(0, 4 - mode.count)))\(mode)"
    }

    private static func groupName(_ gid: gid_t) -> String {
        getgrgid(gid).map { String(cString: $0.pointee.gr_name) } ?? "#\(gid)"
    }
}
