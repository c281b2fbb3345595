import AttendanceCore
import AttendanceStore
import Foundation

/// The figures of one run of ``importBenchmark(rows:employees:)``, in seconds.
struct ImportBenchmarkResult {
    let rows: Int
    /// Reading and checking the CSV text.
    let parse: Double
    /// Storing every row in one transaction (checks against employees and the clock included).
    let importing: Double
    /// Importing the same file again, which adds nothing.
    let reimport: Double
    /// `store verify` of the whole history afterwards (every punch and audit entry re-hashed).
    let verify: Double
    /// Records in that history.
    let chained: Int
}

/// Imports `rows` punches (IN and OUT of `employees` employees on consecutive working dates)
/// into a fresh store in a temporary folder, then imports the same file again, and times each
/// step. Not a test: `attendance-bench` calls it to print the figure for BENCHMARKS.md.
func importBenchmark(rows: Int = 100_000, employees: Int = 100) throws -> ImportBenchmarkResult {
    let folder = NSTemporaryDirectory() + "attendance-import-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let zone = LocalZone(identifier: "Asia/Kolkata") else { throw StoreError.ioError("no Asia/Kolkata zone") }
    let policy = Policy(zone: zone)
    let now = Date(timeIntervalSince1970: 1_795_250_000)  // 2026-11-21
    let store = try AttendanceStore(path: folder + "/bench.sqlite", clock: { now })
    for number in 1...employees {
        try store.addEmployee(
            NewEmployee(
                code: try EmployeeCode(parsing: "E\(number)"), name: try PersonName(parsing: "Employee \(number)")),
            actor: "bench")
    }

    // Two punches per employee and date, dates going back from the day before `now`.
    var text = "code,timestamp,kind,note\n"
    let perDate = employees * 2
    let dates = (rows + perDate - 1) / perDate
    let first = policy.attendanceDate(of: now).adding(days: -dates - 1)
    var written = 0
    outer: for offset in 0..<dates {
        let date = first.adding(days: offset)
        for number in 1...employees {
            for (kind, time) in [("in", "09:\(10 + number % 40)"), ("out", "18:\(10 + number % 40)")] {
                guard written < rows else { break outer }
                text += "E\(number),\(date)T\(time):00+05:30,\(kind),\n"
                written += 1
            }
        }
    }

    let clock = ContinuousClock()
    var file: PunchFile?
    let parse = clock.measure { file = PunchFile(parsing: text, zone: zone) }
    guard let file, file.issues.isEmpty, file.rows.count == rows else {
        throw StoreError.ioError("the generated file did not parse: \(file?.issues.first?.description ?? "")")
    }
    var added = 0
    let importing = try clock.measure {
        added = try store.importPunches(file, named: "bench.csv", actor: "bench", policy: policy, now: now).added
    }
    var again = 0
    let reimport = try clock.measure {
        again = try store.importPunches(file, named: "bench.csv", actor: "bench", policy: policy, now: now).added
    }
    guard added == rows, again == 0 else { throw StoreError.ioError("imported \(added), then \(again)") }
    var check: HistoryCheck?
    let verify = try clock.measure { check = try store.verifyHistory() }
    guard let check, check.problem == nil else {
        throw StoreError.ioError("the history does not verify: \(check?.problem?.description ?? "")")
    }
    return ImportBenchmarkResult(
        rows: rows, parse: parse.seconds, importing: importing.seconds, reimport: reimport.seconds,
        verify: verify.seconds, chained: check.records)
}
