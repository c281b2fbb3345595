import AttendanceTestSupport
import Foundation
import Testing

/// One run of the WiFi test machine: Debian's kernel under QEMU with four mac80211_hwsim radios,
/// hostapd and wpa_supplicant, running `scripts/wifi-vm/scenario.sh` once for the whole suite.
///
/// The image is built from the installed Debian packages at every run
/// (`scripts/wifi-vm/build-image.sh`), so it always holds the `attendance` just built. The guest
/// only acts and reports, one ``Record`` per step on its second serial port; the tests decide
/// what is right. The machine powers itself off at the end; QEMU is killed after ``timeout``.
struct WiFiTestMachine: Sendable {
    /// What stopped the machine from running the scenario, worded for whoever reads the test log.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One step of the scenario: `@@ record NAME STATUS UPTIME STDOUT-BASE64 STDERR-BASE64`.
    struct Record: Sendable, CustomStringConvertible {
        let name: String
        /// The step's exit status (for a wait: 0 when what it waited for happened).
        let status: Int32
        /// The guest's uptime when the step ended, in seconds.
        let uptime: Double
        let out: String
        let err: String

        var description: String { "\(name) (exit \(status)):\nstdout:\n\(out)\nstderr:\n\(err)" }

        /// The standard output read as one JSON object.
        func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let parsed = try? JSONSerialization.jsonObject(with: Data(out.utf8))
            return try #require(parsed as? [String: Any], "\(name) did not print a JSON object:\n\(self)")
        }

