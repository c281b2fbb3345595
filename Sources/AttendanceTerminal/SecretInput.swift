import Foundation

/// Reading a secret (a PIN) from standard input without showing it.
public enum SecretInput {
    /// On a terminal: writes `prompt` to standard error, turns echo off, reads one line and puts
    /// the terminal back as it was, whatever happens. From a pipe: reads one line silently.
    public static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        FileDescriptorSink(fd: STDERR_FILENO).write(prompt.terminalSafe)
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine(strippingNewline: true) }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        return Swift.readLine(strippingNewline: true)
    }
}
