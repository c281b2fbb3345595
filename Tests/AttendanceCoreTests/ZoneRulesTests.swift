import AttendanceTestKit
import Foundation
import Synchronization
import Testing

@testable import AttendanceCore

/// The system time zone database read by ``ZoneRules``, against Python's zoneinfo reading the
/// same files: every zone and link tzdata installs, at each of its transitions and the second
/// before it, at the changes its footer rule gives for 2038–2100, and at instants drawn at random.
@Suite("Zone rules from the system's time zone database")
struct ZoneRulesTests {
    static let python = "/usr/bin/python3"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracles/zoneinfo_oracle.py").path

    /// The names the core asked the database for, through the reader these tests pass.
    static let asked = Mutex<Set<String>>([])

    /// The system's files as the core's database, as the executable passes them (the core reads
    /// no file itself); every name asked for is recorded.
    static let database = ZoneDatabase { name in
        asked.withLock { _ = $0.insert(name) }
        return try? [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
    }

    /// Every zone and link name in tzdata's own list of what it installs.
    static func installedNames() throws -> [String] {
        let list = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
        var names: [String] = []
        for line in list.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { names.append(String(fields[1])) }
            if fields.first == "L", fields.count > 2 { names.append(String(fields[2])) }
        }
        return names.sorted()
    }

    @Test("every installed zone gives zoneinfo's offset at its transitions, its footer's changes and at random")
    func sameOffsetsAsZoneinfo() throws {
        let names = try Self.installedNames()
        #expect(names.count > 500, "tzdata lists \(names.count) zones and links")
        var queries: [(name: String, rules: ZoneRules, instant: Int64)] = []
        var random = SeededGenerator(seed: 20_261_125)
        let footerYears = 2038...2100
        for name in names {
            let rules = try #require(Self.database.rules(named: name), "\(name) could not be read")
            var instants: Set<Int64> = []
            for transition in rules.transitions where transition > -2_208_988_800 {
                instants.insert(transition - 1)
                instants.insert(transition)
            }
            if let daylight = rules.footer?.daylight, let footer = rules.footer {
                for year in footerYears {
                    let start =
                        Int64(daylight.start.dayNumber(in: year) * 86_400 + daylight.start.time - footer.standardOffset)
                    let end = Int64(daylight.end.dayNumber(in: year) * 86_400 + daylight.end.time - daylight.offset)
                    for edge in [start, end] { instants.formUnion([edge - 1, edge, edge + 3599]) }
                }
            }
            for _ in 0..<60 { instants.insert(Int64(random.next() % 4_102_444_800)) }  // 1970–2100
            for instant in instants.sorted() { queries.append((name, rules, instant)) }
        }
        try #require(FileManager.default.isExecutableFile(atPath: Self.python), "\(Self.python) is missing")
        let input = queries.map { "\($0.name) \($0.instant)" }.joined(separator: "\n") + "\n"
        let child = try ChildProcess.run(
            Self.python, [Self.script], environment: ["LANG": "C.UTF-8"], input: input)
        try #require(child.status == 0, "the zoneinfo oracle failed: \(child.errorText)")
        let expected = child.outputText.split(separator: "\n").map { Int($0) }
        try #require(expected.count == queries.count)
        var mismatches: [String] = []
        for (query, offset) in zip(queries, expected) where query.rules.offset(at: query.instant) != offset {
            mismatches.append(
                "\(query.name) at \(query.instant): ours \(query.rules.offset(at: query.instant)), zoneinfo \(offset ?? -1)"
            )
        }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) of \(queries.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
        #expect(queries.count > 150_000)
    }

    @Test(
        "footer rules: the day, the time and the offsets of each change",
        arguments: [
            // Berlin: last Sunday of March 01:00 UTC, last Sunday of October 01:00 UTC.
            ("CET-1CEST,M3.5.0,M10.5.0/3", 2030, 1_901_149_200 - 1, 3600),
            ("CET-1CEST,M3.5.0,M10.5.0/3", 2030, 1_901_149_200, 7200),
            // New York: second Sunday of March, first Sunday of November.
            ("EST5EDT,M3.2.0,M11.1.0", 2030, 1_899_356_400 - 1, -18_000),
            ("EST5EDT,M3.2.0,M11.1.0", 2030, 1_899_356_400, -14_400),
            // Lord Howe: half an hour of daylight time, southern summer across the new year.
            ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", 2040, 2_208_988_800, 39_600),
            // Permanent daylight time written as a year-long change, and a fixed zone.
            ("EST5EDT,0/0,J365/25", 2040, 2_222_222_222, -14_400), ("<-03>3", 2040, 2_222_222_222, -10_800),
            ("IST-5:30", 2040, 2_222_222_222, 19_800),
            // Nuuk: a change at -1:00 local time: 23:00 on the Saturday before.
            ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", 2040, 2_216_250_000 - 1, -7200),
        ] as [(String, Int, Int64, Int)])
    func footerRules(rule: String, year: Int, instant: Int64, offset: Int) throws {
        let parsed = try PosixZoneRule(parsing: Array(rule.utf8))
        #expect(parsed.offset(at: instant) == offset, "\(rule) at \(instant) (\(year))")
    }

    @Test("malformed rules and files are refused, and such a zone falls back to Foundation's or to none")
    func refusals() throws {
        for rule in [
            "", "CE-1", "CET", "CET-1CEST", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
            "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J366,J10", "CET-1CEST,M3.5.0,M10.5.0/168", "<AB>1", "CET-25",
        ] {
            #expect(throws: ZoneRules.Unreadable.self, "\(rule)") { try PosixZoneRule(parsing: Array(rule.utf8)) }
        }
        let berlin = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))
        let broken: [[UInt8]] = [
            Array(berlin.prefix(60)), [0x54, 0x5A, 0x69, 0x66] + Array(berlin.dropFirst(4).prefix(10)),
            Array("TZjf".utf8) + Array(berlin.dropFirst(4)),
        ]
        for broken in broken {
            #expect(throws: ZoneRules.Unreadable.self) { try ZoneRules(tzif: broken) }
        }
        // Names that are not zone names, or leave the database's folder, are not looked up.
        for name in [
            "../../../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd", "Europe//Berlin", "Europe/Berlin\u{0}",
        ] {
            #expect(Self.database.rules(named: name) == nil, "\(name)")
            #expect(!Self.asked.withLock { $0.contains(name) }, "\(name) reached the reader")
        }
        #expect(LocalZone(identifier: "Mars/Olympus", in: Self.database) == nil)
        #expect(LocalZone(identifier: "CET", in: Self.database) == nil)
        #expect(LocalZone(identifier: "Europe/Berlin", in: Self.database)?.identifier == "Europe/Berlin")
        #expect(
            LocalZone(identifier: "UTC", in: Self.database)?.offset(at: Date(timeIntervalSince1970: 1_800_000_000)) == 0
        )
    }
}
