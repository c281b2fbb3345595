import AttendanceTestSupport
import Foundation
import Testing

/// The built `attendance` executable, run as a separate process the way people and scripts run it.
struct Executable {
    /// Next to the test bundle, in the same build folder.
    static let attendance = BuiltExecutable.path(
        of: "attendance",
        packageRoot: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path)

    struct Result {
        let status: Int32
        let out: String
        let err: String
        let seconds: Double
    }

    /// The minimal environment every run starts from.
    static var baseEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TZ": ScenarioClock.zoneName]
    }

    /// Runs `attendance` with `arguments` and `environment` added to a minimal one; `input` is
    /// its standard input. At most two minutes; a run that hangs is killed and fails the test.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String = "", prefix: [String] = []
    ) throws -> Result {
        var env = baseEnvironment
        env.merge(environment) { $1 }
        let program = prefix.first ?? attendance
        let child = try ChildProcess(
            program,
            (prefix.isEmpty ? arguments : prefix.dropFirst() + [attendance] + arguments).map { Array($0.utf8) },
            environment: env, input: Array(input.utf8), folder: NSTemporaryDirectory())
        let ended = child.finish(timeout: 120)
        try #require(ended != nil, "attendance \(arguments.joined(separator: " ")) hung for two minutes")
        return Result(status: child.status, out: child.outputText, err: child.errorText, seconds: child.seconds ?? 0)
    }
}

/// A temporary folder with a store path and a config path for one test, and the clock every
/// process of the test runs on.
final class Sandbox {
    let folder: String
    let clock: ScenarioClock
    var store: String { folder + "/attendance.sqlite" }
    var config: String { folder + "/attendance.toml" }

    init(config: String = "") {
        folder = NSTemporaryDirectory() + "attendance-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        clock = ScenarioClock(folder: folder)
        _ = FileManager.default.createFile(atPath: self.config, contents: Data(config.utf8))
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The store, the configuration and the scenario's clock.
    var environment: [String: String] {
        clock.environment.merging(["ATTENDANCE_STORE": store, "ATTENDANCE_CONFIG": config]) { $1 }
    }

    func run(_ arguments: String..., input: String = "", extra: [String: String] = [:]) throws -> Executable.Result {
        try Executable.run(arguments, environment: environment.merging(extra) { $1 }, input: input)
    }

    /// What the sqlite3 tool prints for `sql` on the store, its errors included.
    func sqlite(_ sql: String) throws -> String {
        let run = try ChildProcess.run("/usr/bin/sqlite3", [store, sql], environment: [:], folder: folder)
        return run.outputText + run.errorText
    }
}
