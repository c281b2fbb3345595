import AttendanceApp
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceTestSupport
import Foundation

/// Benchmarks of the reports, for `attendance-bench` to call (figures, not pass/fail tests):
///
/// - ``registerOf2000Employees(folder:)``: the register for 2,000 employees × 31 days from about
///   120,000 punches (target under 250 ms);
/// - ``calendarAmong5MillionPunches(folder:)``: one employee's calendar from a store holding
///   5,000,000 punches (target under 1 ms).
///
/// Each seeds a fresh store in `folder` with SQL in one transaction through the `sqlite3` tool
/// (fast, and the store's API rightly has no bulk insert), times the work with the store already
/// open, and removes the store afterwards.
enum ReportBenchmarks {
    /// One measured figure.
    struct Result: CustomStringConvertible {
        let name: String
        /// The median of the timed runs, in milliseconds.
        let medianMilliseconds: Double
        /// The first (cold) run, in milliseconds.
        let firstMilliseconds: Double
        let targetMilliseconds: Double
        /// What was measured on: rows, punches, seeding time.
        let details: String

        var description: String {
            let verdict = medianMilliseconds < targetMilliseconds ? "under" : "OVER"
            return "\(name): median \(Self.format(medianMilliseconds)) ms, first \(Self.format(firstMilliseconds)) ms "
                + "(\(verdict) the \(Self.format(targetMilliseconds)) ms target); \(details)"
        }

        static func format(_ value: Double) -> String { String(format: "%.2f", value) }
    }

    enum Failure: Error, CustomStringConvertible {
        case seeding(String)
        case unexpected(String)

        var description: String {
            switch self {
            case .seeding(let message): "seeding the benchmark store failed: \(message)"
            case .unexpected(let message): message
            }
        }
    }

