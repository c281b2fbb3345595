import AttendanceApp
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import AttendanceTestSupport
import Foundation
import Testing

/// `attendance import punches` and `attendance export punches`. The harness clock is
/// 2026-11-21 14:03 in Asia/Kolkata.
@Suite("Import and export commands")
struct ImportExportCommandTests {
    let h = CommandHarness()

    init() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
        h.run("employee", "add", "E002", "--name", "Bo", "--start-date", "2026-10-01")
    }

    func write(_ text: String, to name: String, in harness: CommandHarness? = nil) -> String {
        let path = (harness ?? h).folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    let good = """
        code,timestamp,kind,note
        E001,2026-11-18T09:02:00+05:30,in,
        E001,2026-11-18T18:00:00+05:30,out,left on time
        E002,2026-11-18T10:00,in,
        E002,2026-11-19T01:30,out,late night

        """

    @Test("an import with a bad row imports nothing, names the line, and the rows that break the rules without it")
    func oneBadRow() {
        let path = write(
            good.replacingOccurrences(of: "E002,2026-11-18T10:00", with: "E002,2026-11-18 10h00"), to: "bad.csv")
        let result = h.run("import", "punches", path)
        #expect(result.status == 65)
        #expect(
            result.err == """
                attendance: \(path):4: invalid timestamp "2026-11-18 10h00": expected ISO 8601 such as 2026-11-18T09:02:00+05:30 (without an offset: local time in Asia/Kolkata)
                attendance: \(path):5: E002: on 2026-11-18, OUT at 2026-11-19 01:30 (line 5) would have no IN before it
                attendance: \(path): 2 bad rows; nothing was imported (the punch rules were judged without the rows that could not be read)

                """)
        #expect(result.out.isEmpty)
        #expect(h.run("punch", "list", "E001", "--month", "2026-11").out == "no punches for E001 in November 2026\n")
        #expect(!h.run("audit").out.contains("import"))
        // A row that breaks the rules on its own is named beside one that cannot be read.
        let both = write("code,timestamp,kind\nE001,2026-11-18T18:00,out\nE002,2026-11-18T25:30,in\n", to: "both.csv")
        let refused = h.run("import", "punches", both).err
        #expect(
            refused.contains(
                "\(both):2: E001: on 2026-11-18, OUT at 18:00 (line 2) would have no IN before it\n"))
        #expect(refused.contains("\(both):3: invalid timestamp"))
    }

    @Test("rows that break the punch rules are refused, each on its line, against what is stored too; nothing imported")
    func rulesHold() {
        h.run("employee", "edit", "E002", "--start-date", "2026-11-10")
        // Stored already: E001 IN on the 17th at 09:00, so an import's IN that day follows an IN.
        #expect(
            h.run("import", "punches", write("code,timestamp,kind\nE001,2026-11-17T09:00,in\n", to: "one.csv")).status
                == 0)
        let path = write(
            """
            code,timestamp,kind
            E001,2026-11-16T09:00,in
            E001,2026-11-16T10:00,in
            E002,2026-11-16T19:00,out
            E001,2026-11-17T12:00,in
            E002,2026-11-18T09:00:00,in
            E002,2026-11-18T09:00:20,in
            E002,2026-11-01T09:00,in
            E002,1970-01-01T09:00,in
            E001,2026-11-19T09:00,in
            E001,2026-11-19T17:00,out

            """, to: "rules.csv")
        let result = h.run("import", "punches", path)
        #expect(result.status == 65)
        #expect(
            result.err == """
                attendance: \(path):3: E001: on 2026-11-16, IN at 09:00 (line 2) would be followed by IN at 10:00 (line 3); punches must alternate IN, OUT, IN, OUT
                attendance: \(path):4: E002: on 2026-11-16, OUT at 19:00 (line 4) would have no IN before it
                attendance: \(path):5: E001: on 2026-11-17, IN at 09:00 (punch 1) would be followed by IN at 12:00 (line 5); punches must alternate IN, OUT, IN, OUT
                attendance: \(path):7: E002: on 2026-11-18, IN at 09:00 (line 6) would be followed by IN at 09:00 (line 7); punches must alternate IN, OUT, IN, OUT
                attendance: \(path):8: E002 is not employed on 2026-11-01 (employed from 2026-11-10)
                attendance: \(path):9: E002 is not employed on 1970-01-01 (employed from 2026-11-10)
                attendance: \(path): 6 bad rows; nothing was imported

                """)
        #expect(h.run("punch", "list", "E002", "--month", "2026-11").out == "no punches for E002 in November 2026\n")
    }

    @Test("every bad row is listed, then the count")
    func manyBadRows() {
        let path = write(
            "code,timestamp,kind\nE001,2026-11-18T09:02,in\nE404,2026-11-18T09:02,in\nE001,2026-11-18T09:02,up\n",
            to: "bad.csv")
        #expect(
            h.run("import", "punches", path).err == """
                attendance: \(path):3: no employee has code "E404"
                attendance: \(path):4: invalid kind "up": expected in or out
                attendance: \(path): 2 bad rows; nothing was imported

                """)
        let missing = h.run("import", "punches", h.folder + "/nope.csv")
        #expect(missing.status == 65 && missing.err == "attendance: the file \(h.folder)/nope.csv does not exist\n")
    }

    @Test("a file that is not UTF-8 is named with its line; a pipe is named as one; a configuration likewise")
    func notTextOrNotAFile() throws {
        let latin1 = h.folder + "/latin1.csv"
        _ = FileManager.default.createFile(
            atPath: latin1, contents: Data("code,timestamp,kind,note\nE001,2026-11-05T09:00,in,caf".utf8) + Data([0xE9])
        )
        #expect(h.run("import", "punches", latin1).err == "attendance: the file \(latin1) is not UTF-8 text (line 2)\n")
        let fifo = h.folder + "/pipe.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened for writing too, so reading it does not wait for a writer.
        let keep = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(keep) }
        #expect(
            h.run("import", "punches", fifo).err
                == "attendance: the file \(fifo) cannot be read: it is not a regular file (a pipe or a device); save it to a file first\n"
        )
        let config = h.folder + "/none.toml"
        _ = FileManager.default.createFile(
            atPath: config, contents: Data("[kiosk]\n# ok\noffice_name = \"Caf".utf8) + Data([0xE9, 0x22, 0x0A]))
        let bad = h.run("employee", "list")
        #expect(bad.status == 78)
        #expect(bad.err == "attendance: the configuration file \(config) is not UTF-8 text (line 3)\n")
        #expect(truncate(config, 3 << 20) == 0)
        let huge = h.run("employee", "list")
        #expect(huge.status == 78)
        #expect(
            huge.err
                == "attendance: the configuration file \(config) is 3072 KB; a configuration is a few KB, so this is not one (at most 1024 KB)\n"
        )
    }

    @Test("imported punches are marked in the calendar, the register and the summary, as simulated ones are")
    func importedPunchesAreMarked() throws {
        #expect(h.run("import", "punches", write(good, to: "old-clock.csv")).status == 0)
        let calendar = h.run("calendar", "E001", "--month", "2026-11").out
        #expect(calendar.contains("\nPunches imported from another time clock: 18\n"), "\(calendar)")
        let register = h.run("register", "--month", "2026-11").out
        #expect(register.contains("\nPunches imported from another time clock: E001 18; E002 18\n"), "\(register)")
        let csv = CSVReader.parse(h.run("register", "--month", "2026-11", "--format", "csv").out)
        #expect(csv[0].last == "imported_days" && csv[1].last == "18")
        let json = h.run("register", "--month", "2026-11", "--format", "json").out
        let register_ = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(register_["employees"] as? [[String: Any]])
        #expect(rows.map { $0["imported_dates"] as? [String] } == [["2026-11-18"], ["2026-11-18"]])
        #expect(
            h.run("summary", "--week", "2026-11-18").out.contains("Punches imported from another time clock: Wed 18\n"))
        let month = h.run("calendar", "E001", "--month", "2026-11", "--format", "json").out
        let calendar_ = try #require(try JSONSerialization.jsonObject(with: Data(month.utf8)) as? [String: Any])
        let days = try #require(calendar_["days"] as? [[String: Any]])
        #expect(days.filter { $0["imported"] as? Bool == true }.map { $0["date"] as? String } == ["2026-11-18"])
    }

    @Test("importing the same file again adds nothing")
    func reimport() {
        let path = write(good, to: "old-clock.csv")
        #expect(h.run("import", "punches", path).out == "imported 4 punches from \(path)\n")
        #expect(h.run("import", "punches", path).out == "imported 0 punches from \(path) (4 already present)\n")
        #expect(h.run("punch", "list", "E002", "--format", "csv").out.components(separatedBy: ",import,").count == 3)
        #expect(h.run("audit").out.contains("tester (uid 1000)  imported punches old-clock.csv"))
    }

    @Test("export writes the effective punches in the import format")
    func export() throws {
        h.run("import", "punches", write(good, to: "old-clock.csv"))
        h.run("punch", "void", "4", "--reason", "wrong person")
        h.run("punch", "retime", "1", "--at", "2026-11-18 09:00", "--reason", "clock was fast")
        #expect(
            h.run("export", "punches", "--month", "2026-11").out
                == "code,timestamp,kind,note,source\r\n" + "E001,2026-11-18T09:00:00+05:30,in,,import\r\n"
                + "E001,2026-11-18T18:00:00+05:30,out,left on time,import\r\n"
                + "E002,2026-11-18T10:00:00+05:30,in,,import\r\n")
        let output = h.folder + "/export.csv"
        #expect(
            h.run("export", "punches", "--month", "2026-11", "--output", output).out
                == "exported 3 punches of November 2026 to \(output)\n")
        #expect(
            FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("code,")
                == true)
        #expect(h.run("export", "punches", "--month", "2026-10").out == "code,timestamp,kind,note,source\r\n")
    }

    @Test("--output follows a symbolic link, keeps the file's mode, and writes into a device as it is")
    func exportOutputTargets() throws {
        h.run("import", "punches", write(good, to: "old-clock.csv"))
        let real = h.folder + "/real.csv"
        let link = h.folder + "/link.csv"
        _ = FileManager.default.createFile(atPath: real, contents: Data("old\n".utf8))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.csv")
        #expect(h.run("export", "punches", "--month", "2026-11", "--output", link).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.csv")
        let written = try String(contentsOfFile: real, encoding: .utf8)
        #expect(written.hasPrefix("code,timestamp,kind,note,source\r\nE001,"))
        var info = stat()
        #expect(stat(real, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: h.folder).filter { $0.hasPrefix(".") }.isEmpty)

        // A device is written into, not replaced by a file; its error is the command's.
        let full = h.run("export", "punches", "--month", "2026-11", "--output", "/dev/full")
        #expect(full.status == 73)
        #expect(
            full.err == "attendance: cannot write /dev/full: No space left on device; what was written is incomplete\n")
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let folder = h.run("export", "punches", "--month", "2026-11", "--output", h.folder)
        #expect(folder.status == 73 && folder.err.hasSuffix("it is a folder; nothing was written there\n"))
        let dangling = h.folder + "/dangling.csv"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "no/such/file.csv")
        let broken = h.run("export", "punches", "--month", "2026-11", "--output", dangling)
        #expect(broken.status == 73)
        #expect(broken.err.contains("its symbolic link cannot be followed (No such file or directory)"))
    }

    @Test("--output never writes over the store, its journal, the configuration or any SQLite database")
    func exportOutputRefusesRecords() throws {
        h.run("import", "punches", write(good, to: "old-clock.csv"))
        h.writeConfig("[policy]\ntimezone = \"Asia/Kolkata\"\n")
        let config = h.folder + "/none.toml"
        let backup = h.folder + "/backup.sqlite"
        #expect(h.run("store", "backup", backup).status == 0)
        let link = h.folder + "/store-link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: h.storePath)
        for (target, reason) in [
            (h.storePath, "it is \(h.storePath), which this program keeps; choose another file"),
            (link, "it is \(h.storePath), which this program keeps; choose another file"),
            (config, "it is \(config), which this program keeps; choose another file"),
            (backup, "it is an SQLite database (a store or a backup?); choose another file"),
        ] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let refused = h.run("export", "punches", "--month", "2026-11", "--output", target)
            #expect(refused.status == 73, "\(target)")
            #expect(refused.err == "attendance: cannot write \(target): \(reason); nothing was written there\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before, "\(target)")
        }
        // Every punch is still there.
        #expect(h.run("punch", "list", "E001", "--month", "2026-11").status == 0)
        #expect(try AttendanceStore(path: h.storePath).punchCount() == 4)
    }

    @Test("output lost to a full disk is exit status 73 and a line on standard error, not a quiet success")
    func outputToFullDisk() throws {
        h.run("import", "punches", write(good, to: "old-clock.csv"))
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let err = CapturingSink()
        var context = h.context(err: err)
        context.out = Console(sink: FileDescriptorSink(fd: fd), usesColor: false)
        #expect(Attendance.run(["export", "punches", "--month", "2026-11"], in: context) == 73)
        #expect(
            err.text
                == "attendance: the output could not be written (No space left on device); what the command did is "
                + "done, but what it printed is incomplete\n")
        // A command that failed keeps its own status and says only its own line.
        let failing = CapturingSink()
        context.err = Console(sink: failing, usesColor: false)
        #expect(Attendance.run(["export", "punches", "--month", "2026-13"], in: context) == 65)
        #expect(!failing.text.contains("could not be written"))
    }

    @Test("export then import into an empty store with the same employees gives the same calendars")
    func roundTrip() throws {
        // A month with kiosk punches (one with milliseconds), an import, and corrections of every kind.
        let store = try AttendanceStore(path: h.storePath)
        let zone = try #require(LocalZone(identifier: "Asia/Kolkata"))
        let policy = Policy(zone: zone)
        for (kind, local, extra) in [
            (PunchKind.in, "2026-11-02 09:46", 0.5), (.out, "2026-11-02 18:10", 0), (.in, "2026-11-03 09:30", 0),
            (.out, "2026-11-03 12:00", 0), (.in, "2026-11-04 22:00", 0), (.out, "2026-11-05 01:30", 0),
            (.in, "2026-11-09 09:20", 0),
        ] {
            let instant = try zone.instant(parsingLocal: local).addingTimeInterval(extra)
            let attempt = PunchAttempt(
                employeeID: 1, kind: kind, instant: instant, zone: zone.identifier, source: .simulated)
            _ = try store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
                policy.decide(kind, at: instant, recent: $0)
            }
        }
        h.run("import", "punches", write(good, to: "old-clock.csv"))
        #expect(
            h.run("punch", "add", "E001", "--at", "2026-11-09 17:00", "--kind", "out", "--reason", "forgot").status == 0
        )
        #expect(h.run("punch", "void", "4", "--reason", "went home at noon, not back").status == 0)
        #expect(h.run("punch", "retime", "8", "--at", "2026-11-18 09:10", "--reason", "clock").status == 0)
        #expect(
            h.run("punch", "add", "E002", "--at", "2026-11-20 09:00", "--kind", "in", "--reason", "kiosk down").status
                == 0)
        let exported = h.folder + "/november.csv"
        #expect(h.run("export", "punches", "--month", "2026-11", "--output", exported).status == 0)

        let fresh = CommandHarness(now: h.now)
        fresh.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
        fresh.run("employee", "add", "E002", "--name", "Bo", "--start-date", "2026-10-01")
        #expect(fresh.run("import", "punches", exported).out == "imported 12 punches from \(exported)\n")

        let month = try YearMonth(parsing: "2026-11")
        func calendars(_ path: String) throws -> [String] {
            let store = try AttendanceStore(path: path)
            let punches = try store.punchesByEmployee(from: month.firstDay, through: month.lastDay)
            return try store.employees().map { employee in
                let evaluation = StatusEngine(employee: employee, policy: policy, now: h.now).evaluate(
                    month: month, punches: punches[employee.id] ?? [])
                return evaluation.days.map { "\($0.date) \($0.code) \($0.workedSeconds)" }.joined(separator: "\n")
            }
        }
        let before = try calendars(h.storePath)
        #expect(before[0].contains("2026-11-02 L 30239.5"))  // the half second came through
        #expect(before[0].contains("2026-11-03 M 0.0"))  // its OUT was voided
        #expect(try calendars(fresh.storePath) == before)
        // The same punches, but each says where it came from: the kiosk's marked simulated, the
        // manager's manual, the file's import; read back, every one of them is an import.
        let original = CSVReader.parse(h.run("export", "punches", "--month", "2026-11").out)
        let again = CSVReader.parse(fresh.run("export", "punches", "--month", "2026-11").out)
        #expect(original.map { $0.dropLast() } == again.map { $0.dropLast() })
        #expect(Set(original.dropFirst().map(\.last)) == ["simulated", "import", "manual"])
        #expect(Set(again.dropFirst().map(\.last)) == ["import"])
    }
}

@Suite("The CSV formula guard")
struct FormulaGuardTests {
    @Test(
        "a note comes back from export and import exactly as stored, guard or no guard",
        arguments: ["=x", "'=x", "''=x", "'hello", "-5", "+49 30 1234", "@home", "'", "'-", "plain"])
    func roundTrip(note: String) throws {
        let csv = CSV.render(
            header: ["code", "timestamp", "kind", "note"], rows: [["E1", "2026-11-18T09:00Z", "in", note]])
        let zone = try #require(LocalZone(identifier: "UTC"))
        let file = PunchFile(parsing: csv, zone: zone)
        #expect(file.issues.isEmpty)
        #expect(file.rows.first?.note == note, "exported as \(csv)")
        // And a spreadsheet never sees a formula.
        let cell = String(csv.split(separator: "\r\n")[1].split(separator: ",", maxSplits: 3)[3])
        #expect(!"=+@".contains(cell.first ?? " ") && !(cell.hasPrefix("-") && Double(cell) == nil), "\(cell)")
    }
}
