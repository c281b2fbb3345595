import Foundation

/// Signals turned into bytes on a pipe, so the kiosk's one loop can wait for keys, signals
/// and the next clock tick with a single `poll`.
///
/// SIGTERM and SIGHUP end the kiosk (after restoring the terminal), SIGWINCH redraws it. The
/// other signals whose default would end the process where it stands (SIGUSR1, SIGUSR2, SIGALRM,
/// SIGVTALRM, SIGPROF, SIGIO, SIGPWR) end it the same orderly way, never with the terminal left raw.
/// SIGINT, SIGQUIT and SIGTSTP are ignored outright, so even a signal sent from outside
/// cannot stop or suspend the kiosk; SIGPIPE is ignored so a closed terminal is an error to
/// handle, not a crash.
public enum SignalPipe {
    public enum Event: Sendable, Equatable {
        case terminate
        case resize
    }

    /// Those that end the kiosk in order, and SIGWINCH.
    static let endingSignals = [SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR]
    static let watchedSignals = endingSignals + [SIGWINCH]

    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// Installs the handlers; returns the descriptor to poll.
    public static func install() -> Int32 {
        if readEnd >= 0 { return readEnd }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return -1 }
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        for ignored in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE] {
            signal(ignored, SIG_IGN)
        }
        for watched in watchedSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Foundation.write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(watched, &action, nil)
        }
        // A parent may hand down a mask with these blocked (a service manager, a test runner's
        // worker thread); then SIGTERM would wait for ever. Unblock what the kiosk relies on.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for watched in watchedSignals { sigaddset(&wanted, watched) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        return readEnd
    }

    /// The signals that arrived since the last call.
    public static func drain() -> [Event] {
        var events: [Event] = []
        var byte: UInt8 = 0
        while readEnd >= 0, Foundation.read(readEnd, &byte, 1) == 1 {
            switch Int32(byte) {
            case SIGWINCH: events.append(.resize)
            default: events.append(.terminate)
            }
        }
        return events
    }
}
