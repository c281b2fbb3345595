import Foundation

/// A program started with posix_spawn for tests that must kill it at any moment, bound its
/// time, measure the CPU it used, or read its output byte for byte.
///
/// Standard output and error go to files (nothing can stall on a full pipe, and whatever was
/// written before a SIGKILL is still there); standard input comes from a file. Arguments are
/// bytes, so a test can hand over invalid UTF-8 exactly as a shell would.
public final class ChildProcess {
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    public let pid: pid_t
    public let started = Date()
    private let outputPath: String
    private let errorPath: String
    public private(set) var termination: Termination?
    /// Wall-clock seconds from spawn to the end, once it ended.
    public private(set) var seconds: Double?
    /// User plus system CPU seconds, once it ended.
    public private(set) var cpuSeconds: Double?
    /// The largest resident set it had (`ru_maxrss`), in kilobytes, once it ended.
    public private(set) var peakKilobytes: Int?

    /// Starts `program` with `arguments` (bytes, no terminating NUL) and exactly `environment`.
    public init(
        _ program: String, _ arguments: [[UInt8]], environment: [String: String], input: [UInt8] = [], folder: String
    )
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
        // Nothing else of the test runner's: a child started while another thread holds a pipe
        // to its own child (Foundation's Process, for ncal) would keep that pipe open, and the
        // reader would wait for its end as long as this child lives (ScenarioClock's faketime
        // holder: two hours).
        // (glibc 2.34's posix_spawn_file_actions_addclosefrom_np; Swift's Glibc does not import it.)
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else { throw POSIXError(.ENOSYS) }
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

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    )
    .map { unsafeBitCast($0, to: CloseFrom.self) }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: 10)
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Sends `signal`; harmless once the process has ended (it is not reaped until `wait`).
    public func send(_ signal: Int32) { if termination == nil { kill(pid, signal) } }

    /// Waits until the process ends, at most `timeout` seconds: its termination, or nil when it
    /// is still running.
    @discardableResult
    public func wait(timeout: Double) -> Termination? {
        if let termination { return termination }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let ended = reap(blocking: false) { return ended }
            if errno != 0 && errno != EINTR { return nil }
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Waits, without polling, until the process ends: `seconds` is then exact to the reap,
    /// which is what a benchmark of whole processes needs.
    @discardableResult
    public func waitToEnd() -> Termination? {
        if let termination { return termination }
        while true {
            if let ended = reap(blocking: true) { return ended }
            if errno != EINTR { return nil }
        }
    }

    /// One wait4; records the end when the process was reaped. errno is 0 when it still runs.
    private func reap(blocking: Bool) -> Termination? {
        var status: Int32 = 0
        var usage = rusage()
        errno = 0
        let reaped = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        guard reaped == pid else { return nil }
        seconds = Date().timeIntervalSince(started)
        cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        peakKilobytes = Int(usage.ru_maxrss)
        let low = status & 0x7F
        termination = low == 0 ? .exited((status >> 8) & 0xFF) : .signalled(low)
        return termination
    }

    /// Waits at most `timeout` seconds, then kills it: the termination, or nil when it had to be
    /// killed (it hung).
    @discardableResult
    public func finish(timeout: Double) -> Termination? {
        if let done = wait(timeout: timeout) { return done }
        kill(pid, SIGKILL)
        wait(timeout: 10)
        return nil
    }

    /// Everything written to standard output so far.
    public var output: [UInt8] { Array(FileManager.default.contents(atPath: outputPath) ?? Data()) }
    public var errors: [UInt8] { Array(FileManager.default.contents(atPath: errorPath) ?? Data()) }
    public var outputText: String { String(decoding: output, as: UTF8.self) }
    public var errorText: String { String(decoding: errors, as: UTF8.self) }
}

extension ChildProcess {
    /// Runs `program` with `arguments` and exactly `environment` to its end (a blocking wait),
    /// `input` on its standard input, its output kept in `folder` until the value goes.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String], input: String = "",
        folder: String = NSTemporaryDirectory()
    ) throws -> ChildProcess {
        let child = try ChildProcess(
            program, arguments.map { Array($0.utf8) }, environment: environment, input: Array(input.utf8),
            folder: folder)
        child.waitToEnd()
        return child
    }

    /// The exit status, or 128 + the signal that ended it, as a shell says it; -1 while running.
    public var status: Int32 {
        switch termination {
        case .exited(let code)?: code
        case .signalled(let signal)?: 128 + signal
        case nil: -1
        }
    }
}
