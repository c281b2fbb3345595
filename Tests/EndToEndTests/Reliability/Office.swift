import AttendanceTestSupport
import Foundation
import Testing

/// The office the reliability tests work in: a simulated WiFi link that is allowed, the
/// duplicate window off (so IN and OUT can follow each other at once), and workers W001….
enum Office {
    static let bssid = "aa:bb:cc:dd:ee:01"

    /// The configuration: the scenario's zone, the duplicate window (0 s unless said otherwise;
    /// nil leaves the policy's default), `policy` lines, the simulated link on `link`, and the
    /// kiosk's table with `kiosk` lines.
    static func config(
        policy: String = "", kiosk: String = "", link: String = bssid, duplicatePunchSeconds: Int? = 0
    ) -> String {
        """
        [policy]
        timezone = "\(ScenarioClock.zoneName)"
        \(duplicatePunchSeconds.map { "duplicate_punch_seconds = \($0)" } ?? "")
        \(policy)
        [wifi]
        source = "simulated"
        ssid = "OfficeNet"
        bssid = "\(link)"
        [kiosk]
        office_name = "Test Office"
        \(kiosk.contains("confirm_seconds") ? "" : "confirm_seconds = 30")
        \(kiosk)
        """
    }

    static func code(_ number: Int) -> String { "W" + String(format: "%03d", number) }

    /// A sandbox whose store already has `employees` workers and the office access point. The
    /// store is built once per size with the real commands and copied for each test.
    static func sandbox(employees: Int = 4, policy: String = "", kiosk: String = "") throws -> Sandbox {
        let sandbox = Sandbox(config: config(policy: policy, kiosk: kiosk))
        try FileManager.default.copyItem(
            atPath: try Templates.shared.store(employees: employees), toPath: sandbox.store)
        return sandbox
    }
}

/// Stores with N workers, built once per test run and removed when it ends.
private final class Templates: @unchecked Sendable {
    static let shared = Templates()
    private let lock = NSLock()
    private var stores: [Int: String] = [:]
    private var folders: [Sandbox] = []

    private init() {
        // Statics are never deinitialised: remove the templates' folders when the tests end.
        atexit { Templates.shared.removeAll() }
    }

    private func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for sandbox in folders { try? FileManager.default.removeItem(atPath: sandbox.folder) }
    }

    func store(employees: Int) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built = stores[employees] { return built }
        let sandbox = Sandbox(config: Office.config())
        for number in 1...employees {
            let added = try sandbox.run(
                "employee", "add", Office.code(number), "--name", "Worker \(number)", "--start-date", "2020-01-01")
            guard added.status == 0 else { throw TemplateFailure(message: added.err) }
        }
        let allowed = try sandbox.run(
            "wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "HQ lobby")
        guard allowed.status == 0 else { throw TemplateFailure(message: allowed.err) }
        folders.append(sandbox)  // kept, with its folder, until the tests end
        stores[employees] = sandbox.store
        return sandbox.store
    }

    struct TemplateFailure: Error { let message: String }
}

// MARK: - What may reach a terminal

/// Everything in `bytes` that could act on a terminal: invalid UTF-8, control characters other
/// than line feed and tab (a carriage return only before a line feed), DEL, C1 controls, the
/// bidirectional overrides and isolates, line and paragraph separators. Empty when the bytes
/// are safe to show. The rule is written out here rather than taken from the product, so the
/// test does not trust what it checks.
func terminalHazards(in bytes: [UInt8]) -> [String] {
    guard let text = String(validating: bytes, as: UTF8.self) else {
        return ["invalid UTF-8"]
    }
    var found: [String] = []
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        let value = scalar.value
        let isLayout =
            value == 0x0A || value == 0x09 || (value == 0x0D && index + 1 < scalars.count && scalars[index + 1] == "\n")
        if isLayout { continue }
        let hazardous =
            value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x2028
            || value == 0x2029
        if hazardous { found.append(String(format: "U+%04X at scalar %d", value, index)) }
        if found.count == 5 { break }
    }
    return found
}