        /// The standard output read as a JSON array of objects.
        func objects(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            let parsed = try? JSONSerialization.jsonObject(with: Data(out.utf8))
            return try #require(parsed as? [[String: Any]], "\(name) did not print a JSON array:\n\(self)")
        }
    }

    /// QEMU's own limit: the scenario takes about a minute on two cores.
    static let timeout: Double = 150
    /// Where the guest's clock starts (UTC): a Monday, 10:00.
    static let clockBase = "2026-11-23T10:00:00"

    let records: [String: Record]
    /// Seconds spent building the image, and running QEMU from start to power-off.
    let imageSeconds: Double
    let qemuSeconds: Double
    /// The guest's uptime when /init started, and when the scenario ended.
    let bootedAt: Double
    let endedAt: Double

    /// The step `name`; a missing one fails the test at the caller's line, listing those there are.
    func record(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Record {
        try #require(
            records[name],
            "the scenario reported no step \(name); it reported \(records.keys.sorted().joined(separator: ", "))",
            sourceLocation: sourceLocation)
    }

    /// The step `name`, which must have exited `status`.
    func record(_ name: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> Record {
        let found = try record(name, sourceLocation: sourceLocation)
        try #require(found.status == status, "expected exit \(status) from \(found)", sourceLocation: sourceLocation)
        return found
    }

    // MARK: - Running it once

    /// The one run, made by the first test that asks; every test of the suite reads it.
    static let shared: Result<WiFiTestMachine, Failure> = Result { () throws(Failure) in try run() }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let qemu = "/usr/bin/qemu-system-x86_64"

    private static func run() throws(Failure) -> WiFiTestMachine {
        guard FileManager.default.isExecutableFile(atPath: qemu) else {
            throw Failure(
                description: "\(qemu) is missing, so the WiFi reader cannot be tested against a real kernel; "
                    + "run scripts/install-deps.sh (it installs qemu-system-x86 and the rest)")
        }
        let folder = packageRoot + "/.build/wifi-vm"
        let attendance = BuiltExecutable.path(of: "attendance", packageRoot: packageRoot)
        let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"]

        let image = try start(
            "/bin/bash", [packageRoot + "/scripts/wifi-vm/build-image.sh", folder, attendance],
            environment: environment, folder: NSTemporaryDirectory())
        guard image.finish(timeout: 300) == .exited(0) else {
            throw Failure(
                description: "the WiFi test machine's image could not be built (\(image.status)): "
                    + image.errorText + image.outputText)
        }

        let console = folder + "/console.log"
        let results = folder + "/results.log"
        unlink(console)
        unlink(results)
        let machine = try start(
            qemu,
            [
                // KVM is offered on these machines but fails; plain emulation works everywhere.
                "-accel", "tcg", "-cpu", "max", "-smp", "2", "-m", "1536",
                "-nodefaults", "-display", "none", "-no-reboot",
                // Every process of the scenario shares the guest's clock; it starts on a fixed
                // Monday morning, so no result depends on the day or hour the test runs.
                "-rtc", "base=\(Self.clockBase)",
                "-kernel", folder + "/vmlinuz", "-initrd", folder + "/initrd.cpio",
                "-append", "console=ttyS0 loglevel=4 panic=-1",
                "-serial", "file:" + console, "-serial", "file:" + results,
            ], environment: environment, folder: NSTemporaryDirectory())
        let ended = machine.finish(timeout: timeout)
        let reported = (try? String(contentsOfFile: results, encoding: .utf8)) ?? ""
        let consoleTail = ((try? String(contentsOfFile: console, encoding: .utf8)) ?? "").suffix(3000)
        guard ended != nil else {
            throw Failure(
                description: "the WiFi test machine did not power off within \(Int(timeout)) s and was killed; "
                    + "its last results:\n\(reported.suffix(1500))\nits console ends:\n\(consoleTail)")
        }
        guard ended == .exited(0) else {
            throw Failure(
                description: "QEMU ended with \(machine.status): \(machine.errorText)\nconsole:\n\(consoleTail)")
        }
        let run = try parse(
            reported, imageSeconds: image.seconds ?? 0, qemuSeconds: machine.seconds ?? 0, console: String(consoleTail))
        print(
            "WiFi test machine: image built in \(String(format: "%.1f", run.imageSeconds)) s; QEMU ran "
                + "\(String(format: "%.1f", run.qemuSeconds)) s, of which the kernel's boot to /init "
                + "\(String(format: "%.1f", run.bootedAt)) s and the scenario "
                + "\(String(format: "%.1f", run.endedAt - run.bootedAt)) s (guest uptime)")
        return run
    }

    private static func start(
        _ program: String, _ arguments: [String], environment: [String: String], folder: String
    ) throws(Failure) -> ChildProcess {
        do {
            return try ChildProcess(
                program, arguments.map { Array($0.utf8) }, environment: environment, folder: folder)
        } catch {
            throw Failure(description: "could not start \(program): \(error)")
        }
    }

    private static func parse(
        _ text: String, imageSeconds: Double, qemuSeconds: Double, console: String
    ) throws(Failure) -> WiFiTestMachine {
        var records: [String: Record] = [:]
        var bootedAt: Double?
        var endedAt: Double?
        let decode = { (field: Substring) -> String in
            field == "-" ? "" : String(decoding: Data(base64Encoded: String(field)) ?? Data(), as: UTF8.self)
        }
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard fields.first == "@@", fields.count >= 3 else { continue }
            let uptime = fields[2].hasPrefix("uptime=") ? Double(fields[2].dropFirst(7)) : nil
            switch fields[1] {
            case "booted": bootedAt = uptime
            case "end": endedAt = uptime
            case "record" where fields.count == 7:
                let name = String(fields[2])
                records[name] = Record(
                    name: name, status: Int32(fields[3]) ?? -1, uptime: Double(fields[4]) ?? 0,
                    out: decode(fields[5]), err: decode(fields[6]))
            default: continue
            }
        }
        guard let bootedAt, let endedAt else {
            throw Failure(
                description: "the WiFi test machine powered off before its scenario ended; its results:\n"
                    + "\(text.suffix(1500))\nits console ends:\n\(console)")
        }
        return WiFiTestMachine(
            records: records, imageSeconds: imageSeconds, qemuSeconds: qemuSeconds, bootedAt: bootedAt,
            endedAt: endedAt)
    }
}
