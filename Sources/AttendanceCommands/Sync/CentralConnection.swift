import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
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
            let data: Data
            switch Self.readable(path, words: words) {
            case .success(let contents): data = contents
            case .failure(let reason): throw .passwordFile(path: path, reason: reason)
            }
            password = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            guard password?.isEmpty == false else {
                throw .passwordFile(path: path, reason: words.tr("is empty: its first line is the password"))
            }
        }
        // A CA file that is missing, unreadable or not a certificate is named here, in words,
        // rather than by the TLS library's error codes and build paths.
        if let caFile = settings?.caFile {
            switch Self.readable(caFile, words: words) {
            case .failure(let reason):
                throw .tls(reason: words.tr("ca_file {path} {reason}", ["path": caFile, "reason": reason]))
            case .success(let contents):
                guard String(decoding: contents, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                    throw .tls(
                        reason: words.tr(
                            "ca_file {path} is not a PEM certificate (a text file beginning -----BEGIN CERTIFICATE-----)",
                            ["path": caFile]))
                }
            }
        }
        return try CentralStore(
            address: address, password: password, tls: settings?.tls ?? .prefer, caFile: settings?.caFile)
    }

    /// The contents of the file at `path`, or why they cannot be had, in words ("does not exist",
    /// "is a folder, not a file", "cannot be read: OS user … may not read …").
    static func readable(_ path: String, words: Speech) -> Readable {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(GlobalOptions.whyUnreadable(path, words: words))
        }
        return .success(data)
    }

    enum Readable {
        case success(Data)
        case failure(String)
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
