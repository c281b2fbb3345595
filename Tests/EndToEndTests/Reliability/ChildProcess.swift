import Foundation

/// A program started with posix_spawn for tests that must kill it at any moment, bound its
/// time, measure the CPU it used, or read its output byte for byte.
///
/// Standard output and error go to files (nothing can stall on a full pipe, and whatever was
/// written before a SIGKILL is still there); standard input comes from a file. Arguments are
/// bytes, so a test can hand over invalid UTF-8 exactly as a shell would.
final class ChildProcess {
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    let pid: pid_t
    let started = Date()
    private let outputPath: String
    private let errorPath: String
    private(set) var termination: Termination?
    /// Wall-clock seconds from spawn to the end, once it ended.
    private(set) var seconds: Double?
    /// User plus system CPU seconds, once it ended.
    private(set) var cpuSeconds: Double?

    /// Starts `program` with `arguments` (bytes, no terminating NUL) and exactly `environment`.
    init(_ program: String, _ arguments: [[UInt8]], environment: [String: String], input: [UInt8] = [], folder: String)
        throws
    {
        let tag = UUID().uuidString
        outputPath = folder + "/child-\(tag).out"
        errorPath = folder + "/child-\(tag).err"
        let inputPath = folder + "/child-\(tag).in"
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(input)) else {
            throw POSIXError(.EIO)
        }
        defer { unlink(inputPath) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Every signal at its default and none blocked, whatever the test runner's thread has.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([Array(program.utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for argument in argv { argument?.deallocate() }
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv + [nil], envp + [nil])
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        self.pid = pid
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 10)
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Sends `signal`; harmless once the process has ended (it is not reaped until `wait`).
    func send(_ signal: Int32) { if termination == nil { kill(pid, signal) } }

    /// Waits until the process ends, at most `timeout` seconds: its termination, or nil when it
    /// is still running.
    @discardableResult
    func wait(timeout: Double) -> Termination? {
        if let termination { return termination }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var status: Int32 = 0
            var usage = rusage()
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid {
                seconds = Date().timeIntervalSince(started)
                cpuSeconds =
                    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
                    + Double(usage.ru_stime.tv_usec) / 1e6
                let low = status & 0x7F
                termination = low == 0 ? .exited((status >> 8) & 0xFF) : .signalled(low)
                return termination
            }
            if reaped < 0 && errno != EINTR { return nil }
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Waits at most `timeout` seconds, then kills it: the termination, or nil when it had to be
    /// killed (it hung).
    @discardableResult
    func finish(timeout: Double) -> Termination? {
        if let done = wait(timeout: timeout) { return done }
        kill(pid, SIGKILL)
        wait(timeout: 10)
        return nil
    }

    /// Everything written to standard output so far.
    var output: [UInt8] { Array(FileManager.default.contents(atPath: outputPath) ?? Data()) }
    var errors: [UInt8] { Array(FileManager.default.contents(atPath: errorPath) ?? Data()) }
    var outputText: String { String(decoding: output, as: UTF8.self) }
    var errorText: String { String(decoding: errors, as: UTF8.self) }
}

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
