import AttendanceText
import Foundation

/// Where the central PostgreSQL store is: `postgresql://USER@HOST:PORT/DATABASE`.
///
/// `postgres://` is accepted too. A socket folder instead of a host is given as
/// `postgresql://USER@/DATABASE?host=/run/postgresql` (the form libpq uses). A password in the
/// URL is refused: it would end up in shell history, process lists and backups of the
/// configuration; `[central] password_file` or `$ATTENDANCE_CENTRAL_PASSWORD_FILE` holds it.
public struct CentralAddress: Sendable, Hashable, CustomStringConvertible {
    public let user: String
    /// A host name or address; nil when `socketFolder` is used.
    public let host: String?
    public let port: Int
    public let database: String
    /// The folder holding the server's Unix socket (`.s.PGSQL.PORT`).
    public let socketFolder: String?

    /// Whether `text` is meant as a central store rather than a file path.
    public static func names(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Why a text is not a central store's address.
    public enum Problem: Error, Sendable, Equatable {
        /// Not a `postgresql://` URL at all, or one with a fragment or control characters.
        case notAnAddress
        case userMissing
        case passwordGiven
        case databaseMissing
        /// A query other than `?host=/socket/folder`.
        case otherOption
        case badPort
        case hostMissing
        case hostAndSocketFolder
    }

    /// Reads `text` with Foundation's URL reader, strictly: a space or a malformed `%` escape is
    /// refused rather than passed on as written; every part is percent-decoded.
    public init(url text: String) throws(Problem) {
        guard Self.names(text), !text.unicodeScalars.contains(where: \.isUnsafeForTerminal),
            let url = URLComponents(string: text, encodingInvalidCharacters: false), url.fragment == nil
        else { throw .notAnAddress }
        guard url.password == nil else { throw .passwordGiven }
        guard let user = url.percentEncodedUser?.removingPercentEncoding, !user.isEmpty else { throw .userMissing }
        guard let path = url.percentEncodedPath.removingPercentEncoding, path.hasPrefix("/"),
            case let database = String(path.dropFirst()), !database.isEmpty, !database.contains("/")
        else { throw .databaseMissing }
        var socketFolder: String?
        for option in url.percentEncodedQueryItems ?? [] {
            guard option.name == "host", let folder = option.value?.removingPercentEncoding, folder.hasPrefix("/")
            else { throw .otherOption }
            socketFolder = folder
        }
        let port = url.port ?? 5432
        guard (1...65535).contains(port) else { throw .badPort }
        // An IPv6 address comes back in its brackets.
        let host = url.percentEncodedHost.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
            .map { $0.hasPrefix("[") && $0.hasSuffix("]") ? String($0.dropFirst().dropLast()) : $0 }
        guard (host == nil) != (socketFolder == nil) else { throw host == nil ? .hostMissing : .hostAndSocketFolder }
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.socketFolder = socketFolder
    }

    /// Whether the connection stays on this machine: a socket folder, `localhost`, 127.0.0.0/8 or
    /// ::1. Only such a connection may go without TLS (`[central] tls = "disable"`).
    public var staysOnThisMachine: Bool {
        guard let host else { return true }
        let name = host.lowercased()
        return name == "localhost" || name == "::1"
            || (name.hasPrefix("127.") && name.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// Why `tls = "disable"` is refused for this address, or nil when it may go without TLS.
    public var plainTextRefusal: String? {
        staysOnThisMachine
            ? nil
            : "tls = \"disable\" would send the password and every record in clear text to \(host ?? "")"
                + "; it is for a socket folder or a loopback address only: use \"require\" (with ca_file)"
    }

    /// The URL again, as a person may see it (it holds no password).
    public var description: String {
        if let socketFolder { return "postgresql://\(user)@/\(database)?host=\(socketFolder) (port \(port))" }
        let shownHost = host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""
        return "postgresql://\(user)@\(shownHost):\(port)/\(database)"
    }
}
