import AttendanceTestSupport
import Foundation
import Testing

/// The one clock every process of a scenario runs on, whatever today's date is.
///
/// libfaketime is preloaded into each program a scenario starts (commands, kiosks, badge
/// readers) and reads the scenario's offset from real time out of a file on every call
/// (`FAKETIME_TIMESTAMP_FILE` with `FAKETIME_NO_CACHE`). All of them therefore share one
/// timeline that runs at the real pace, and moving the clock moves it for processes that are
/// already running too, as an NTP step would. Monotonic clocks stay real.
///
/// Every scenario starts at 10:00 on ``startDay`` in ``zoneName``: 2026-11-23, a Monday, in
/// Asia/Kolkata unless `ATTENDANCE_TEST_DAY` (YYYY-MM-DD) and `ATTENDANCE_TEST_ZONE` say
/// otherwise. `make test-dates` runs the end-to-end suites on other days (a 29 February, a DST
/// change in Europe/Berlin) that way: tests work out their dates from the scenario's, never
/// from the calendar.
final class ScenarioClock: @unchecked Sendable {
    static let environment = ProcessInfo.processInfo.environment
    static let zoneName = environment["ATTENDANCE_TEST_ZONE"] ?? "Asia/Kolkata"
    static let startDay = environment["ATTENDANCE_TEST_DAY"] ?? "2026-11-23"

    static let zone: TimeZone = {
        guard let zone = TimeZone(identifier: zoneName) else {
            fatalError("ATTENDANCE_TEST_ZONE: unknown zone \(zoneName)")
        }
        return zone
    }()

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }()

    /// Debian's libfaketime, where the `faketime` package puts it: its thread-safe build. With
    /// `FAKETIME_NO_CACHE` the plain build reads the offset file into one static buffer on every
    /// call, unlocked, and a process asking the time from several threads at once (the console's
    /// event loops, a kiosk syncing in the background) now and then parsed a buffer another thread
    /// was filling, and got the real time.
    static let library: String = {
        let candidates = ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "/usr/lib/\($0)/faketime/libfaketimeMT.so.1" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()

    private let file: String
    private let lock = NSLock()
    private var offset: TimeInterval

    /// A clock whose offset lives in `folder`, starting at 10:00 on the scenario's day.
    init(folder: String) {
        file = folder + "/faketime"
        offset = 0
        set(day: 0, time: "10:00")
    }

    /// What every program of the scenario needs in its environment to run on this clock.
    var environment: [String: String] {
        [
            "LD_PRELOAD": Self.library, "FAKETIME_TIMESTAMP_FILE": file, "FAKETIME_NO_CACHE": "1",
            "FAKETIME_DONT_FAKE_MONOTONIC": "1", "FAKETIME_SHARED": Self.shared, "NO_FAKE_STAT": "1",
            "TZ": Self.zoneName,
        ]
    }

    /// libfaketime's shared memory, made once for the whole run by a `faketime` that sleeps.
    ///
    /// A process that starts without `FAKETIME_SHARED` makes its own and `setenv`s it, which moves
    /// `environ` off the initial stack; Swift on Linux finds the command line from there, so
    /// `attendance` would start with no arguments at all. Handed a segment that exists, libfaketime
    /// changes nothing. The segment only serves libfaketime's absolute start times and call
    /// counters, which relative offsets do not use, so every scenario can share it.
    ///
    /// Its semaphore is a mutex: every process takes it once as it starts, and around every
    /// `stat` unless `NO_FAKE_STAT` is set (so file times are left real). A process SIGKILLed
    /// while holding it (the kill -9 tests kill hundreds, some of them in their first
    /// microseconds) would hang every later process of the run. The semaphore is therefore
    /// given ``spareHolds`` more places once made: a killed holder keeps one, the rest go on.
    /// Nothing the scenarios use needs the mutual exclusion.
    static let shared: String = {
        let segment = makeSegment()
        let semaphore = Semaphore(segment: segment)
        for _ in 0..<spareHolds { sem_post(semaphore.pointer) }
        return segment
    }()

    /// How many holders may die holding libfaketime's semaphore before the run would hang.
    static let spareHolds = 100_000

    /// libfaketime's semaphore, mapped from /dev/shm as `sem_open` maps it (sem_overview(7)).
    struct Semaphore {
        let pointer: UnsafeMutablePointer<sem_t>

        /// The semaphore named first in a `FAKETIME_SHARED` value ("/faketime_sem_N /faketime_shm_N").
        init(segment: String) {
            let name = segment.split(separator: " ").first.map { $0.drop { $0 == "/" } } ?? ""
            let descriptor = open("/dev/shm/sem.\(name)", O_RDWR)
            guard descriptor >= 0 else { fatalError("libfaketime's semaphore \(name) is not in /dev/shm") }
            defer { close(descriptor) }
            let size = MemoryLayout<sem_t>.size
            guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
                mapped != MAP_FAILED
            else { fatalError("libfaketime's semaphore \(name) could not be mapped") }
            pointer = mapped.bindMemory(to: sem_t.self, capacity: 1)
        }

        /// How many more processes may take it now.
        var value: Int32 {
            var value: Int32 = 0
            sem_getvalue(pointer, &value)
            return value
        }
    }

    private static func makeSegment() -> String {
        let folder = NSTemporaryDirectory()
        guard
            let holder = try? ChildProcess(
                "/usr/bin/faketime", ["-f", "+0", "/bin/sleep", "7200"].map { Array($0.utf8) },
                environment: ["PATH": "/usr/bin:/bin"], folder: folder)
        else { fatalError("faketime could not be started: install Debian's faketime package") }
        holderProcess = holder  // kept for the whole run; statics are never deinitialised
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let listed =
                (try? String(contentsOfFile: "/proc/\(holder.pid)/task/\(holder.pid)/children", encoding: .utf8)) ?? ""
            for child in listed.split(separator: " ") {
                let environ = FileManager.default.contents(atPath: "/proc/\(child)/environ") ?? Data()
                for entry in environ.split(separator: 0) where entry.starts(with: Array("FAKETIME_SHARED=".utf8)) {
                    // Ending the sleep when the tests end lets faketime remove the segment.
                    sleeper = pid_t(child) ?? 0
                    atexit { kill(ScenarioClock.sleeper, SIGTERM) }
                    return String(decoding: entry.dropFirst(16), as: UTF8.self)
                }
            }
            usleep(10_000)
        }
        fatalError("faketime did not start its child within 10 s")
    }

    nonisolated(unsafe) private static var holderProcess: ChildProcess?
    nonisolated(unsafe) private static var sleeper: pid_t = 0

    /// The scenario's current instant.
    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return Date().addingTimeInterval(offset)
    }

    /// Moves the scenario to `instant`, for every process, running or still to start.
    func set(_ instant: Date) {
        lock.lock()
        defer { lock.unlock() }
        offset = instant.timeIntervalSinceNow
        // Written whole and renamed, so a process never reads half an offset.
        let temporary = file + ".new"
        FileManager.default.createFile(atPath: temporary, contents: Data(String(format: "%+.3f\n", offset).utf8))
        rename(temporary, file)
    }

    /// Moves the scenario to `time` ("09:47" or "09:45:40") on the day `day` days from its start.
    func set(day: Int = 0, time: String) { set(Self.instant(day: day, time: time)) }

    /// Moves the scenario by `seconds` (negative: the clock steps back).
    func advance(by seconds: TimeInterval) { set(now.addingTimeInterval(seconds)) }

    // MARK: - Dates of the scenario

    /// The local instant `time` on the day `day` days from the start.
    static func instant(day: Int = 0, time: String) -> Date {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        var components = calendar.dateComponents([.year, .month, .day], from: startDate)
        components.day = (components.day ?? 1) + day
        components.hour = parts[0]
        components.minute = parts.count > 1 ? parts[1] : 0
        components.second = parts.count > 2 ? parts[2] : 0
        guard let date = calendar.date(from: components) else { fatalError("no such local time: day \(day) \(time)") }
        return date
    }

    /// The scenario's first day at noon (noon exists on every day, DST or not).
    static let startDate: Date = {
        let parts = startDay.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
        else { fatalError("ATTENDANCE_TEST_DAY: expected YYYY-MM-DD, found \(startDay)") }
        return date
    }()

    /// "2026-11-23" for the day `day` days from the start.
    static func day(_ day: Int = 0) -> String { format(instant(day: day, time: "12:00"), "yyyy-MM-dd") }

    /// "2026-11" for the month of the day `day` days from the start.
    static func month(_ day: Int = 0) -> String { format(instant(day: day, time: "12:00"), "yyyy-MM") }

    /// "November 2026" for the month of the day `day` days from the start.
    static func monthTitle(_ day: Int = 0) -> String { format(instant(day: day, time: "12:00"), "MMMM yyyy") }

    /// The day of the month, the weekday's short name, and whether it is Monday to Friday.
    static func weekday(_ day: Int = 0) -> (day: Int, name: String, isWorkingDay: Bool) {
        let date = instant(day: day, time: "12:00")
        let weekday = calendar.component(.weekday, from: date)
        return (calendar.component(.day, from: date), format(date, "EEE"), (2...6).contains(weekday))
    }

    /// `instant` as the import format writes it: "2026-11-02T09:05:00+05:30".
    static func iso(_ instant: Date) -> String { format(instant, "yyyy-MM-dd'T'HH:mm:ssxxx") }

    /// `time` on day `day` as `punch add --at` takes it: "2026-11-02 18:00".
    static func typed(day: Int, time: String) -> String { Self.day(day) + " " + time }

    static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.calendar = calendar
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}

