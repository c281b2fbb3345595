import Foundation

/// The built `attendance` executable, run as a separate process the way people and scripts run it.
struct Executable {
    /// Next to the test bundle, in the same build folder.
    static let attendance: String = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test bundle may be a folder (`….xctest/…`); walk up to the build folder.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("attendance").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/attendance").path
    }()

    struct Result {
        let status: Int32
        let out: String
        let err: String
        let seconds: Double
    }

    /// Runs `attendance` with `arguments` and `environment` added to a minimal one; `input` is
    /// written to its standard input. Output is read concurrently so a chatty run cannot stall.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String = "", prefix: [String] = []
    ) throws -> Result {
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: attendance)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [attendance] + arguments
        }
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TZ": ScenarioClock.zoneName]
        env.merge(environment) { $1 }
        process.environment = env
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        let started = Date()
        try process.run()
        inPipe.fileHandleForWriting.write(Data(input.utf8))
        try inPipe.fileHandleForWriting.close()
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        group.enter()
        DispatchQueue.global().async {
            out = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        err = errPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, out: String(decoding: out, as: UTF8.self),
            err: String(decoding: err, as: UTF8.self), seconds: Date().timeIntervalSince(started))
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

    func sqlite(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