    /// The zone and month the benchmarks use: a 31-day month in a zone without DST.
    static let zone = LocalZone(TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800) ?? .current)
    static let month = YearMonth(year: 2026, month: 10)

    // MARK: - The register

    /// The October 2026 register of 2,000 employees: everyone's punches in one query, statuses
    /// with the month's shift instants shared, and the 132-column pages rendered as text.
    static func registerOf2000Employees(folder: String = NSTemporaryDirectory(), runs: Int = 7) throws -> Result {
        guard let month else { throw Failure.unexpected("no month") }
        let path = folder + "/attendance-bench-register-\(getpid()).sqlite"
        defer { removeStore(at: path) }
        let seeding = try seed(
            path, employees: 2_000, days: month.dayCount, firstDay: month.firstDay, lunchEvery: 3, absentEvery: 23)
        let store = try AttendanceStore(path: path)
        let punches = try store.punchCount()
        let configuration = Self.configuration()
        let now = zone.instant(on: month.lastDay.adding(days: 5), at: try WallClockTime(parsing: "12:00"))
        var pages = 0
        let times = try measure(runs: runs) {
            pages = try Reports.registerPages(
                month, configuration: configuration, now: now, store: store, employeesPerPage: 25
            ).count
        }
        let evaluateOnly = try measure(runs: runs) {
            _ = try Reports.register(month, policy: configuration.policy, now: now, store: store)
        }
        let queryOnly = try measure(runs: runs) {
            _ = try store.punchesByEmployee(from: month.firstDay, through: month.lastDay)
        }
        return Result(
            name: "register, 2,000 employees × 31 days", medianMilliseconds: median(times), firstMilliseconds: times[0],
            targetMilliseconds: 250,
            details: "\(punches) punches, \(pages) pages; without rendering: median "
                + "\(Result.format(median(evaluateOnly))) ms, of which punchesByEmployee "
                + "\(Result.format(median(queryOnly))) ms; seeding took \(Result.format(seeding)) s")
    }

    // MARK: - One calendar in a large store

    /// One employee's October 2026 calendar (query, statuses, the 80-column view) from a store
    /// of 5,000,000 punches: 5,000 employees × 500 dates × 2 punches.
    static func calendarAmong5MillionPunches(folder: String = NSTemporaryDirectory(), runs: Int = 21) throws -> Result {
        guard let month else { throw Failure.unexpected("no month") }
        let path = folder + "/attendance-bench-calendar-\(getpid()).sqlite"
        defer { removeStore(at: path) }
        // 500 dates ending with the month, every date a working one for this store's purpose.
        let firstDay = month.lastDay.adding(days: -499)
        let seeding = try seed(
            path, employees: 5_000, days: 500, firstDay: firstDay, lunchEvery: 0, absentEvery: 0, everyDay: true)
        let store = try AttendanceStore(path: path)
        let punches = try store.punchCount()
        guard let employee = try store.employee(code: "E2500") else { throw Failure.unexpected("no employee E2500") }
        let configuration = Self.configuration()
        let now = zone.instant(on: month.lastDay.adding(days: 1), at: try WallClockTime(parsing: "12:00"))
        var lines = 0
        let times = try measure(runs: runs) {
            let view = try Reports.calendar(
                of: employee, month: month, configuration: configuration, now: now, store: store)
            lines = view.description.split(separator: "\n").count
        }
        return Result(
            name: "calendar of one employee among 5,000,000 punches", medianMilliseconds: median(times),
            firstMilliseconds: times[0], targetMilliseconds: 1,
            details: "\(punches) punches, \(lines) lines; seeding took \(Result.format(seeding)) s")
    }

    // MARK: - Seeding

    static func configuration() -> Configuration {
        var configuration = Configuration(hostZone: zone)
        configuration.kiosk.officeName = "Benchmark Office"
        return configuration
    }

    /// Inserts `employees` employees (E0001 …) and their punches on `days` dates from `firstDay`
    /// with one SQL script in one transaction, and returns the seconds it took.
    ///
    /// Each working date (every date when `everyDay`) gets an IN between 09:00 and 09:49 and an
    /// OUT between 18:00 and 18:39; every `lunchEvery`-th employee-date also an OUT at 13:00 and
    /// an IN at 13:40; every `absentEvery`-th employee-date has no punches. Every punch carries
    /// the evidence a kiosk records (SSID, one of three BSSIDs, a location), and one punch in
    /// `correctEvery / 2` has a manager's correction (voids and five-minute re-times by turns),
    /// so reports take the path that applies corrections.
    ///
    /// Rows go in employee by employee, the order an import of per-employee files leaves: a
    /// month's punches are then scattered over the table, the harder case for reading a month.
    static func seed(
        _ path: String, employees: Int, days: Int, firstDay: AttendanceDate, lunchEvery: Int, absentEvery: Int,
        everyDay: Bool = false, correctEvery: Int = 500
    ) throws -> Double {
        let offset = zone.offset(at: zone.instant(on: firstDay, at: try WallClockTime(parsing: "12:00")))
        let working = everyDay ? "1" : "strftime('%w', d.date) NOT IN ('0', '6')"
        let absent = absentEvery > 0 ? "(e.id * 7 + d.n) % \(absentEvery) <> 0" : "1"
        let lunch = lunchEvery > 0 ? "(e.id + d.n) % \(lunchEvery) = 0" : "0"
        // IN 09:00–09:49, OUT for lunch 13:00, back 13:40, OUT 18:00–18:39 (minutes of the day).
        let minute = """
            (CASE s.slot WHEN 0 THEN 540 + (e.id * 13 + d.n * 7) % 50 WHEN 1 THEN 780 WHEN 2 THEN 820
                ELSE 1080 + (e.id * 5 + d.n) % 40 END)
            """
        // The sqlite3 tool has no history-link function, so the chain's triggers go: a seeded
        // store's history is not chained (`store verify` would say so), which reports never read.
        let script = """
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA cache_size = -400000;
            DROP TRIGGER IF EXISTS punch_chained;
            DROP TRIGGER IF EXISTS punch_correction_chained;
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(employees))
            INSERT INTO employee (code, name, created_at_ms, updated_at_ms)
            SELECT printf('E%04d', i), 'Employee ' || i, 0, 0 FROM n;
            CREATE TEMP TABLE d AS
            WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < \(days - 1))
            SELECT n, date('\(firstDay)', '+' || n || ' days') AS date,
                (unixepoch(date('\(firstDay)', '+' || n || ' days')) - \(offset)) * 1000 AS midnight FROM k;
            CREATE TEMP TABLE s(slot INTEGER, kind TEXT);
            INSERT INTO s VALUES (0, 'in'), (1, 'out'), (2, 'in'), (3, 'out');
            INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location,
                created_at_ms)
            SELECT e.id, d.midnight + \(minute) * 60000, '\(zone.identifier)', d.date, s.kind, 'simulated',
                CAST('OfficeNet' AS BLOB), 'aa:bb:cc:dd:ee:0' || (1 + (e.id + s.slot) % 3),
                'HQ entrance ' || (1 + (e.id + s.slot) % 3), d.midnight + \(minute) * 60000
            FROM employee e CROSS JOIN temp.d d CROSS JOIN temp.s s
            WHERE \(working) AND \(absent) AND (s.slot IN (0, 3) OR \(lunch))
            ORDER BY e.id, d.n, s.slot;
            INSERT INTO punch_correction (punch_id, employee_id, action, punch_date, from_date, to_date, new_instant_ms,
                actor, at_ms, reason)
            SELECT id, employee_id, CASE WHEN id % \(correctEvery) = 0 THEN 'void' ELSE 'retime' END, attendance_date,
                attendance_date, attendance_date, CASE WHEN id % \(correctEvery) = 0 THEN NULL ELSE instant_ms + 300000 END,
                'bench', created_at_ms + 3600000, 'benchmark correction'
            FROM punch WHERE id % \(correctEvery) IN (0, \(correctEvery / 2))
            ORDER BY id;
            COMMIT;
            """
        // The store makes the schema (every migration) and is closed again, so that the seeding
        // may write without a journal: a crash here loses nothing but a benchmark store. Opening
        // the store afterwards puts it back in WAL mode.
        do { _ = try AttendanceStore(path: path) }
        let started = Date()
        let seeding: ChildProcess
        do {
            seeding = try ChildProcess.run("/usr/bin/sqlite3", [path], environment: [:], input: script)
        } catch {
            throw Failure.seeding("cannot run /usr/bin/sqlite3 (Debian package sqlite3): \(error)")
        }
        let message = seeding.errorText
        guard seeding.status == 0, message.isEmpty || message.hasPrefix("off") else {
            throw Failure.seeding(message)
        }
        return Date().timeIntervalSince(started)
    }

    static func removeStore(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    // MARK: - Timing

    /// Milliseconds of each of `runs` runs of `body`.
    static func measure(runs: Int, _ body: () throws -> Void) throws -> [Double] {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return times
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
