import AttendanceCore
import AttendanceTestSupport
import Foundation

/// Figures of the real `attendance` executable as a whole process: the register's time and peak
/// memory, and instruction counts under callgrind, which do not move with the machine's load.
enum ProcessFigures {
    /// A store of `employees` employees × the benchmark month (ReportBenchmarks' seeding), the
    /// configuration beside it, and the environment to run `attendance` on them.
    struct Office {
        let store: String
        let environment: [String: String]
        let punches: Int
    }

    static func office(attendance: String, employees: Int, folder: String) throws -> Office {
        guard let month = ReportBenchmarks.month else { throw BenchFailure(description: "no month") }
        let store = folder + "/register-\(employees).sqlite"
        let config = folder + "/attendance.toml"
        try BenchOffice.writeConfiguration(to: config, zone: ReportBenchmarks.zone)
        _ = try ReportBenchmarks.seed(
            store, employees: employees, days: month.dayCount, firstDay: month.firstDay, lunchEvery: 3,
            absentEvery: 23)
        let environment = [
            "ATTENDANCE_STORE": store, "ATTENDANCE_CONFIG": config, "HOME": folder, "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8", "TZ": ReportBenchmarks.zone.identifier,
        ]
        // One register not counted: its opening puts the seeded store back in WAL mode, and the
        // store comes into the page cache; the runs then only read it.
        let first = try ChildProcess.run(attendance, registerArguments, environment: environment)
        guard first.status == 0 else {
            throw BenchFailure(description: "attendance register exited \(first.status): \(first.errorText)")
        }
        let counted = try ChildProcess.run(
            "/usr/bin/sqlite3", [store, "SELECT count(*) FROM punch"], environment: [:])
        return Office(
            store: store, environment: environment,
            punches: Int(counted.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
    }

    static var registerArguments: [String] {
        ["register", "--month", ReportBenchmarks.month.map { "\($0)" } ?? "2026-10"]
    }

    // MARK: - The register as a process

    struct RegisterRuns {
        let seconds: Sample
        /// Peak resident memory of each run, in kilobytes.
        let peakKilobytes: Sample
        let punches: Int
    }

    /// `attendance register --month 2026-10` run `runs` times (after one not counted).
    /// With `extra` arguments: `--format pdf --output FILE` times the colour PDF, `--format xlsx` the workbook.
    static func register(
        attendance: String, employees: Int, runs: Int, folder: String, extra: [String] = []
    ) throws -> RegisterRuns {
        let office = try office(attendance: attendance, employees: employees, folder: folder)
        let registerArguments = registerArguments + extra
        var seconds: [Double] = []
        var peaks: [Double] = []
        for _ in 0..<runs {
            let run = try ChildProcess.run(attendance, registerArguments, environment: office.environment)
            guard run.status == 0 else {
                throw BenchFailure(description: "attendance register exited \(run.status): \(run.errorText)")
            }
            seconds.append(run.seconds ?? 0)
            peaks.append(
                Double(
                    try peakKilobytes(attendance, registerArguments, environment: office.environment, folder: folder)))
        }
        return RegisterRuns(seconds: Sample(seconds), peakKilobytes: Sample(peaks), punches: office.punches)
    }

    // MARK: - Peak memory

    /// Drops the executable's pages from the page cache, so that the memory figures count its code
    /// as a process maps it after a boot, read from disk. Freshly written, by a copy or a
    /// package's install, the cache holds it in larger pieces, and the kernel maps more around each
    /// page a process touches: a mark peaks about 1 MB higher (BENCHMARKS.md).
    static func dropCachedPages(of path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // Written pages must reach the disk before the cache may let them go.
        fsync(descriptor)
        posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }

    static let gnuTime = "/usr/bin/time"

    /// The peak resident memory of `executable ARGUMENTS`, in kilobytes, its exit status checked.
    ///
    /// Not the child's own `ru_maxrss`: at `exec` the kernel carries the peak of the address space
    /// being replaced over into the new program's, and a child spawned by this benchmark starts in
    /// a copy of the benchmark's (about 30 MB), so it never reads less. GNU time is a small parent
    /// that reports the peak of the program alone.
    static func peakKilobytes(
        _ executable: String, _ arguments: [String], environment: [String: String], folder: String
    ) throws -> Int {
        let output = folder + "/time.\(UUID().uuidString)"
        defer { unlink(output) }
        let run = try ChildProcess.run(
            gnuTime, ["-f", "%M", "-o", output, executable] + arguments, environment: environment)
        guard run.status == 0 else {
            throw BenchFailure(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(run.status): "
                    + (run.outputText + run.errorText).split(separator: "\n").suffix(3).joined(separator: " "))
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw BenchFailure(description: "GNU time wrote no peak memory: \(text)")
        }
        return kilobytes
    }

    // MARK: - Instruction counts

    static let valgrind = "/usr/bin/valgrind"

    /// Instructions executed (callgrind's `Ir`) by `attendance ARGUMENTS`, its exit status checked.
    static func instructions(
        attendance: String, _ arguments: [String], environment: [String: String], folder: String
    ) throws -> Int {
        let output = folder + "/callgrind.out.\(UUID().uuidString)"
        defer { unlink(output) }
        let run = try ChildProcess.run(
            valgrind, ["--tool=callgrind", "--callgrind-out-file=" + output, attendance] + arguments,
            environment: environment)
        guard run.status == 0 else {
            throw BenchFailure(
                description: "valgrind attendance \(arguments.joined(separator: " ")) exited \(run.status): "
                    + run.errorText.split(separator: "\n").suffix(3).joined(separator: " "))
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let count = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return count }
        }
        throw BenchFailure(description: "no instruction total in callgrind's output")
    }

    struct Counts {
        let version: Int
        /// Each of the marks counted, smallest first.
        let marks: [Int]
        let register: Int
        let registerPunches: Int
    }

    /// Instruction counts of `attendance --version`, of three one-shot marks (IN, OUT, IN of three
    /// employees, on a store of 10) and of the register of 2,000 employees × 31 days.
    static func counts(attendance binary: String, folder: String) throws -> Counts {
        // valgrind 3.19 (Debian 12) gives up on the DWARF 5 the Swift compiler writes ("possibly
        // corrupted debuginfo file"): count a copy without debugging information, the same code.
        let attendance = folder + "/attendance"
        try? FileManager.default.removeItem(atPath: attendance)
        try FileManager.default.copyItem(atPath: binary, toPath: attendance)
        let stripped = try ChildProcess.run("/usr/bin/strip", ["--strip-debug", attendance], environment: [:])
        guard stripped.status == 0 else {
            throw BenchFailure(description: "strip --strip-debug exited \(stripped.status): \(stripped.errorText)")
        }
        let markStore = folder + "/mark.sqlite"
        let config = folder + "/mark.toml"
        try BenchOffice.writeConfiguration(to: config, zone: ReportBenchmarks.zone)
        let codes = try BenchOffice.seed(store: markStore, employees: 10, code: "M", name: "Marker")
        let environment = [
            "ATTENDANCE_STORE": markStore, "ATTENDANCE_CONFIG": config, "HOME": folder, "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8", "TZ": ReportBenchmarks.zone.identifier,
        ]
        let version = try instructions(attendance: attendance, ["--version"], environment: environment, folder: folder)
        var marks: [Int] = []
        for (code, direction) in [(codes[0], "in"), (codes[0], "out"), (codes[1], "in")] {
            marks.append(
                try instructions(
                    attendance: attendance, ["mark", direction, code], environment: environment, folder: folder))
        }
        let office = try office(attendance: attendance, employees: 2_000, folder: folder)
        let register = try instructions(
            attendance: attendance, registerArguments, environment: office.environment, folder: folder)
        return Counts(version: version, marks: marks.sorted(), register: register, registerPunches: office.punches)
    }
}
