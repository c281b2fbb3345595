import AttendanceTestSupport
import Foundation
import Testing

/// The shipped systemd units, rated the way systemd rates them. The package that installs them
/// (debian/, `make deb`) is tested installed and booted in a Debian 12 machine with systemd:
/// `make test-package` (scripts/package-vm/run.sh).
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

    @Test("the backup's unit is rated 2.0 or lower, and its command line, run as written, writes today's backup")
    func backupUnit() throws {
        let path = Self.config + "/attendance-backup.service"
        #expect(try Self.exposure(of: path) <= 2.0)
        let unit = try String(contentsOfFile: path, encoding: .utf8)
        let line = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=/usr/bin/attendance ") })
        let s = try Office.sandbox()
        let folder = s.folder + "/backups"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments = line.dropFirst("ExecStart=/usr/bin/attendance ".count).split(separator: " ").map {
            $0 == "/etc/attendance/attendance.toml"
                ? s.config : $0 == "/var/lib/attendance/backups" ? folder : String($0)
        }
        let run = try Executable.run(arguments, environment: s.environment)
        #expect(run.status == 0, "\(arguments): \(run.err)")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: folder))
                == ["attendance-\(ScenarioClock.day(0)).sqlite"])
        let timer = try String(contentsOfFile: Self.config + "/attendance-backup.timer", encoding: .utf8)
        #expect(timer.contains("\nPersistent=true\n") && timer.contains("\nWantedBy=timers.target\n"))
    }
}
