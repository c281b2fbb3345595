// `attendance-bench` (`make bench`): every benchmark figure of BENCHMARKS.md, each with its
// goal and, where a floor exists, the ratio to the floor measured in the same run.
//
// Figures, not pass/fail: the exit status is 0 when every benchmark ran (goals missed or not)
// and 1 when one could not run. Naming benchmarks on the command line runs only those.

import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceTestSupport
import AttendanceWiFi
import Foundation

// MARK: - What to run

/// One benchmark: its name on the command line, and the figures it measures.
struct Benchmark {
    let name: String
    let summary: String
    let run: (_ context: BenchContext) throws -> [Figure]
}

/// One line of the closing table.
struct Figure {
    let name: String
    let measured: String
    /// The goal as written in the issues, or "—" when there is none.
    let goal: String
    /// nil when there is no goal.
    let met: Bool?
    /// How it was measured, in a few words.
    let notes: String
}

/// What every benchmark may use: the folder it may write in, and the `attendance` binary.
struct BenchContext {
    let folder: String
    let attendance: String

    /// A fresh, empty subfolder for one benchmark.
    func subfolder(_ name: String) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// "29.9 MB" for kilobytes.
func megabytes(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1024) }

func milliseconds(_ value: Double) -> String {
    value >= 100
        ? String(format: "%.0f ms", value)
        : value >= 10 ? String(format: "%.1f ms", value) : String(format: "%.2f ms", value)
}

/// A report benchmark's figure: its median against its target, the cold first run in the notes.
func reportFigure(_ name: String, _ result: ReportBenchmarks.Result) -> Figure {
    Figure(
        name: name, measured: "median \(milliseconds(result.medianMilliseconds))",
        goal: "< \(grouped(Int(result.targetMilliseconds))) ms",
        met: result.medianMilliseconds < result.targetMilliseconds,
        notes: "first run \(milliseconds(result.firstMilliseconds)); \(result.details)")
}

/// "1,000" for 1000.
/// `attendance register --format FORMAT --output FILE` for 2,000 employees × 31 days, one process
/// end to end: 3 runs after one not counted, the median time and peak memory against the goals.
func registerDocument(_ format: String, context: BenchContext, goalSeconds: Double, goalMegabytes: Int) throws -> Figure
{
    let folder = try context.subfolder("register-\(format)")
    let file = folder + "/register.\(format)"
    let runs = 3
    let result = try ProcessFigures.register(
        attendance: context.attendance, employees: 2_000, runs: runs, folder: folder,
        extra: ["--format", format, "--output", file])
    let median = result.seconds.median
    let peak = result.peakKilobytes.median
    let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    return Figure(
        name: "`attendance register --format \(format)`, 2,000 employees × 31 days, one process end to end",
        measured: String(format: "median %.2f s, peak memory ", median) + megabytes(Int(peak)),
        goal: "≤ \(Int(goalSeconds)) s, ≤ \(goalMegabytes) MB",
        met: median <= goalSeconds && peak <= Double(goalMegabytes * 1024),
        notes: "\(runs) runs after one not counted, \(grouped(result.punches)) punches, "
            + "a file of \(megabytes(size / 1024))")
}

func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    return String(
        digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
}

/// "p50 1.20 ms, p99 3.40 ms" for a sample in milliseconds.
func p50AndP99(_ sample: Sample) -> String {
    "p50 \(milliseconds(sample.median)), p99 \(milliseconds(sample.percentile(99)))"
}

/// "median 17.6 ms, p90 20.5 ms" for a sample in seconds.
func medianAndP90(_ sample: Sample) -> String {
    "median \(milliseconds(sample.median * 1000)), p90 \(milliseconds(sample.percentile(90) * 1000))"
}

/// `$BENCH_CENTRAL_URL`, which the benchmarks against a central store need.
func centralURL() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["BENCH_CENTRAL_URL"], !url.isEmpty else {
        throw BenchSkipped(
            description: "needs a central store: BENCH_CENTRAL_URL (scripts/bench-central.sh starts one and sets it)")
    }
    return url
}

