import AttendanceTestSupport
import Foundation
import Testing

/// The kiosk running in a real pseudo-terminal: a private tmux server per session
/// (``TmuxPane``), on a sandbox, with waits that fail the test at the caller's line.
final class KioskSession {
    let sandbox: Sandbox
    let pane: TmuxPane
    var name: String { pane.name }

    /// Starts `attendance kiosk` (behind `prefix`, e.g. setpriv) on the sandbox's clock in an
    /// 80×24 pane; the shell around it records how the terminal looks after the kiosk ends.
    init(sandbox: Sandbox, prefix: String = "", environment: [String: String] = [:], size: (Int, Int) = (80, 24)) throws
    {
        self.sandbox = sandbox
        var env = sandbox.environment.merging(["LANG": "C.UTF-8", "ATTENDANCE_PEPPER": sandbox.folder + "/pepper"]) {
            $1
        }
        env.merge(environment) { $1 }
        let exports = env.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let after = "stty -a > '\(sandbox.folder)/stty-after'; echo KIOSK-ENDED $?; sleep 30"
        let command = "env \(exports) \(prefix) '\(Executable.attendance)' kiosk; \(after)"
        pane = try TmuxPane(
            socket: "attendance-test-" + UUID().uuidString.prefix(8), folder: sandbox.folder, size: size,
            command: command)
    }

    deinit {
        // The kiosk ends on SIGTERM first, so it restores the terminal and leaves nothing behind.
        if let pid = try? kioskPID() {
            let grandchildren =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            let wrapped = grandchildren.split(separator: " ").compactMap { pid_t($0) }
            for kiosk in wrapped.isEmpty ? [pid] : wrapped { kill(kiosk, SIGTERM) }
            _ = try? pane.screen(until: { $0.contains("KIOSK-ENDED") }, timeout: 3)
        }
        pane.killServer()
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String { try pane.tmux(arguments) }

    /// Types `keys` (tmux key names like "Enter", "C-c", or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws { try pane.send(keys, literal: literal) }

    /// The visible screen as text.
    func screen() throws -> String { try pane.screen() }

    /// The visible screen with its attributes as escape sequences (`capture-pane -e`).
    func rawScreen() throws -> String { try pane.rawScreen() }

    func format(_ variable: String) throws -> String { try pane.format(variable) }

    /// Waits until the screen contains `text` and returns it. When it does not within `timeout`
    /// seconds, the test fails at the caller's line with the last screen seen, and this throws.
    @discardableResult
    func waitFor(
        _ text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> String
    {
        try waitFor(anyOf: [text], timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Waits until the screen contains any of `texts`; fails at the caller's line on a timeout.
    @discardableResult
    func waitFor(
        anyOf texts: [String], timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws -> String
    {
        let last = try pane.screen(until: { screen in texts.contains { screen.contains($0) } }, timeout: timeout)
        try #require(
            texts.contains { last.contains($0) },
            "waited \(timeout) s for \(texts) on the kiosk's screen; it shows:\n\(last)",
            sourceLocation: sourceLocation)
        return last
    }

    /// Waits until the screen shows none of `texts` any more (a screen going away).
    @discardableResult
    func waitUntilGone(
        _ text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws -> String
    {
        let last = try pane.screen(until: { !$0.contains(text) }, timeout: timeout)
        try #require(
            !last.contains(text), "waited \(timeout) s for \"\(text)\" to go; the screen still shows:\n\(last)",
            sourceLocation: sourceLocation)
        return last
    }

    /// From an employee's menu: R, the form on the day it offers, `leftAt` ("1800") and `reason`,
    /// Enter; returns the form as it first showed and the screen that says the request was sent.
    @discardableResult
    func askForCorrection(
        leftAt: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (form: String, sent: String) {
        try send("r")
        let form = try waitFor("Left at (HH:MM):", sourceLocation: sourceLocation)
        try send(leftAt, "Tab")
        try send(reason, literal: true)
        try waitFor(reason, sourceLocation: sourceLocation)
        try send("Enter")
        return (form, try waitFor("Request sent", sourceLocation: sourceLocation))
    }

    /// The process id of the kiosk: the child of the pane's shell.
    func kioskPID() throws -> Int32? {
        guard let shell = try pane.panePID() else { return nil }
        let children = try Executable.runProgram("/usr/bin/pgrep", ["-P", String(shell)])
        return children.split(separator: "\n").compactMap { Int32($0) }.first
    }
}

extension Executable {
    /// Runs any program and returns its standard output.
    static func runProgram(_ path: String, _ arguments: [String]) throws -> String {
        try ChildProcess.run(path, arguments, environment: ["PATH": "/usr/bin:/bin"]).outputText
    }
}
