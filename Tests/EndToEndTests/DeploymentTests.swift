import AttendanceTestSupport
import Foundation
import Testing

/// The shipped systemd unit, rated the way systemd rates it.
@Suite("Deployment")
struct DeploymentTests {
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/attendance-kiosk.service").path

    @Test("systemd-analyze security rates config/attendance-kiosk.service 4.0 or lower (OK)")
    func serviceExposure() throws {
        let tool = "/usr/bin/systemd-analyze"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool), "systemd-analyze is missing: install Debian's systemd")
        let run = try ChildProcess.run(tool, ["security", "--offline=yes", Self.unit], environment: ["PATH": "/usr/bin:/bin"])
        let text = run.outputText + run.errorText
        let line = try #require(text.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(text)")
        // "→ Overall exposure level for attendance-kiosk.service: 1.5 OK :-)"
        let rating = try #require(line.range(of: ".service: "), "\(line)")
        let figure = try #require(line[rating.upperBound...].split(separator: " ").first.flatMap { Double($0) }, "\(line)")
        #expect(figure <= 4.0, "\(line)")
        // What the kiosk needs stays allowed: netlink for nl80211, its tty, local sockets.
        let unit = try String(contentsOfFile: Self.unit, encoding: .utf8)
        #expect(unit.contains("RestrictAddressFamilies=AF_UNIX AF_NETLINK"))
        #expect(unit.contains("DeviceAllow=/dev/tty1 rw"))
        #expect(!unit.contains("PrivateNetwork=yes"))
    }
}