@Suite("The scenario clock")
struct ScenarioClockTests {
    @Test("a process killed holding libfaketime's semaphore does not hang the ones after it")
    func killedHolderHangsNobody() throws {
        let s = try Office.sandbox(employees: 1)
        let semaphore = ScenarioClock.Semaphore(segment: ScenarioClock.shared)
        #expect(semaphore.value > 1_000, "\(semaphore.value) places left")
        // Taken as a process killed inside libfaketime's start leaves it: never given back.
        sem_wait(semaphore.pointer)
        defer { sem_post(semaphore.pointer) }
        let marked = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s)
        let ended = marked.finish(timeout: 20)
        #expect(ended == .exited(0), "\(marked.errorText)")
        #expect(marked.outputText.hasPrefix("IN \(Office.code(1)) "), "\(marked.outputText)")
    }

    @Test("a child process keeps none of the runner's files open: another child's pipe ends when that child does")
    func childrenInheritNothing() throws {
        // A pipe left open to children, as Foundation's Process leaves the one it reads ncal from.
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let listing = try ChildProcess.run("/bin/ls", ["/proc/self/fd"], environment: ["PATH": "/usr/bin:/bin"])
        close(ends[1])
        let open = Set(listing.outputText.split(separator: "\n").compactMap { Int32($0) })
        // 0, 1, 2 and the folder ls itself opens to list them.
        #expect(!open.contains(ends[0]) && !open.contains(ends[1]), "the child had \(open.sorted()) open")
        #expect(open.isSuperset(of: [0, 1, 2]) && open.count <= 4, "the child had \(open.sorted()) open")
    }
}
