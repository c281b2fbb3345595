import AttendanceCore
import AttendanceStore
import Foundation

/// The PIN pepper: 32 random bytes in a file of their own, outside the database.
///
/// Where it is: `$ATTENDANCE_PEPPER`; else `$CREDENTIALS_DIRECTORY/pin-pepper` (systemd's
/// `LoadCredential=`, which lets a root-only file reach the unprivileged kiosk service); else
/// `/etc/attendance/pin-pepper` when run as root; else `pin-pepper` beside the store. It is
/// created on first use, readable by its owner only (mode 0400).
enum PepperFile {
    static func path(storePath: String, in context: Context) -> String {
        if let explicit = context.environment["ATTENDANCE_PEPPER"], !explicit.isEmpty { return explicit }
        if let credentials = context.environment["CREDENTIALS_DIRECTORY"], !credentials.isEmpty {
            return credentials + "/pin-pepper"
        }
        if context.isRoot { return "/etc/attendance/pin-pepper" }
        return (storePath as NSString).deletingLastPathComponent + "/pin-pepper"
    }

    /// The pepper for setting a PIN, created on first use. A PIN set at the central store is
    /// checked at every kiosk, so there it takes the organisation's pepper, named explicitly:
    /// a desk copy's own folder would give it one no kiosk has.
    static func forNewPIN(storePath: String, in context: Context) throws -> [UInt8] {
        let path = path(storePath: storePath, in: context)
        let named =
            !(context.environment["ATTENDANCE_PEPPER"] ?? "").isEmpty
            || !(context.environment["CREDENTIALS_DIRECTORY"] ?? "").isEmpty
        let atDesk = DeskCopy.isCopy(storePath, in: context)
        if atDesk && !named {
            throw CommandFailure(
                "a PIN set at the central store is checked by every kiosk with the organisation's PIN pepper: set "
                    + "ATTENDANCE_PEPPER to a copy of that file (the kiosks' /etc/attendance/pin-pepper); nothing was changed",
                status: .usage)
        }
        // At the desk the pepper is the organisation's, copied from a kiosk: one made here (a
        // mistyped path) would give a PIN no kiosk accepts.
        if atDesk && FileAccess.isMissing(path) {
            throw CommandFailure(
                "the PIN pepper file \(path) does not exist: at the central store a PIN is checked with the "
                    + "organisation's pepper, so ATTENDANCE_PEPPER must name a copy of the kiosks' "
                    + "/etc/attendance/pin-pepper; nothing was changed",
                status: .usage)
        }
        return try load(at: path, create: !atDesk)
    }

    /// Reads the pepper, creating it when `create` and it does not exist yet.
    static func load(at path: String, create: Bool) throws -> [UInt8] {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else {
                throw CommandFailure(
                    "the PIN pepper file \(path) is damaged (expected 32 bytes)", status: .storeFailure)
            }
            return [UInt8](data)
        }
        if !FileAccess.isMissing(path) {
            let why = FileAccess.denial(of: path).map { ": \($0)" } ?? ""
            throw CommandFailure(
                "cannot read the PIN pepper file \(path)\(why); it must be readable by the user running the kiosk "
                    + "(the service hands it over with LoadCredential=)",
                status: .storeFailure)
        }
        guard create else {
            throw CommandFailure(
                "the PIN pepper file \(path) is missing; PINs cannot be checked (was it moved?)", status: .storeFailure)
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o400)
        guard fd >= 0 else {
            throw CommandFailure(
                "cannot create the PIN pepper file \(path): \(String(cString: strerror(errno)))", status: .storeFailure)
        }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == 32, fsync(fd) == 0 else {
            unlink(path)
            throw CommandFailure("cannot write the PIN pepper file \(path)", status: .storeFailure)
        }
        return bytes
    }
}
