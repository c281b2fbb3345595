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

    public init(parsing text: String) throws(CoreError) {
        func invalid(_ why: String? = nil) -> CoreError {
            let form =
                why.map {
                    Phrase(
                        "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); {why}",
                        ["why": $0])
                } ?? Phrase("postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST)")
            return .invalidValue(what: Phrase("central store URL"), value: text, expected: form)
        }
        guard !text.unicodeScalars.contains(where: \.isUnsafeForTerminal) else { throw invalid() }
        let rest: Substring
        if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else {
            throw invalid()
        }
        let (main, query) = Self.split(rest, at: "?")
        let (authority, path) = Self.split(main, at: "/")
        guard let at = authority.lastIndex(of: "@") else { throw invalid("the user name is missing") }
        let userPart = authority[..<at]
        guard !userPart.contains(":") else {
            throw invalid("no password in the URL: put it in a file named by password_file")
        }
        let hostPart = authority[authority.index(after: at)...]
        guard let user = Self.decoded(userPart), !user.isEmpty else { throw invalid("the user name is missing") }
        guard let database = path.flatMap(Self.decoded), !database.isEmpty, !database.contains("/") else {
            throw invalid("the database name is missing")
        }
        var socketFolder: String?
        for pair in (query ?? "").split(separator: "&") where !pair.isEmpty {
            let (key, value) = Self.split(pair, at: "=")
            guard key == "host", let value = value.flatMap(Self.decoded), value.hasPrefix("/") else {
                throw invalid("the only option is ?host=/socket/folder")
            }
            socketFolder = value
        }
        var host: String? = nil
        var port = 5432
        if !hostPart.isEmpty {
            var name = hostPart
            if hostPart.hasPrefix("["), let close = hostPart.firstIndex(of: "]") {
                name = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
                let after = hostPart[hostPart.index(after: close)...]
                if !after.isEmpty {
                    guard after.hasPrefix(":"), let number = Int(after.dropFirst()) else { throw invalid("bad port") }
                    port = number
                }
            } else if let colon = hostPart.lastIndex(of: ":") {
                guard let number = Int(hostPart[hostPart.index(after: colon)...]) else { throw invalid("bad port") }
                port = number
                name = hostPart[..<colon]
            }
            guard (1...65535).contains(port), !name.isEmpty else { throw invalid("bad host or port") }
            host = String(name)
        }
        guard (host == nil) != (socketFolder == nil) else {
            throw invalid(host == nil ? "the host is missing" : "give a host or ?host=/socket/folder, not both")
        }
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

    private static func split<S: StringProtocol>(_ text: S, at separator: Character) -> (S.SubSequence, S.SubSequence?)
    where S.SubSequence: StringProtocol {
        guard let index = text.firstIndex(of: separator) else { return (text[...], nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    /// Percent-decoding of one URL part; nil when it is malformed.
    private static func decoded<S: StringProtocol>(_ part: S) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(part.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The name of a kiosk or a manager's desk in the organisation: what every record it makes
/// carries, so records from many kiosks never collide. 1–64 of `A–Z a–z 0–9 . - _ @`.
public struct NodeName: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// ASCII letters and digits, '.', '-', '_' and '@': safe in a file name and a log line.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || ".-_@".unicodeScalars.contains(scalar))
    }

    /// `text` with every character a name may not have replaced by '_', at most `limit` long.
    public static func sanitised(_ text: String, limit: Int = 64) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowed($0) ? $0 : "_" }.prefix(limit)))
    }

    public init(parsing text: String) throws(CoreError) {
        guard (1...64).contains(text.count), text.unicodeScalars.allSatisfy(Self.isAllowed) else {
            throw .invalidValue(
                what: Phrase("kiosk id"), value: text, expected: Phrase("1–64 letters, digits, '.', '-', '_' or '@'"))
        }
        rawValue = text
    }

    public var description: String { rawValue }
}