let benchmarks: [Benchmark] = [
    Benchmark(name: "mark-process", summary: "one-shot `attendance mark in CODE` vs sqlite3 INSERT") { context in
        let runs = 60
        let result = try MarkProcessBenchmark.run(
            attendance: context.attendance, runs: runs, folder: try context.subfolder("mark-process"))
        let ratio = result.mark.median / result.floor.median
        return [
            Figure(
                name: "`attendance mark in CODE`, one process end to end",
                measured: medianAndP90(result.mark), goal: "—", met: nil,
                notes: "\(runs) runs, simulated link, \(result.employees) employees IN/OUT in turn"),
            Figure(
                name: "floor: `sqlite3 store \"PRAGMA synchronous=FULL; INSERT …\"`",
                measured: medianAndP90(result.floor), goal: "—", met: nil,
                notes: "\(runs) runs, alternating with the marks"),
            Figure(
                name: "of which starting the executable: `attendance --version`",
                measured: medianAndP90(result.startUp), goal: "—", met: nil,
                notes: "\(runs) runs in the same turns; the part of a mark that is not marking"),
            Figure(
                name: "mark process ÷ floor (medians)", measured: String(format: "%.2f×", ratio), goal: "≤ 4×",
                met: ratio <= 4,
                notes: String(format: "p90 ratio %.2f×", result.mark.percentile(90) / result.floor.percentile(90))),
            Figure(
                name: "`attendance mark in CODE`, peak memory (GNU time's %M)",
                measured: megabytes(Int(result.markPeakKilobytes.median)), goal: "≤ 20 MB",
                met: result.markPeakKilobytes.median / 1024 <= 20,
                notes: "median of \(runs) more marks, largest \(megabytes(Int(result.markPeakKilobytes.maximum)))"),
        ]
    },
    Benchmark(name: "mark-path", summary: "in-process mark path (MarkBenchmark)") { context in
        let timing = try MarkBenchmark.run(marks: 2_000, employees: 100, folder: try context.subfolder("mark-path"))
        let sample = Sample(timing.marks.map(\.milliseconds))
        return [
            Figure(
                name: "in-process mark path (WiFi read, verify, decide, durable commit, today's state)",
                measured: p50AndP99(sample), goal: "p99 < 2 ms", met: sample.percentile(99) < 2,
                notes: "\(sample.count) marks, \(timing.employees) employees, max \(milliseconds(sample.maximum))")
        ]
    },
    Benchmark(
        name: "mark-path-central",
        summary:
            "in-process mark path with the kiosk's sync running against $BENCH_CENTRAL_URL (scripts/bench-central.sh)"
    ) { context in
        let url = try centralURL()
        // Alternating runs, the same marks each time: without a sync, then with a round every
        // 50 ms (two hundred times the default pace), so every mark shares the store with one.
        var alone: [Double] = []
        var synced: [Double] = []
        var rounds = 0
        var pushed = 0
        var longest = Duration.zero
        for _ in 0..<3 {
            let plain = try MarkBenchmark.run(marks: 1_000, employees: 100, folder: try context.subfolder("mark-alone"))
            alone += plain.marks.map(\.milliseconds)
            let load = try SyncLoad(
                url: url, passwordFile: ProcessInfo.processInfo.environment["ATTENDANCE_CENTRAL_PASSWORD_FILE"],
                pause: Double(ProcessInfo.processInfo.environment["BENCH_SYNC_PAUSE"] ?? "") ?? 0.05)
            // Employees of their own: this kiosk pulls what earlier runs pushed, and their punches
            // would be these employees' if the codes were the same.
            let timing = try MarkBenchmark.run(
                marks: 1_000, employees: 100, folder: try context.subfolder("mark-synced"),
                codePrefix: "S\(UInt32.random(in: 0...UInt32.max))-", alongside: load.run)
            synced += timing.marks.map(\.milliseconds)
            let summary = load.summary
            if let failure = summary.failures.first {
                throw BenchFailure(description: "a sync round failed: \(failure)")
            }
            rounds += summary.rounds
            pushed += summary.pushed
            longest = max(longest, summary.longest)
        }
        let without = Sample(alone)
        let with = Sample(synced)
        return [
            Figure(
                name: "in-process mark path, no sync",
                measured: p50AndP99(without),
                goal: "—", met: nil, notes: "\(without.count) marks in 3 runs alternating with the next line"),
            Figure(
                name: "in-process mark path, sync rounds running",
                measured: p50AndP99(with),
                goal: "p99 as without sync", met: with.percentile(99) <= without.percentile(99) * 1.1,
                notes:
                    "\(rounds) rounds pushed \(grouped(pushed)) punches during \(with.count) marks; longest round \(milliseconds(longest.milliseconds))"
            ),
        ]
    },
    Benchmark(
        name: "central-load",
        summary:
            "many kiosks marking and syncing against $BENCH_CENTRAL_URL ($BENCH_KIOSKS, $BENCH_SECONDS; scripts/bench-central.sh)"
    ) { context in
        let environment = ProcessInfo.processInfo.environment
        let url = try centralURL()
        var settings = OrganisationLoad.Settings(
            url: url,
            password: try environment["ATTENDANCE_CENTRAL_PASSWORD_FILE"].map {
                try String(contentsOfFile: $0, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            }, kiosks: Int(environment["BENCH_KIOSKS"] ?? "") ?? 50,
            seconds: Double(environment["BENCH_SECONDS"] ?? "") ?? 60, folder: try context.subfolder("central-load"))
        if let owner = environment["BENCH_OWNER_URL"], !owner.isEmpty {
            settings.kioskLogins = .init(
                ownerURL: owner, authFile: environment["BENCH_PGBOUNCER_AUTH_FILE"],
                pidFile: environment["BENCH_PGBOUNCER_PID_FILE"])
        }
        settings.syncSeconds = Double(environment["BENCH_SYNC_SECONDS"] ?? "") ?? 10
        settings.markSeconds = Double(environment["BENCH_MARK_SECONDS"] ?? "") ?? 60
        let result = try OrganisationLoad.run(settings) { FileHandle.standardError.write(Data("  \($0)\n".utf8)) }
        let rounds = Sample(result.rounds.map { $0 * 1000 })
        let late = Sample(result.lateness.map { $0 * 1000 })
        let kiosks = "\(settings.kiosks) kiosks"
        let stored = result.failures.isEmpty && result.atCentre == result.acknowledged
        let everywhere = result.atFirstKiosk == result.acknowledged
        return [
            Figure(
                name:
                    "\(kiosks), a sync round every \(Int(settings.syncSeconds)) s for \(Int(settings.seconds)) s: rounds",
                measured: p50AndP99(rounds),
                goal: "p99 ≤ 1 s", met: rounds.percentile(99) <= 1000 && result.failures.isEmpty,
                notes: "\(rounds.count) rounds, \(result.failures.count) failed"
                    + (result.failures.first.map { " (first: \($0))" } ?? "")
                    + "; started late p99 \(milliseconds(late.percentile(99)))"),
            Figure(
                name: "\(kiosks): the server meanwhile",
                measured: String(
                    format: "%.2f cores, %d connections", result.serverCPUSeconds / settings.seconds,
                    result.serverConnections),
                goal: "—", met: nil,
                notes: "CPU of every postgres and pgbouncer process over the timed part; client backends at most; "
                    + (settings.kioskLogins == nil ? "one login for every kiosk" : "one login a kiosk")),
            Figure(
                name: "\(kiosks): acknowledged punches stored once",
                measured: "\(grouped(result.acknowledged)) acknowledged, \(grouped(result.atCentre)) at the centre, "
                    + "\(grouped(result.atFirstKiosk)) at kiosk 1",
                goal: "all, once, everywhere", met: stored && everywhere,
                notes: String(
                    format: "a mark every %.0f s a kiosk; drained in %.1f s after the run; set-up %.0f s",
                    settings.markSeconds, result.drainSeconds, result.setupSeconds)),
        ]
    },
    Benchmark(name: "mark-path-chain", summary: "in-process mark path with and without the history chain") { context in
        // Alternating runs of the same marks: the chain's trigger dropped, then as shipped.
        var unchained: [Double] = []
        var chained: [Double] = []
        for _ in 0..<4 {
            unchained += try MarkBenchmark.run(
                marks: 1_000, employees: 100, folder: try context.subfolder("mark-unchained"), unchained: true
            ).marks.map(\.milliseconds)
            chained += try MarkBenchmark.run(
                marks: 1_000, employees: 100, folder: try context.subfolder("mark-chained")
            )
            .marks.map(\.milliseconds)
        }
        let without = Sample(unchained)
        let with = Sample(chained)
        return [
            Figure(
                name: "in-process mark path, history chain dropped",
                measured: p50AndP99(without), goal: "—",
                met: nil, notes: "\(without.count) marks in 4 runs alternating with the next line"),
            Figure(
                name: "in-process mark path, history chain as shipped",
                measured: p50AndP99(with),
                goal: "p99 within 10 % of the line above", met: with.percentile(99) <= without.percentile(99) * 1.1,
                notes: String(format: "p99 ratio %.2f×", with.percentile(99) / without.percentile(99))),
        ]
    },
    Benchmark(name: "register", summary: "the register, 2,000 employees × 31 days") { context in
        [
            reportFigure(
                "register, 2,000 employees × 31 days (query, statuses, 132-column pages)",
                try ReportBenchmarks.registerOf2000Employees(folder: try context.subfolder("register")))
        ]
    },
    Benchmark(name: "register-process", summary: "`attendance register` as a whole process, 2,000 and 10,000 employees")
    { context in
        var figures: [Figure] = []
        for (employees, runs, goal) in [(2_000, 9, 250.0), (10_000, 3, 0)] {
            let result = try ProcessFigures.register(
                attendance: context.attendance, employees: employees, runs: runs,
                folder: try context.subfolder("register-process-\(employees)"))
            let median = result.seconds.median * 1000
            figures.append(
                Figure(
                    name: "`attendance register`, \(grouped(employees)) employees × 31 days, one process end to end",
                    measured:
                        "median \(milliseconds(median)), peak memory \(megabytes(Int(result.peakKilobytes.median)))",
                    goal: goal > 0 ? "≤ \(Int(goal)) ms" : "—", met: goal > 0 ? median <= goal : nil,
                    notes: "\(runs) runs after one not counted, \(grouped(result.punches)) punches, "
                        + "fastest \(milliseconds(result.seconds.minimum * 1000))"))
        }
        return figures
    },
    Benchmark(
        name: "console",
        summary: "the web console: the register and hours pages, 20 managers while a kiosk marks, memory"
    ) {
        context in
        let folder = try context.subfolder("console")
        let office = try ProcessFigures.office(attendance: context.attendance, employees: 2_000, folder: folder)
        let server = try ConsoleBenchmark.start(
            attendance: context.attendance, environment: office.environment, folder: folder)
        let month = ReportBenchmarks.month.map { "\($0)" } ?? "2026-10"
        let register = try ConsoleBenchmark.time(server, "GET /register?month=\(month)", runs: 7)
        let hours = try ConsoleBenchmark.time(server, "GET /hours?week=\(month)-15", runs: 7)
        server.stop()
        let load = try ConsoleBenchmark.managersAndKiosk(
            attendance: context.attendance, managers: 20, marks: 3_000, folder: try context.subfolder("console-load"))
        let pageP99 = load.pages.percentile(99) * 1000
        return [
            Figure(
                name: "console's register page, 2,000 employees × 31 days, over loopback",
                measured: "median \(milliseconds(register.median * 1000))", goal: "≤ 500 ms",
                met: register.median * 1000 <= 500,
                notes: "7 requests after one not counted; \(grouped(office.punches)) punches"),
            Figure(
                name: "console's hours page, 2,000 employees × 7 days, over loopback",
                measured: "median \(milliseconds(hours.median * 1000))", goal: "≤ 500 ms",
                met: hours.median * 1000 <= 500, notes: "7 requests after one not counted, the same office"),
            Figure(
                name: "20 managers at once (today, register, calendar, day, missing), pages",
                measured: "p50 \(milliseconds(load.pages.median * 1000)), p99 \(milliseconds(pageP99))",
                goal: "p99 ≤ 1 s", met: pageP99 <= 1000 && load.failures == 0,
                notes: "\(load.pages.count) pages, \(load.failures) failed, 100 employees, during the marks below"),
            Figure(
                name: "the kiosk's in-process mark path meanwhile, same store",
                measured: p50AndP99(load.marks), goal: "p99 < 5 ms",
                met: load.marks.percentile(99) < 5, notes: "\(load.marks.count) marks"),
            Figure(
                name: "console's resident memory, idle after signing in",
                measured: megabytes(load.residentIdleKilobytes), goal: "≤ 60 MB",
                met: load.residentIdleKilobytes <= 60 * 1024,
                notes: "after the 20 managers: \(megabytes(load.residentAfterKilobytes))"),
        ]
    },
    Benchmark(name: "register-pdf", summary: "`attendance register --format pdf`, 2,000 employees × 31 days") {
        context in
        [try registerDocument("pdf", context: context, goalSeconds: 3, goalMegabytes: 150)]
    },
    Benchmark(name: "register-xlsx", summary: "`attendance register --format xlsx`, 2,000 employees × 31 days") {
        context in
        [try registerDocument("xlsx", context: context, goalSeconds: 2, goalMegabytes: 150)]
    },
    Benchmark(name: "instructions", summary: "instruction counts (callgrind) of one mark and one register") { context in
        guard FileManager.default.isExecutableFile(atPath: ProcessFigures.valgrind) else {
            throw BenchFailure(description: "valgrind is missing; install the Debian package valgrind")
        }
        let counts = try ProcessFigures.counts(
            attendance: context.attendance, folder: try context.subfolder("instructions"))
        let millions = { (count: Int) in String(format: "%.1f M", Double(count) / 1e6) }
        return [
            Figure(
                name: "instructions: `attendance mark in CODE`", measured: millions(counts.marks[1]), goal: "—",
                met: nil,
                notes: "median of 3 (IN, OUT, IN): \(counts.marks.map(millions).joined(separator: ", ")); "
                    + "`--version` alone \(millions(counts.version))"),
            Figure(
                name: "instructions: `attendance register`, 2,000 employees × 31 days",
                measured: millions(counts.register), goal: "—", met: nil,
                notes: "\(grouped(counts.registerPunches)) punches, valgrind --tool=callgrind, Ir"),
        ]
    },
    Benchmark(name: "calendar", summary: "one calendar in a store of 5,000,000 punches") { context in
        [
            reportFigure(
                "one employee's calendar among 5,000,000 punches",
                try ReportBenchmarks.calendarAmong5MillionPunches(folder: try context.subfolder("calendar")))
        ]
    },
    Benchmark(name: "kiosk-memory", summary: "kiosk resident memory after 1,000 marks (tmux)") { context in
        let marks = 1_000
        let result = try KioskMemoryBenchmark.run(
            attendance: context.attendance, marks: marks, folder: try context.subfolder("kiosk-memory"), timeLimit: 240)
        return [
            Figure(
                name: "kiosk resident memory after \(grouped(result.marks)) marks",
                measured: "VmRSS \(megabytes(result.finalRSS))", goal: "≤ 25 MB",
                met: result.marks == marks && Double(result.finalRSS) / 1024 <= 25,
                notes:
                    "idle before the first mark \(megabytes(result.idleRSS)), peak (VmHWM) \(megabytes(result.peakRSS)); "
                    + String(format: "%.0f s of typing", result.seconds)
                    + (result.marks < marks ? "; STOPPED at the time limit" : ""))
        ]
    },
    Benchmark(name: "nl80211", summary: "nl80211 scan dump parsing, 300 BSS entries") { _ in
        var means: [Double] = []
        var fastest = Double.infinity
        var bytes = 0
        for _ in 0..<7 {
            let timing = try NL80211Benchmark.parseScanDump(bssCount: 300, iterations: 100)
            means.append(timing.mean.milliseconds)
            fastest = min(fastest, timing.fastest.milliseconds)
            bytes = timing.dumpBytes
        }
        let median = Sample(means).median
        return [
            Figure(
                name: "nl80211 GET_SCAN dump of 300 BSSes, received and parsed",
                measured: "median \(milliseconds(median)) a dump", goal: "—", met: nil,
                notes:
                    "7 × 100 dumps through libnl's receive path (\(bytes / 1024) KiB each), fastest \(milliseconds(fastest)), "
                    + String(format: "%.1f µs a BSS", median * 1000 / 300))
        ]
    },
    Benchmark(name: "import", summary: "importing 100,000 punches from CSV") { _ in
        let result = try importBenchmark(rows: 100_000)
        return [
            Figure(
                name: "import 100,000 punches (CSV, one transaction)",
                measured: String(
                    format: "%.2f s (%.0f rows/s)", result.importing, Double(result.rows) / result.importing),
                goal: "—", met: nil,
                notes: String(
                    format: "parse and check %.2f s; re-import of the same file %.2f s (adds nothing)",
                    result.parse, result.reimport)),
            Figure(
                name: "store verify: the whole history chain recomputed",
                measured: String(format: "%.2f s (%@ records)", result.verify, grouped(result.chained)),
                goal: "< 2 s for 100,000 punches", met: result.verify < 2,
                notes: "after the import above: every punch and audit entry read and re-hashed (SHA-256)"),
        ]
    },
]

// MARK: - Running

func usage(_ benchmarks: [Benchmark]) -> String {
    "usage: attendance-bench [NAME ...]\n\nBenchmarks (all when none is named):\n"
        + benchmarks.map { "  \($0.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(
            separator: "\n")
}

/// Writes a line to standard output at once (`print` buffers when the output is a pipe or a
/// file, and the progress lines on standard error would then come out of order).
func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("attendance-bench: \(message)\n".utf8))
    exit(1)
}

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains(where: { $0 == "-h" || $0 == "--help" }) {
    say(usage(benchmarks))
    exit(0)
}
let unknown = requested.filter { name in !benchmarks.contains { $0.name == name } }
guard unknown.isEmpty else { fail("unknown benchmark \(unknown.joined(separator: ", "))\n\n\(usage(benchmarks))") }
let selected = requested.isEmpty ? benchmarks : benchmarks.filter { requested.contains($0.name) }

