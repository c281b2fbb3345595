import AttendanceApp
import AttendanceCore
import AttendanceStore
import Foundation

/// Where the PIN pepper is: `$ATTENDANCE_PEPPER`; else `$CREDENTIALS_DIRECTORY/pin-pepper`
/// (systemd's `LoadCredential=`, which lets a root-only file reach the unprivileged kiosk
/// service); else `/etc/attendance/pin-pepper` when run as root; else `pin-pepper` beside the store.
extension PepperFile {
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
                context.words.tr(
                    "a PIN set at the central store is checked by every kiosk with the organisation's PIN pepper: set ATTENDANCE_PEPPER to a copy of that file (the kiosks' /etc/attendance/pin-pepper); nothing was changed"
                ), status: .usage)
        }
        // At the desk the pepper is the organisation's, copied from a kiosk: one made here (a
        // mistyped path) would give a PIN no kiosk accepts.
        if atDesk && FileAccess.isMissing(path) {
            throw CommandFailure(
                context.words.tr(
                    "the PIN pepper file {path} does not exist: at the central store a PIN is checked with the organisation's pepper, so ATTENDANCE_PEPPER must name a copy of the kiosks' /etc/attendance/pin-pepper; nothing was changed",
                    ["path": path]), status: .usage)
        }
        return try load(at: path, create: !atDesk)
    }
}
