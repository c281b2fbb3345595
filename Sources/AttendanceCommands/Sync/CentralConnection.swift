import AttendanceCentral
import AttendanceCore
import AttendanceStore
import Foundation

extension Context {
    /// Connects to the central store at `address` with the `[central]` settings: the password
    /// from `password_file`, else `$ATTENDANCE_CENTRAL_PASSWORD_FILE`, else the systemd
    /// credential `central-password`; none when there is no such file (peer or trust login).
    func connectCentral(_ address: CentralAddress, settings: CentralSettings?) throws(CentralError) -> CentralStore {
        let credential = environment["CREDENTIALS_DIRECTORY"].map { $0 + "/central-password" }
        let path =
            settings?.passwordFile ?? environment["ATTENDANCE_CENTRAL_PASSWORD_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? credential.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        var password: String?
        if let path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw .passwordFile(path: path, reason: "does not exist")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .passwordFile(path: path, reason: "cannot be read by \(userName) (permissions?)")
            }
            password = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        }
        return try CentralStore(
            address: address, password: password, tls: settings?.tls ?? .prefer, caFile: settings?.caFile)
    }
}

/// The central store a command names: `--store postgresql://…` (a manager's desk), or the
/// configuration's `[central] url` (a kiosk).
struct CentralTarget {
    let address: CentralAddress
    let role: SyncRole

    static func resolve(
        global: GlobalOptions, configuration: Configuration, in context: Context
    ) throws -> CentralTarget? {
        if let named = global.storeArgument(in: context), CentralAddress.names(named) {
            return CentralTarget(address: try CentralAddress(parsing: named), role: .desk)
        }
        guard let url = configuration.central?.url else { return nil }
        return CentralTarget(address: try CentralAddress(parsing: url), role: .kiosk)
    }
}
