import Foundation

/// Starting programs for the benchmarks: with `posix_spawn` and `waitpid`, never Foundation's
/// `Process`.
///
/// `Process` runs a thread of its own per child and loses track of a tmux client once it has
/// started its server daemon (the test suite met this: the client stays a zombie and
/// `waitUntilExit` never returns). `posix_spawn` is also the cheapest way to start a process,
/// which matters when the process itself is what is timed.
enum ChildProcess {
    /// How a program ended, and how long it ran (from spawning to reaping).
    struct Exit {
        let status: Int32
        let seconds: Double
        /// Standard output and error together, when asked for.
        let output: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `path` with `arguments` in exactly `environment`, waits for it, and returns how it
    /// ended. Standard input is /dev/null; standard output and error go to /dev/null unless
    /// `captureIn` names a file to collect them in (read back into ``Exit/output``).
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], captureIn: String? = nil
    ) throws -> Exit {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, captureIn ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Every signal unblocked and at its default in the child, whatever this process has set:
        // the kiosk must see signals as it would under a real terminal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = [path] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waiting for \(path) failed: errno \(errno)") }
        }
        let elapsed = start.duration(to: clock.now)
        let output = captureIn.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Exit(status: code, seconds: elapsed.seconds, output: output)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    var milliseconds: Double { seconds * 1000 }
}
