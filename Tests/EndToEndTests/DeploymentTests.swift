import AttendanceTestSupport
import Foundation
import Testing

/// The shipped systemd unit, rated the way systemd rates it.
@Suite("Deployment")
struct DeploymentTests {
    static let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config").path
    static let unit = config + "/attendance-kiosk.service"

    /// systemd-analyze's overall exposure figure for the unit at `path`.
    static func exposure(of path: String) throws -> Double {
        let tool = "/usr/bin/systemd-analyze"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool), "systemd-analyze is missing: install Debian's systemd")
        let run = try ChildProcess.run(
            tool, ["security", "--offline=yes", path], environment: ["PATH": "/usr/bin:/bin"])
        let text = run.outputText + run.errorText
        let line = try #require(text.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(text)")
        // "→ Overall exposure level for attendance-kiosk.service: 1.5 OK :-)"
        let rating = try #require(line.range(of: ".service: "), "\(line)")
        return try #require(line[rating.upperBound...].split(separator: " ").first.flatMap { Double($0) }, "\(line)")
    }

    @Test("systemd-analyze security rates the kiosk's and the sync's units 4.0 or lower, the console's 2.0")
    func serviceExposure() throws {
        #expect(try Self.exposure(of: Self.unit) <= 4.0)
        #expect(try Self.exposure(of: Self.config + "/attendance-sync.service") <= 4.0)
        #expect(try Self.exposure(of: Self.config + "/attendance-web.service") <= 2.0)
        // What the kiosk needs stays allowed: netlink for nl80211, its tty, local sockets.
        let unit = try String(contentsOfFile: Self.unit, encoding: .utf8)
        #expect(unit.contains("RestrictAddressFamilies=AF_UNIX AF_NETLINK"))
        #expect(unit.contains("DeviceAllow=/dev/tty1 rw"))
        #expect(!unit.contains("PrivateNetwork=yes"))
        // One store path for the kiosk, the manager's sudo and the sync: the configuration's.
        #expect(!unit.contains("ATTENDANCE_STORE"))
        #expect(unit.contains("Documentation=file:///usr/share/doc/attendance/README.md"))
    }
}

/// The deployment the README and the unit describe, made by `config/install.sh` itself under a
/// temporary root, with a real system user of its own: the kiosk then runs as that user, the way
/// systemd would start it, and the layout an older version of the instructions made is named
/// for what it is.
@Suite("Deployment: the documented layout, as the service's user")
struct InstalledLayoutTests {
    static let script = URL(fileURLWithPath: DeploymentTests.unit).deletingLastPathComponent()
        .appendingPathComponent("install.sh").path

