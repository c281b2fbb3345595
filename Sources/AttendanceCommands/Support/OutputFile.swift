import AttendanceLanguage
import AttendanceTerminal
import Foundation

/// The file a person names with `--output`: written whole or not at all, and never something
/// other than what they named.
enum OutputFile {
    /// Writes `text` to `path`.
    ///
    /// - A regular file (or a new one) is written beside itself, synced, and renamed over the old
    ///   one: a reader sees the old file or the new one, never half of either, and a full disk
    ///   leaves the old file as it was. A symbolic link is followed: its file is replaced, the link
    ///   stays a link.
    /// - Anything else that exists (a device such as `/dev/stdout`, a pipe) is written into as it
    ///   is: renaming over it would replace the device with a file.
    /// - Never over the store, its journal files, the pepper or the configuration (`protected`),
    ///   nor over any SQLite database or journal (a backup, another store): a mistyped `--output`
    ///   must not turn records into a CSV.
    static func write(
        _ text: String, to path: String, protecting protected: [String] = [], words: Speech
    ) throws(CommandFailure) {
        if let reason = refusal(of: path, protecting: protected, words: words) { throw failure(path, reason, words) }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else { throw failure(path, words.tr("it is a folder"), words) }
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path, errno, words) }
            defer { close(fd) }
            if let reason = writeAll(text, to: fd) {
                throw CommandFailure(
                    words.tr(
                        "cannot write {path}: {reason}; what was written is incomplete",
                        ["path": path, "reason": reason]), status: .outputFailure)
            }
            return
        }
        let target = try resolvedLink(path, words)
        let slash = target.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.utf8.index(after: $0)...]) } ?? target
        var template = Array("\(folder.isEmpty ? "" : folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno, words) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer { if !done { unlink(temporary) } }
        // The mode a new file would have had (mkstemp makes 0600), or the replaced file's.
        let mask = umask(0)
        umask(mask)
        var old = stat()
        let mode = stat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o666 & ~mask
        var reason = writeAll(text, to: fd)
        if reason == nil, fchmod(fd, mode) != 0 || fsync(fd) != 0 { reason = String(cString: strerror(errno)) }
        if close(fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        if let reason { throw failure(path, reason, words) }
        guard rename(temporary, target) == 0 else { throw failure(path, errno, words) }
        done = true
        let folderFD = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Why `path` must not be written over, or nil. Files are compared by device and inode, so a
    /// link or another spelling of the same path is caught too.
    static func refusal(of path: String, protecting protected: [String], words: Speech) -> String? {
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { return nil }
        for other in protected {
            var info = stat()
            if stat(other, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                return words.tr("it is {path}, which this program keeps; choose another file", ["path": other])
            }
        }
        // The first bytes of a SQLite database, and of its write-ahead log (either byte order).
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &head, head.count)
        if count == 16, head == Array("SQLite format 3\0".utf8) {
            return words.tr("it is an SQLite database (a store or a backup?); choose another file")
        }
        if count >= 4, [[0x37, 0x7f, 0x06, 0x82], [0x37, 0x7f, 0x06, 0x83]].contains(Array(head.prefix(4))) {
            return words.tr("it is an SQLite write-ahead log; choose another file")
        }
        return nil
    }

    /// `path`, or the file its symbolic links lead to.
    private static func resolvedLink(_ path: String, _ words: Speech) throws(CommandFailure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let real = realpath(path, nil) else {
            throw failure(
                path,
                words.tr(
                    "its symbolic link cannot be followed ({reason})", ["reason": String(cString: strerror(errno))]),
                words)
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// Writes all of `text`; why it failed, or nil.
    private static func writeAll(_ text: String, to fd: Int32) -> String? {
        let sink = FileDescriptorSink(fd: fd)
        sink.write(text)
        return sink.failure
    }

    private static func failure(_ path: String, _ error: Int32, _ words: Speech) -> CommandFailure {
        failure(path, String(cString: strerror(error)), words)
    }

    private static func failure(_ path: String, _ reason: String, _ words: Speech) -> CommandFailure {
        CommandFailure(
            words.tr("cannot write {path}: {reason}; nothing was written there", ["path": path, "reason": reason]),
            status: .outputFailure)
    }
}
