import Foundation

/// A program in the pane of a private tmux server, driven the way a person types: keys sent
/// with `send-keys`, the screen read with `capture-pane`. The one kiosk driver of the end-to-end
/// tests and of `attendance-bench`.
///
/// The server has its own socket (`-L`) and no configuration file. Every tmux client is a
/// ``ChildProcess``: Foundation's Process does not always notice a tmux client exit once the
/// client has started a server daemon (the client is left a zombie and waitUntilExit never
/// returns), and posix_spawn starts it with every signal unblocked and at its default, whatever
/// the calling thread has blocked, so the program in the pane sees signals as it would under a
/// real terminal.
public final class TmuxPane: Sendable {
    /// A tmux client that did not exit 0.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The server's socket name.
    public let socket: String
    /// The session, and the target of every command.
    public let name: String
    /// Where client output is collected for a moment.
    public let folder: String

    /// Starts `command`, a shell command line, in a new detached session `name` of `size`
    /// (columns, rows) on a new server `socket`.
    public init(
        socket: String, name: String = "kiosk", folder: String, size: (Int, Int) = (80, 24), command: String
    ) throws {
        (self.socket, self.name, self.folder) = (socket, name, folder)
        let started = try client(["new-session", "-d", "-s", name, "-x", String(size.0), "-y", String(size.1), command])
        guard started.status == 0 else {
            throw Failure(description: "tmux new-session exited \(started.status): \(started.text)")
        }
    }

    /// Runs one tmux client with `arguments` (at most 60 s): what it wrote, output then errors.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String { try client(arguments).text }

    private func client(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let argv = ["-L", socket, "-f", "/dev/null"] + arguments
        let child = try ChildProcess(
            "/usr/bin/tmux", argv.map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"], folder: folder)
        child.wait(timeout: 60)
        return (child.status, child.outputText + child.errorText)
    }

    /// Types `keys` (tmux key names like "Enter", "C-c", or literal text with `literal`).
    public func send(_ keys: [String], literal: Bool = false) throws {
        try tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text.
    public func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// The visible screen with its attributes as escape sequences (`capture-pane -e`).
    public func rawScreen() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", name]) }

    /// A tmux format of the pane, such as `#{pane_pid}` or `#{alternate_on}`.
    public func format(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, variable]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the pane's program (the shell, unless the command was `exec`'d).
    public func panePID() throws -> Int32? { Int32(try format("#{pane_pid}")) }

    /// Reads the screen every `interval` seconds until `done` says so of it or `timeout` seconds
    /// pass: the last screen read.
    public func screen(
        until done: (String) -> Bool, timeout: Double, interval: Double = 0.05
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while !done(last), Date() < deadline {
            Thread.sleep(forTimeInterval: interval)
            last = try screen()
        }
        return last
    }

    /// Ends the server and everything in it (the program gets SIGHUP).
    public func killServer() { Self.killServer(socket: socket) }

    /// Ends the server on `socket`, if one is up, and removes the socket file, which a killed
    /// server leaves behind.
    public static func killServer(socket: String) {
        _ = try? ChildProcess.run(
            "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "kill-server"], environment: ["PATH": "/usr/bin:/bin"])
        // The clients run without TMUX_TMPDIR, so the socket is in tmux's default folder.
        unlink("/tmp/tmux-\(getuid())/\(socket)")
    }
}
