import AttendanceTestSupport
import Foundation
import Testing

/// A PostgreSQL 15 server of the test's own: a fresh cluster in a temporary folder, listening on
/// 127.0.0.1 at a free port and on a socket in that folder, run as the `postgres` user when the
/// tests run as root (the server refuses root). Logins over TCP need a password (scram), as a
/// real deployment's would; the owner logs in over the socket without one, as psql does here.
///
/// The server runs on the scenario's clock, as every process of a scenario does: kiosks compare
/// their clocks with the centre's, and a server on the real date would find each of them days off.
/// Scenario days lie in the past (the Makefile's): with the faked clock ahead of the real one,
/// libfaketime's handling of timer_settime keeps the server's lock timeouts from ever firing.
final class PostgresServer {
    static let binaries = "/usr/lib/postgresql/15/bin"
    let folder: String
    let port: Int
    let ownerPassword = "owner-secret-\(UInt32.random(in: 0...UInt32.max))"
    var data: String { folder + "/data" }
    var passwordFile: String { folder + "/owner.password" }
    /// The URL a manager's desk uses: the owner, over TCP with the password file.
    var url: String { "postgresql://owner@127.0.0.1:\(port)/attendance" }

    /// Why this machine cannot run one, or nil. A test that needs the server fails with this.
    static var unavailableReason: String? {
        for tool in ["initdb", "pg_ctl", "postgres"]
        where !FileManager.default.isExecutableFile(atPath: "\(binaries)/\(tool)") {
            return "\(binaries)/\(tool) is missing: install postgresql-15 (scripts/install-deps.sh does)"
        }
        if geteuid() == 0 && getpwnam("postgres") == nil { return "there is no postgres user to run the server as" }
        return nil
    }

    /// The scenario clock's environment (``ScenarioClock/environment``), for the server's processes.
    let clock: [String: String]

