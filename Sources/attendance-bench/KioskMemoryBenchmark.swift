import AttendanceCore
import AttendanceStore
import AttendanceTestSupport
import Foundation

/// The kiosk's resident memory after many marks: the real `attendance kiosk` in a tmux pane,
/// driven with `send-keys` the way a person types.
///
/// A private tmux server (`-L`, no configuration file) runs the kiosk on a temporary store with
/// a simulated link, 50 employees and the duplicate window at 0 s. Each mark types a code and
/// Enter, waits for the menu, presses I or O (every employee's turns go IN, OUT, IN…; the kiosk
/// does not take a second Enter minutes after an IN for an OUT), and waits for the confirmation. VmRSS and VmHWM come from /proc/PID/status of the
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
        try BenchOffice.writeConfiguration(
            to: config, zone: zone,
            extra: """
                [kiosk]
                office_name = "Benchmark Office"
                confirm_seconds = 30
                idle_seconds = 600
                """)
        let codes = try BenchOffice.seed(store: store, employees: 50, code: "K", name: "Kiosk User")

        let exports = [
            "ATTENDANCE_STORE=\(store)", "ATTENDANCE_CONFIG=\(config)", "HOME=\(folder)", "LANG=C.UTF-8",
            "TZ=\(zone.identifier)", "TERM=xterm-256color",
        ].map { "'\($0)'" }.joined(separator: " ")
        // exec: the pane's process is the kiosk itself, so its pid is the pane's.
        let tmux = try TmuxPane(
            socket: socket, folder: folder, command: "exec env \(exports) '\(attendance)' kiosk")
        defer { tmux.killServer() }
        guard try waitFor("Employee code", on: tmux, timeout: 20), let pid = try tmux.panePID()
        else { throw BenchFailure(description: "the kiosk did not come up: \(try tmux.screen())") }
        let idle = try memory(of: pid)

        let started = Date()
        var done = 0
        for index in 0..<marks {
            guard Date().timeIntervalSince(started) < timeLimit else { break }
            try tmux.send([codes[index % codes.count], "Enter"])
            guard try waitFor("] Mark ", on: tmux, timeout: 10) else {
                throw BenchFailure(description: "no menu after mark \(index): \(try tmux.screen())")
            }
            try tmux.send([(index / codes.count) % 2 == 0 ? "i" : "o"])
            guard try waitFor("MARKED ", on: tmux, timeout: 10) else {
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

    /// The private tmux server's socket, also for ending it when the benchmarks are interrupted.
    static let socket = "attendance-bench-\(getpid())"

    /// Whether the kiosk's screen shows `text` within `timeout` seconds, read every 2 ms.
    private static func waitFor(_ text: String, on tmux: TmuxPane, timeout: Double) throws -> Bool {
        try tmux.screen(until: { $0.contains(text) }, timeout: timeout, interval: 0.002).contains(text)
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
