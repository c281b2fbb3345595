import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import AttendanceTestSupport
import Foundation

/// Runs commands in-process against a temporary store, with captured output and a fixed clock.
final class CommandHarness: @unchecked Sendable {
    let folder: String
    let storePath: String
    var environment: [String: String]
    var now: Date
    var input: [String] = []

    init(now: Date = Date(timeIntervalSince1970: 1_795_250_000)) {
        folder = NSTemporaryDirectory() + "attendance-commands-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        storePath = folder + "/store.sqlite"
        environment = ["ATTENDANCE_STORE": storePath, "ATTENDANCE_CONFIG": folder + "/none.toml", "HOME": folder]
        self.now = now
        // No config file unless a test writes one: point at an empty one.
        _ = FileManager.default.createFile(atPath: folder + "/none.toml", contents: Data())
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Creates the (empty) store, for a test whose commands only read it: only the setting-up
    /// commands create one.
    func createStore() throws {
        _ = try AttendanceStore(path: storePath)
    }

    struct Result {
        let status: Int32
        let out: String
        let err: String
    }

    /// Points the commands at the catalogs `make po` built, as the development build reads them.
    func readBuiltCatalogs() {
        environment["ATTENDANCE_LOCALEDIR"] =
            ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/locale").path
    }

    func writeConfig(_ text: String) {
        _ = FileManager.default.createFile(atPath: folder + "/none.toml", contents: Data(text.utf8))
    }

    @discardableResult
    func run(_ arguments: String...) -> Result { run(arguments) }

    func run(_ arguments: [String]) -> Result {
        let out = CapturingSink()
        let err = CapturingSink()
        let status = Attendance.run(arguments, in: context(out: out, err: err))
        return Result(status: status, out: out.text, err: err.text)
    }

    /// A context with this harness's environment, clock and input.
    func context(out: CapturingSink = CapturingSink(), err: CapturingSink = CapturingSink()) -> Context {
        let fixed = now
        let lines = LockedQueue(input)
        return Context(
            out: Console(sink: out, usesColor: false), err: Console(sink: err, usesColor: false),
            readLine: { lines.next() }, readSecret: { _ in lines.next() }, environment: environment,
            now: { fixed }, userName: "tester", isRoot: false,
            hostZone: LocalZone(identifier: "Asia/Kolkata")!, outputIsTerminal: false)
    }
}

/// Lines of input handed out one at a time, safely from any thread.
final class LockedQueue: @unchecked Sendable {
    private var items: [String]
    private let lock = NSLock()
    init(_ items: [String]) { self.items = items }
    func next() -> String? {
        lock.lock()
        defer { lock.unlock() }
        return items.isEmpty ? nil : items.removeFirst()
    }
}

extension CommandHarness {
    /// E001's punch taken at the kiosk at local time `local` in Asia/Kolkata (there is no kiosk
    /// in these tests: straight into the store); its id.
    @discardableResult
    func kiosk(_ kind: PunchKind, _ local: String) throws -> Int64 {
        let zone = LocalZone(identifier: "Asia/Kolkata")!
        let policy = Policy(zone: zone)
        let instant = try zone.instant(parsingLocal: local)
        let store = try AttendanceStore(path: storePath)
        let attempt = PunchAttempt(
            employeeID: 1, kind: kind, instant: instant, zone: zone.identifier, source: .simulated,
            ssid: try SSID(parsing: "OfficeNet"), bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"), location: "HQ")
        let outcome = try store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
            policy.decide(kind, at: instant, recent: $0)
        }
        guard case .recorded(let punch, _) = outcome else { throw StoreError.ioError("\(outcome)") }
        return punch.id
    }
}