    init(clock: [String: String]) throws {
        self.clock = clock
        if let reason = Self.unavailableReason { throw Failure(message: reason) }
        folder = "/tmp/attendance-pg-" + UUID().uuidString.prefix(8).lowercased()
        port = try Self.freePort()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: passwordFile, contents: Data((ownerPassword + "\n").utf8))
        if geteuid() == 0, let user = getpwnam("postgres") {
            chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
            chown(passwordFile, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(folder, 0o755)
        chmod(passwordFile, 0o644)  // the kiosks' processes in this test read it too
        try asServer(
            "initdb", "-D", data, "-U", "owner", "--auth-local=trust", "--auth-host=scram-sha-256",
            "--pwfile=\(passwordFile)", "-E", "UTF8", "--no-instructions")
        try start()
        try psql("CREATE DATABASE attendance", database: "postgres")
    }

    deinit {
        _ = try? asServer("pg_ctl", "-D", data, "-m", "immediate", "stop")
        try? FileManager.default.removeItem(atPath: folder)
    }

    func start() throws {
        try asServer(
            clock: true,
            "pg_ctl", "-D", data, "-l", folder + "/server.log", "-w", "-t", "60", "-o",
            "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=on", "start")
    }

    /// Turns TLS on with a new self-signed certificate for 127.0.0.1 and refuses every TCP login
    /// that does not use it. Returns the certificate, for a client's `ca_file`.
    func requireTLS(clock: [String: String]) throws -> String {
        let certificate = folder + "/server.crt"
        let key = folder + "/server.key"
        try Self.makeCertificate(certificate: certificate, key: key, clock: clock)
        if geteuid() == 0, let user = getpwnam("postgres") {
            chown(key, user.pointee.pw_uid, user.pointee.pw_gid)
            chown(certificate, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(key, 0o600)
        chmod(certificate, 0o644)
        let rules = data + "/pg_hba.conf"
        let existing = try String(contentsOfFile: rules, encoding: .utf8)
        try ("hostnossl all all 127.0.0.1/32 reject\n" + existing).write(
            toFile: rules, atomically: false, encoding: .utf8)
        try psql("ALTER SYSTEM SET ssl_cert_file = '\(certificate)'", database: "postgres")
        try psql("ALTER SYSTEM SET ssl_key_file = '\(key)'", database: "postgres")
        try psql("ALTER SYSTEM SET ssl = on", database: "postgres")
        try psql("SELECT pg_reload_conf()", database: "postgres")
        return certificate
    }

    /// A self-signed certificate for 127.0.0.1 (openssl), and its key, made at the time of `clock`
    /// (a scenario clock's environment).
    static func makeCertificate(certificate: String, key: String, clock: [String: String]) throws {
        let run = try ChildProcess.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
            ],
            environment: clock.merging(["PATH": "/usr/bin:/bin"]) { $1 }, folder: "/tmp")
        guard run.status == 0 else { throw Failure(message: "openssl failed: \(run.errorText)") }
    }

    /// Stops the server at once, as a crash or a pulled cable would leave the kiosks.
    func stop() throws { try asServer("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop") }

    /// Runs `sql` through psql as the owner; the rows as `a|b` lines. Throws with psql's error.
    @discardableResult
    func psql(_ sql: String, database: String = "attendance", user: String = "owner") throws -> String {
        let run = try ChildProcess.run(
            "/usr/bin/psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-h", folder, "-p", String(port), "-U", user, "-d",
                database,
                "-c", sql,
            ],
            environment: ["PATH": "/usr/bin:/bin", "PGPASSWORD": ownerPassword], folder: folder)
        guard run.status == 0 else { throw Failure(message: run.errorText) }
        return run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// psql's answer to `sql`, expected to be an error: its message.
    func psqlError(_ sql: String, user: String = "owner") -> String {
        do {
            let rows = try psql(sql, user: user)
            return "no error: \(rows)"
        } catch let failure as Failure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    /// A count from the central store.
    func count(_ sql: String) throws -> Int { Int(try psql(sql)) ?? -1 }

    /// Adds a login for a kiosk, a member of `attendance_kiosk`, and its password file.
    func addKioskLogin(_ name: String) throws -> String {
        let password = "kiosk-\(UInt32.random(in: 0...UInt32.max))"
        try psql("CREATE ROLE \(name) LOGIN PASSWORD '\(password)' IN ROLE attendance_kiosk")
        let file = folder + "/\(name).password"
        FileManager.default.createFile(atPath: file, contents: Data((password + "\n").utf8))
        chmod(file, 0o644)
        return file
    }

    /// Runs `tool` as the server's user; with `clock`, on the scenario's clock. The server makes
    /// its own libfaketime segment (the scenario's shared one belongs to another user), so the
    /// clock is given to the tool alone, through env, after the change of user: libfaketime loaded
    /// into setpriv would make that segment as root under the pid the tool then has.
    private func asServer(clock: Bool = false, _ tool: String, _ arguments: String...) throws {
        let basic = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let faked = clock ? self.clock.filter { $0.key != "FAKETIME_SHARED" } : [:]
        let command =
            ["/usr/bin/env"] + faked.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + ["\(Self.binaries)/\(tool)"] + arguments
        let asUser = geteuid() == 0 ? ["--reuid=postgres", "--regid=postgres", "--clear-groups"] + command : command
        let run = try ChildProcess.run(
            geteuid() == 0 ? "/usr/bin/setpriv" : asUser[0], Array(asUser.dropFirst(geteuid() == 0 ? 0 : 1)),
            environment: basic, folder: "/tmp")
        guard run.status == 0 else {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw Failure(
                message: "\(tool) failed (\(run.status)): \(run.errorText)\(run.outputText)\n\(log.suffix(2000))")
        }
    }

    private static func freePort() throws -> Int {
        for _ in 0..<50 {
            let candidate = Int.random(in: 20_000...60_000)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(candidate).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound == 0 { return candidate }
        }
        throw Failure(message: "no free port on 127.0.0.1")
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
