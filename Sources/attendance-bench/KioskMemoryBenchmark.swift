import AttendanceCore
import AttendanceStore
import AttendanceTestSupport
import Foundation

/// The kiosk's resident memory after many marks: the real `attendance kiosk` in a tmux pane,
/// driven with `send-keys` the way a person types.
///
/// A private tmux server (`-L`, no configuration file) runs the kiosk on a temporary store with
/// a simulated link, 50 employees and the duplicate window at 0 s. Each mark types a code and
/// Enter, waits for the menu, presses Enter (the action offered first: IN or OUT, whichever
/// applies), and waits for the confirmation. VmRSS and VmHWM come from /proc/PID/status of the
/// kiosk process, once idle before the first mark and once after the last; the store must then
/// hold exactly as many punches as marks were confirmed.
enum KioskMemoryBenchmark {
    struct Result {
        let marks: Int
        /// Kilobytes.
        let idleRSS: Int
        let finalRSS: Int
        let peakRSS: Int
        let seconds: Double
    }

    static func run(attendance: String, marks: Int, folder: String, timeLimit: Double) throws -> Result {
        let store = folder + "/kiosk.sqlite"
        let config = folder + "/attendance.toml"
        let zone = ReportBenchmarks.zone
        try Data(
            """
            [policy]
            timezone = "\(zone.identifier)"
            duplicate_punch_seconds = 0
            [wifi]
            source = "simulated"
            ssid = "OfficeNet"
            bssid = "aa:bb:cc:dd:ee:01"
            [kiosk]
            office_name = "Benchmark Office"
            confirm_seconds = 30
            idle_seconds = 600
            """.utf8
        ).write(to: URL(fileURLWithPath: config))
        var codes: [String] = []
        do {
            let setup = try AttendanceStore(path: store)
            for number in 1...50 {
                let code = "K\(number)"
                _ = try setup.addEmployee(
                    NewEmployee(
                        code: try EmployeeCode(parsing: code), name: try PersonName(parsing: "Kiosk User \(number)")),
                    actor: "bench")
                codes.append(code)
            }
            _ = try setup.allow(
                AllowedNetwork(
                    bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"), ssid: try SSID(parsing: "OfficeNet"),
                    location: "HQ lobby"),
                actor: "bench")
        }

        let tmux = Tmux(socket: "attendance-bench-\(getpid())", folder: folder)
        defer { tmux.killServer() }
        let exports = [
            "ATTENDANCE_STORE=\(store)", "ATTENDANCE_CONFIG=\(config)", "HOME=\(folder)", "LANG=C.UTF-8",
            "TZ=\(zone.identifier)", "TERM=xterm-256color",
        ].map { "'\($0)'" }.joined(separator: " ")
        // exec: the pane's process is the kiosk itself, so its pid is the pane's.
        try tmux.run([
            "new-session", "-d", "-s", "kiosk", "-x", "80", "-y", "24", "exec env \(exports) '\(attendance)' kiosk",
        ])
        guard try tmux.waitFor("Employee code", timeout: 20),
            let pid = Int32(
                try tmux.run(["display-message", "-p", "-t", "kiosk", "#{pane_pid}"]).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        else { throw BenchFailure(description: "the kiosk did not come up: \(try tmux.screen())") }
        let idle = try memory(of: pid)

        let started = Date()
        var done = 0
        for index in 0..<marks {
            guard Date().timeIntervalSince(started) < timeLimit else { break }
            try tmux.run(["send-keys", "-t", "kiosk", codes[index % codes.count], "Enter"])
            guard try tmux.waitFor("] Mark ", timeout: 10) else {
                throw BenchFailure(description: "no menu after mark \(index): \(try tmux.screen())")
            }
            try tmux.run(["send-keys", "-t", "kiosk", "Enter"])
            guard try tmux.waitFor("MARKED ", timeout: 10) else {
                throw BenchFailure(description: "no confirmation for mark \(index): \(try tmux.screen())")
            }
            done += 1
        }
        let seconds = Date().timeIntervalSince(started)
        let after = try memory(of: pid)
        let stored = try AttendanceStore(path: store).punchCount()
        guard stored == done else {
            throw BenchFailure(description: "\(done) marks confirmed on screen but the store holds \(stored)")
        }
        return Result(marks: done, idleRSS: idle.rss, finalRSS: after.rss, peakRSS: after.peak, seconds: seconds)
    }

    /// VmRSS and VmHWM of `pid`, in kilobytes.
    static func memory(of pid: Int32) throws -> (rss: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap {
                    Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
                }
        }
        guard let rss = field("VmRSS"), let peak = field("VmHWM") else {
            throw BenchFailure(description: "no VmRSS in /proc/\(pid)/status")
        }
        return (rss, peak)
    }
}

/// A private tmux server: its own socket, no configuration file, every client started with
/// ``ChildProcess`` (see there why not `Process`).
struct Tmux {
    let socket: String
    /// Where client output is collected for a moment.
    let folder: String

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let exit = try ChildProcess.run(
            "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        guard exit.status == 0 else {
            throw BenchFailure(
                description: "tmux \(arguments.first ?? "") exited \(exit.status): \((exit.outputText + exit.errorText))")
        }
        return (exit.outputText + exit.errorText)
    }

    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "kiosk"]) }

    /// Polls the screen until it shows `text`; false after `timeout` seconds.
    func waitFor(_ text: String, timeout: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try screen().contains(text) { return true }
            usleep(2_000)
        } while Date() < deadline
        return false
    }

    /// Ends the server and everything in it (the kiosk gets SIGHUP and restores the terminal),
    /// and removes the socket file, which a killed server leaves behind.
    func killServer() {
        _ = try? ChildProcess.run(
            "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "kill-server"], environment: ["PATH": "/usr/bin:/bin"])
        // The clients run without TMUX_TMPDIR, so the socket is in tmux's default folder.
        unlink("/tmp/tmux-\(getuid())/\(socket)")
    }
}