// MARK: - Files

/// The bytes of a file, or an empty array when it does not exist.
func contents(of path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

/// The size of a file in bytes, 0 when it does not exist.
func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// The screen's words with every run of white space made one space, so a sentence the kiosk
/// wrapped over lines can be found whole.
func words(of screen: String) -> String {
    screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// Whether this process may mount file systems (root with CAP_SYS_ADMIN): the tests that need
/// a tiny tmpfs run only then; the same behaviour is also tested through `prlimit --fsize`,
/// which needs no privilege.
let canMount: Bool = {
    guard geteuid() == 0 else { return false }
    let probe = NSTemporaryDirectory() + "attendance-mount-probe-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard (try? runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]))?.status == 0 else {
        return false
    }
    return (try? runTool("/bin/umount", [probe]))?.status == 0
}()

/// Whether a file in the temporary folder can be made immutable (`chattr +i`: root, and a file
/// system that keeps the flag).
let canMakeImmutable: Bool = {
    guard geteuid() == 0 else { return false }
    let probe = NSTemporaryDirectory() + "attendance-chattr-probe-" + UUID().uuidString
    guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
    defer {
        _ = try? runTool("/usr/bin/chattr", ["-i", probe])
        unlink(probe)
    }
    return (try? runTool("/usr/bin/chattr", ["+i", probe]))?.status == 0
}()

/// Runs a tool and returns its exit status and combined output.
@discardableResult
func runTool(
    _ path: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
)
    throws -> (status: Int32, output: String)
{
    let folder = NSTemporaryDirectory()
    let child = try ChildProcess(path, arguments.map { Array($0.utf8) }, environment: environment, folder: folder)
    guard case .exited(let status)? = child.finish(timeout: 60) else { return (-1, child.outputText + child.errorText) }
    return (status, child.outputText + child.errorText)
}

/// A small tmpfs mounted inside a sandbox for one test: a disk that can be filled and emptied.
final class TinyDisk {
    let path: String
    private var filler: String { path + "/filler" }
    private var mounted = false

    init(in folder: String, kilobytes: Int) throws {
        path = folder + "/tiny-disk"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path])
        guard result.status == 0 else { throw MountFailure(message: result.output) }
        mounted = true
    }

    deinit { unmount() }

    /// Takes every free byte with one file (ENOSPC ends it); returns the bytes written.
    @discardableResult
    func fill() -> Int {
        let fd = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var total = 0
        for chunk in [65536, 4096, 512, 1] {
            let zeros = [UInt8](repeating: 0, count: chunk)
            while zeros.withUnsafeBytes({ write(fd, $0.baseAddress, chunk) }) == chunk { total += chunk }
        }
        return total
    }

    /// Removes the filler: the space is free again.
    func free() { unlink(filler) }

    /// Unmounts (lazily when something still has a file open there); safe to call twice.
    func unmount() {
        guard mounted else { return }
        mounted = false
        if (try? runTool("/bin/umount", [path]))?.status != 0 { _ = try? runTool("/bin/umount", ["-l", path]) }
    }

    struct MountFailure: Error { let message: String }
}

/// A value shared by test threads, behind a lock.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    var current: Value { withLock { $0 } }
}

/// The median of some numbers (0 for none).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Runs `body(0)` … `body(count - 1)` each on a thread of its own (not a thread pool sized to
/// the cores: the bodies mostly wait on child processes) and returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            body(index)
            done.leave()
        }
        thread.start()
    }
    done.wait()
}

/// A sandbox is a folder name and nothing mutable: threads may share it.
extension Sandbox: @unchecked Sendable {}

/// One thread at a time drives a kiosk; the session itself is names and a sandbox.
extension KioskSession: @unchecked Sendable {}
