import AttendanceCore
import AttendanceStore
import AttendanceTestSupport
import Foundation

/// The one-shot `attendance mark in CODE` process, end to end, against its floor: the `sqlite3`
/// tool inserting one punch with `synchronous=FULL` into the same kind of store.
///
/// Both are whole processes started with `posix_spawn` and reaped with `waitpid`, in turns
/// (mark, floor, mark, floor, …) so that a burst of load from other work on the machine hits
/// both alike; `attendance --version` runs in the same turns, to show what starting the
/// executable costs before it does anything. The mark uses a simulated link (`[wifi] source = "simulated"`), a temporary store and
/// configuration, and ten employees marked IN, then OUT, and so on, with the duplicate window
/// at 0 s; every run must exit 0. The floor's store is made by the same code (every migration,
/// WAL), and its INSERT carries the same columns a mark stores.
enum MarkProcessBenchmark {
    struct Result {
        /// Seconds of each run.
        let mark: Sample
        let floor: Sample
        /// `attendance --version`: what starting the executable costs before any work.
        let startUp: Sample
        /// Peak resident memory of each mark process, in kilobytes.
        let markPeakKilobytes: Sample
        let employees: Int
    }

    static func run(attendance: String, runs: Int, folder: String) throws -> Result {
        let zone = ReportBenchmarks.zone
        let markStore = folder + "/mark.sqlite"
        let floorStore = folder + "/floor.sqlite"
        let config = folder + "/attendance.toml"
        try BenchOffice.writeConfiguration(to: config, zone: zone)

        let employees = 10
        let codes = try BenchOffice.seed(store: markStore, employees: employees, code: "M", name: "Marker")
        do {
            let floor = try AttendanceStore(path: floorStore)
            _ = try floor.addEmployee(
                NewEmployee(code: try EmployeeCode(parsing: "F1"), name: try PersonName(parsing: "Floor")),
                actor: "bench")
        }
        // The floor is the tool's own insert: the chain's trigger (which calls this program's
        // link function, unknown to the tool) is not part of it.
        let unchained = try ChildProcess.run(
            "/usr/bin/sqlite3", [floorStore, "DROP TRIGGER punch_chained"], environment: [:])
        guard unchained.status == 0 else {
            throw BenchFailure(description: "cannot prepare the floor store: \(unchained.errorText)")
        }

        let environment = [
            "ATTENDANCE_STORE": markStore, "ATTENDANCE_CONFIG": config, "HOME": folder, "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8", "TZ": zone.identifier,
        ]
        let floorEnvironment = ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        var marks: [Double] = []
        var floors: [Double] = []
        var startUps: [Double] = []
        var peaks: [Double] = []
        // Two rounds not counted: the binaries and the stores come into the page cache.
        let warmUp = 2
        for index in 0..<(runs + warmUp) {
            let code = codes[index % codes.count]
            let direction = (index / codes.count) % 2 == 0 ? "in" : "out"
            let mark = try ChildProcess.run(
                attendance, ["mark", direction, code],
                environment: environment)
            guard mark.status == 0 else {
                throw BenchFailure(
                    description:
                        "attendance mark \(direction) \(code) exited \(mark.status): \((mark.outputText + mark.errorText))"
                )
            }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let date = zone.localDateTime(of: Date()).date
            let insert = """
                PRAGMA synchronous = FULL;
                INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location,
                    created_at_ms)
                VALUES (1, \(now), '\(zone.identifier)', '\(date)', '\(direction)', 'simulated', CAST('OfficeNet' AS BLOB),
                    'aa:bb:cc:dd:ee:01', 'HQ lobby', \(now));
                """
            let floor = try ChildProcess.run(
                "/usr/bin/sqlite3", ["-batch", floorStore, insert], environment: floorEnvironment)
            guard floor.status == 0 else {
                throw BenchFailure(
                    description: "sqlite3 INSERT exited \(floor.status): \((floor.outputText + floor.errorText))")
            }
            let startUp = try ChildProcess.run(attendance, ["--version"], environment: environment)
            if index >= warmUp {
                marks.append(mark.seconds ?? 0)
                floors.append(floor.seconds ?? 0)
                startUps.append(startUp.seconds ?? 0)
            }
        }
        // The peak memory of as many more marks, each under GNU time (ProcessFigures.peakKilobytes).
        for index in (runs + warmUp)..<(2 * runs + warmUp) {
            let direction = (index / codes.count) % 2 == 0 ? "in" : "out"
            peaks.append(
                Double(
                    try ProcessFigures.peakKilobytes(
                        attendance, ["mark", direction, codes[index % codes.count]], environment: environment,
                        folder: folder)))
        }
        let stored = try AttendanceStore(path: markStore).punchCount()
        guard stored == 2 * runs + warmUp else {
            throw BenchFailure(
                description: "\(2 * runs + warmUp) marks exited 0 but the store holds \(stored) punches")
        }
        return Result(
            mark: Sample(marks), floor: Sample(floors), startUp: Sample(startUps), markPeakKilobytes: Sample(peaks),
            employees: employees)
    }
}
