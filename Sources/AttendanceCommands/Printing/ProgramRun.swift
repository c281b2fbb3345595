import Foundation

/// Runs a helper program (CUPS's `lp`, `lpstat`) to its end: its input written, its output
/// read, its exit status reaped, all on this thread with `poll` and `waitpid`.
///
/// Foundation's `Process` was used here before; it sometimes never noticed that `lp` had
/// exited, and `attendance register --print` then hung for ever. A deadline on a monotonic
/// clock bounds the whole run instead.
struct ProgramRun {
    let status: Int32
    let out: [UInt8]
    let err: [UInt8]

    enum Failure: Error {
        /// posix_spawn failed with this errno.
        case cannotStart(Int32)
        /// Still running at the deadline; it was killed.
        case timedOut
    }

    /// Runs `program` with `arguments` and exactly `environment`, `input` on its standard input.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String], input: [UInt8], timeout: Double
    ) throws(Failure) -> ProgramRun {
        var stdin: [Int32] = [-1, -1]
        var stdout: [Int32] = [-1, -1]
        var stderr: [Int32] = [-1, -1]
        guard pipe(&stdin) == 0, pipe(&stdout) == 0, pipe(&stderr) == 0 else { throw .cannotStart(errno) }
        // Only the three ends handed over reach the program (dup2 clears the flag on those).
        for fd in stdin + stdout + stderr { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
        let argv = ([program] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv + [nil], envp + [nil])
        for fd in [stdin[0], stdout[1], stderr[1]] { close(fd) }
        guard spawned == 0 else {
            for fd in [stdin[1], stdout[0], stderr[0]] { close(fd) }
            throw .cannotStart(spawned)
        }

        var pending = input[...]
        var writer: Int32 = stdin[1]
        var readers: Set<Int32> = [stdout[0], stderr[0]]
        var collected: [Int32: [UInt8]] = [stdout[0]: [], stderr[0]: []]
        if pending.isEmpty {
            close(writer)
            writer = -1
        }
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while writer >= 0 || !readers.isEmpty {
            let left = deadline - ProcessInfo.processInfo.systemUptime
            if left <= 0 {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                ([writer] + readers).filter { $0 >= 0 }.forEach { close($0) }
                throw .timedOut
            }
            var fds = readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writer >= 0 { fds.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000) + 1) >= 0 || errno == EINTR else { break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == writer {
                    let written = pending.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                    if written > 0 { pending = pending.dropFirst(written) }
                    // A program that stops reading (EPIPE) gets no more; SIGPIPE is ignored by the caller.
                    if pending.isEmpty || (written < 0 && errno != EINTR && errno != EAGAIN) {
                        close(writer)
                        writer = -1
                    }
                } else {
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count > 0 {
                        collected[entry.fd, default: []].append(contentsOf: buffer[0..<count])
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(entry.fd)
                        readers.remove(entry.fd)
                    }
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProgramRun(status: exited, out: collected[stdout[0]] ?? [], err: collected[stderr[0]] ?? [])
    }
}
