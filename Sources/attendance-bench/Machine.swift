import AttendanceTestSupport
import Foundation

/// The machine the figures were measured on, as BENCHMARKS.md records it.
enum Machine {
    /// CPU, cores, memory, kernel, SQLite and the load when the run started: other work on the
    /// machine (a build, a test run) shows in the load average and in the figures.
    static func describe() -> String {
        let cpu = firstValue(in: "/proc/cpuinfo", key: "model name") ?? "unknown CPU"
        let memory = firstValue(in: "/proc/meminfo", key: "MemTotal").flatMap { Int($0.split(separator: " ")[0]) }
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let system =
            firstValue(in: "/etc/os-release", key: "PRETTY_NAME", separator: "=")?
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "Linux"
        let sqlite =
            (try? ChildProcess.run("/usr/bin/sqlite3", ["--version"], environment: [:]))
            .map { $0.outputText.split(separator: " ").first.map(String.init) ?? "?" } ?? "?"
        return """
            machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
            \(memory.map { "\($0 / 1024 / 1024) GiB" } ?? "? GiB") RAM; \(system), Linux \(kernel); SQLite \(sqlite)
            load average at the start: \(loadAverage())
            """
    }

    /// The 1-, 5- and 15-minute load averages.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func firstValue(in file: String, key: String, separator: Character = ":") -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
