import Foundation

/// The kiosk's hold on its terminal: raw keys, the alternate screen, no cursor — and the
/// promise to put everything back on every way out.
///
/// In raw mode the terminal no longer turns Ctrl-C, Ctrl-Z, Ctrl-\ or Ctrl-D into signals or
/// end of input: they arrive as bytes, which the kiosk ignores. `restore()` is idempotent and
/// is called on normal exit, on SIGTERM/SIGHUP, and when input ends.
public final class RawTerminal {
    public let input: Int32
    public let output: Int32
    private var saved = termios()
    private var active = false

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    public enum Failure: Error, CustomStringConvertible {
        case notATerminal
        public var description: String {
            "the kiosk needs a terminal (run it on a console or in a terminal window, not through a pipe)"
        }
    }

    /// Enters raw mode and the alternate screen, hides the cursor.
    public func enter() throws {
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &saved) == 0 else { throw Failure.notATerminal }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | IXOFF)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSAFLUSH, &raw)
        active = true
        // Alternate screen, cursor hidden, no line wrap at the right edge.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
    }

    /// Puts the terminal back exactly as it was found. Safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSAFLUSH, &saved)
    }

    deinit { restore() }

    /// The window size, falling back to 80×24 when the terminal does not say.
    public var size: TerminalSize {
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
        }
        return TerminalSize(columns: 80, rows: 24)
    }

    /// Writes `text` (already rendered: escape sequences included) in full.
    public func write(_ text: String) { FileDescriptorSink(fd: output).write(text) }

    /// Reads what is waiting on the input, at most 1 KiB; nil when the input has ended.
    public func readAvailable() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        return count == 0 ? nil : Array(buffer[0..<count])
    }

    /// Clears the whole screen, as after a resize (the next frame redraws everything).
    public func clearScreen() { write("\u{1B}[2J") }

    /// What woke a wait: the keyboard, the signal pipe, or neither (the time ran out).
    public struct Readiness: Sendable {
        /// Keys are waiting, or the terminal hung up (the next read says which).
        public let input: Bool
        /// The signal pipe has something to drain.
        public let signal: Bool
    }

    /// Waits at most `milliseconds` for keys on this terminal or a byte on `signals`. A wait
    /// interrupted by a signal returns early with what is ready; any other poll failure counts
    /// as the terminal going away, so the caller's loop ends instead of spinning.
    public func waitForInput(signals: Int32, milliseconds: Int32) -> Readiness {
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, max(0, milliseconds))
        if ready < 0 { return Readiness(input: errno != EINTR, signal: errno == EINTR) }
        return Readiness(
            input: fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, signal: fds[1].revents != 0)
    }
}