// The release `attendance` next to this binary: `make bench` builds both.
let executable = URL(
    fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0])
let attendance = executable.deletingLastPathComponent().appendingPathComponent("attendance").path
if selected.contains(where: { ["mark-process", "kiosk-memory", "register-process", "instructions"].contains($0.name) })
{
    guard FileManager.default.isExecutableFile(atPath: attendance) else {
        fail("no attendance executable at \(attendance); build it first: swift build -c release")
    }
    for tool in ["/usr/bin/sqlite3", "/usr/bin/tmux"] where !FileManager.default.isExecutableFile(atPath: tool) {
        fail("\(tool) is missing; install the Debian packages sqlite3 and tmux (make deps)")
    }
}

let folder = NSTemporaryDirectory() + "attendance-bench-\(getpid())"
do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(folder): \(error)")
}
/// Removes the temporary stores and ends the kiosk's tmux server, if one is still up.
func cleaner(for folder: String) -> @Sendable () -> Void {
    {
        TmuxPane.killServer(socket: KioskMemoryBenchmark.socket)
        try? FileManager.default.removeItem(atPath: folder)
    }
}
// Interrupted (Ctrl-C, SIGTERM): clean up all the same.
let cleanUp = cleaner(for: folder)
var signalSources: [any DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler {
        cleanUp()
        exit(130)
    }
    source.resume()
    signalSources.append(source)
}

