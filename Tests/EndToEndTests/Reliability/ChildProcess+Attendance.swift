import AttendanceTestSupport
import Foundation

extension ChildProcess {
    /// `attendance` itself, behind `prefix` (e.g. faketime or setpriv) when given.
    static func attendance(
        _ arguments: [String], sandbox: Sandbox, environment: [String: String] = [:], input: String = "",
        prefix: [String] = []
    ) throws -> ChildProcess {
        try attendance(
            arguments.map { Array($0.utf8) }, sandbox: sandbox, environment: environment, input: Array(input.utf8),
            prefix: prefix)
    }

    static func attendance(
        _ arguments: [[UInt8]], sandbox: Sandbox, environment: [String: String] = [:], input: [UInt8] = [],
        prefix: [String] = []
    ) throws -> ChildProcess {
        var env = [
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": sandbox.folder, "LANG": "C.UTF-8",
        ]
        env.merge(sandbox.environment) { $1 }
        env.merge(environment) { $1 }
        let program = prefix.first ?? Executable.attendance
        let arguments =
            prefix.isEmpty
            ? arguments : prefix.dropFirst().map { Array($0.utf8) } + [Array(Executable.attendance.utf8)] + arguments
        return try ChildProcess(program, arguments, environment: env, input: input, folder: sandbox.folder)
    }
}

extension ChildProcess {
    /// `attendance` once the scenario's clock has been moved to `time` on the day `day` days from
    /// its start, run to its end within 30 seconds.
    static func attendance(
        _ arguments: [String], sandbox: Sandbox, day: Int = 0, at time: String, environment: [String: String] = [:],
        input: String = ""
    ) throws -> ChildProcess {
        sandbox.clock.set(day: day, time: time)
        let child = try attendance(arguments, sandbox: sandbox, environment: environment, input: input)
        child.finish(timeout: 30)
        return child
    }
}