    @Test("install.sh given a path that is not there says to run make release first, and installs nothing")
    func installWithoutBuild() throws {
        let s = Sandbox()
        let missing = s.folder + "/.build/release/attendance"
        let run = try ChildProcess.run(
            "/bin/sh", [Self.script, missing],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "ROOT": s.folder + "/root"])
        #expect(run.status == 66)
        #expect(
            run.errorText.hasSuffix(
                ": \(missing) not found — run make release first (it builds .build/release/attendance)\n"))
        #expect(!FileManager.default.fileExists(atPath: s.folder + "/root"))
        let folder = try ChildProcess.run(
            "/bin/sh", [Self.script, s.folder],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "ROOT": s.folder + "/root"])
        #expect(folder.status == 66 && folder.errorText.contains("is not an executable file"), "\(folder.errorText)")
    }

    @Test(
        "install.sh's layout starts the kiosk as its user; a root-only configuration is named (78, or on screen until mended)",
        .enabled(if: geteuid() == 0, "creates a system user: runs as root (CI does)"))
    func installedKiosk() throws {
        let s = try Office.sandbox()
        let root = s.folder + "/root"
        let user = "att-e2e-\(getpid() % 100_000)"
        let tools = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        defer { _ = try? ChildProcess.run("/usr/sbin/userdel", [user], environment: tools) }
        func install() throws -> ChildProcess {
            try ChildProcess.run(
                "/bin/sh", [Self.script, Executable.attendance],
                environment: tools.merging(["ROOT": root, "KIOSK_USER": user]) { $1 })
        }
        let installed = try install()
        try #require(installed.status == 0, "\(installed.outputText)\(installed.errorText)")
        let account = try #require(getpwnam(user)?.pointee, "install.sh made no user \(user)")
        let (uid, gid) = (account.pw_uid, account.pw_gid)

        // The layout, as the script's comments and the unit say.
        let etc = root + "/etc/attendance"
        let config = etc + "/attendance.toml"
        let state = root + "/var/lib/attendance"
        for (path, owner, group, mode) in [
            (etc, 0, gid, 0o750), (config, 0, gid, 0o640), (etc + "/pin-pepper", 0, 0, 0o400),
            (state, uid, gid, 0o750), (root + "/usr/local/bin/attendance", 0, 0, 0o755),
            (root + "/usr/share/doc/attendance/README.md", 0, 0, 0o644),
        ] as [(String, uid_t, gid_t, mode_t)] {
            var info = stat()
            try #require(stat(path, &info) == 0, "\(path) is missing")
            #expect(info.st_uid == owner && info.st_gid == group, "\(path): \(info.st_uid):\(info.st_gid)")
            #expect(info.st_mode & 0o7777 == mode, "\(path): \(String(info.st_mode & 0o7777, radix: 8))")
        }

        // The office's configuration, written into the installed file (its owner and mode stay).
        let handle = try #require(FileHandle(forWritingAtPath: config))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Office.config().utf8))
        try handle.close()

        // The manager sets the office up with sudo: root's commands, root's pepper.
        let store = state + "/attendance.sqlite"
        let manager = s.environment.merging([
            "ATTENDANCE_STORE": store, "ATTENDANCE_CONFIG": config, "ATTENDANCE_PEPPER": etc + "/pin-pepper",
        ]) { $1 }
        for setup in [
            ["employee", "add", "K001", "--name", "Kiosk User"],
            ["wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "Lobby"],
        ] {
            let run = try Executable.run(setup, environment: manager)
            try #require(run.status == 0, "\(setup): \(run.err)")
        }

        // systemd's credential: a copy of the pepper only the service's user may read.
        let credentials = s.folder + "/credentials"
        try FileManager.default.createDirectory(atPath: credentials, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: etc + "/pin-pepper", toPath: credentials + "/pin-pepper")
        for path in [credentials, credentials + "/pin-pepper"] { chown(path, uid, gid) }
        chmod(credentials, 0o500)

        // As ExecStart runs it: the service's user with its groups, its store, its credential.
        let asService = ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--init-groups"]
        let service = [
            "ATTENDANCE_STORE": store, "ATTENDANCE_CONFIG": config, "ATTENDANCE_PEPPER": "",
            "CREDENTIALS_DIRECTORY": credentials, "TERM": "linux",
        ]
        do {
            let kiosk = try KioskSession(sandbox: s, prefix: asService.joined(separator: " "), environment: service)
            try kiosk.waitFor("Employee code")
            #expect(try FullDiskTests.mark(kiosk, "K001").contains("MARKED IN"))
        }
        let punches = try Executable.run(["punch", "list", "K001"], environment: manager)
        #expect(punches.out.contains("IN"), "\(punches.out)\(punches.err)")

        // The layout older instructions made: root's folder and file. Named, not "does not exist".
        chown(etc, 0, 0)
        chown(config, 0, 0)
        let refused = try Executable.run(
            ["kiosk"], environment: s.environment.merging(service) { $1 }, prefix: asService)
        #expect(refused.status == 78, "\(refused.err)")
        #expect(
            refused.err.contains(
                "the configuration file \(config) cannot be read: OS user \(user) (uid \(uid), groups \(user)) "
                    + "may not enter the folder \(etc) (owner root, group root, mode 0750)"),
            "\(refused.err)")
        #expect(!refused.err.contains("does not exist"))
        // On its terminal the kiosk says the same on its out-of-service screen, and starts by itself
        // once the layout is mended: no restart of the service is needed.
        let waiting = try KioskSession(sandbox: s, prefix: asService.joined(separator: " "), environment: service)
        let screen = words(of: try waiting.waitFor("OUT OF SERVICE"))
        #expect(screen.contains("cannot be read") && screen.contains("may not enter the folder"), "\(screen)")

        // Running the script again mends it.
        let again = try install()
        #expect(again.status == 0, "\(again.errorText)")
        try waiting.waitFor("Employee code", timeout: 15)
        #expect(try FullDiskTests.mark(waiting, "K001").contains("MARKED OUT"))
        let checked = try Executable.run(
            ["config", "check"], environment: s.environment.merging(service) { $1 }, prefix: asService)
        #expect(checked.status == 0, "\(checked.out)\(checked.err)")
    }
}