say(Machine.describe())
say()
ProcessFigures.dropCachedPages(of: attendance)
let context = BenchContext(folder: folder, attendance: attendance)
let clock = ContinuousClock()
let started = clock.now
var figures: [Figure] = []
var failures = 0
for benchmark in selected {
    FileHandle.standardError.write(Data("… \(benchmark.name): \(benchmark.summary)\n".utf8))
    let start = clock.now
    do {
        let measured = try benchmark.run(context)
        figures += measured
        for figure in measured { say("\(figure.name): \(figure.measured) (goal \(figure.goal)); \(figure.notes)") }
    } catch let skipped as BenchSkipped where requested.isEmpty {
        figures.append(Figure(name: benchmark.summary, measured: "skipped", goal: "", met: nil, notes: "\(skipped)"))
        say("\(benchmark.summary): skipped: \(skipped)")
    } catch {
        failures += 1
        figures.append(Figure(name: benchmark.summary, measured: "FAILED", goal: "", met: false, notes: "\(error)"))
        say("\(benchmark.summary): FAILED: \(error)")
    }
    FileHandle.standardError.write(Data(String(format: "  (%.0f s)\n", start.duration(to: clock.now).seconds).utf8))
}
cleanUp()

say()
say("| figure | measured | goal | |")
say("|---|---|---|---|")
for figure in figures {
    let verdict = figure.met.map { $0 ? "met" : "**missed**" } ?? ""
    say("| \(figure.name) | \(figure.measured) | \(figure.goal) | \(verdict) |")
}
say()
say(
    String(
        format: "whole run %.0f s; load average at the end %@", started.duration(to: clock.now).seconds,
        Machine.loadAverage()))
exit(failures == 0 ? 0 : 1)
