import AttendanceICalendar
import AttendanceTestKit
import Foundation
import Testing

/// RecurrenceRule against an independent implementation: python-dateutil's rrule, over rules
/// generated at random (seeded, so every run sees the same ones) by `Oracles/rrule_oracle.py`.
@Suite("Recurrence rules against python-dateutil")
struct RecurrenceOracleTests {
    /// Debian's python, where the python3-dateutil package installs (a pyenv or /usr/local python
    /// first on PATH would not see it).
    static let python = "/usr/bin/python3"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracles/rrule_oracle.py").path

    struct Case: Decodable {
        let start: String
        let rule: String
        let through: String
        let dates: [String]
    }

    struct Oracle: Decodable { let cases: [Case] }

    /// The cases dateutil expanded for `seed`; fails the test (never skips it) when python3 or
    /// python3-dateutil is missing.
    static func cases(seed: Int, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Case] {
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "\(python) is missing: install python3 and python3-dateutil (scripts/install-deps.sh)",
            sourceLocation: sourceLocation)
        let child = try ChildProcess.run(
            python, [script, String(seed), String(count)], environment: ["LANG": "C.UTF-8"])
        try #require(
            child.status == 0,
            "the dateutil oracle failed (\(child.status)): \(child.errorText) — install python3-dateutil with `apt-get install -y python3-dateutil`",
            sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Oracle.self, from: Data(child.output)).cases
    }

    @Test(
        "300 generated rules per seed give exactly dateutil's dates",
        arguments: [20_261_124, 5545])
    func sameDatesAsDateutil(seed: Int) throws {
        let cases = try Self.cases(seed: seed, count: 300)
        #expect(cases.count == 300)
        var mismatches: [String] = []
        var compared = 0
        for oracle in cases {
            let start = try date(oracle.start)
            let through = try date(oracle.through)
            let rule: RecurrenceRule
            do {
                rule = try RecurrenceRule(parsing: oracle.rule)
            } catch {
                mismatches.append("\(oracle.rule): refused: \(error)")
                continue
            }
            let ours = rule.dates(startingOn: start, through: through).map(\.description)
            compared += max(ours.count, oracle.dates.count)
            if ours != oracle.dates {
                let missing = oracle.dates.filter { !ours.contains($0) }.prefix(3)
                let extra = ours.filter { !oracle.dates.contains($0) }.prefix(3)
                mismatches.append(
                    "\(oracle.rule) from \(oracle.start) through \(oracle.through): \(ours.count) dates, dateutil \(oracle.dates.count); "
                        + "missing \(Array(missing)), extra \(Array(extra))")
            }
        }
        #expect(
            mismatches.isEmpty, "\(mismatches.count) rules differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        // The generator must keep producing rules with dates, or the comparison proves little.
        #expect(compared > 10_000, "only \(compared) dates compared")
        print("recurrence oracle seed \(seed): \(cases.count) rules, \(compared) dates compared")
    }
}
