import Foundation
import Testing

/// Bytes overwritten in the middle of the store. `store check` and the
/// kiosk's start-up find it, the kiosk goes out of service, and nothing writes to the file;
/// the backup of a sound store is itself sound.
@Suite("Reliability: corruption")
struct CorruptionTests {
    /// A store of a few hundred pages: four workers' punches for every day of a year, ending five weeks ago.
    static func busyStore() throws -> Sandbox {
        let s = try Office.sandbox()
        var csv = "code,timestamp,kind,note\n"
        for day in -400 ..< -35 {
            for worker in 1...4 {
                let arrived = ScenarioClock.iso(ScenarioClock.instant(day: day, time: "09:0\(worker)"))
                let left = ScenarioClock.iso(ScenarioClock.instant(day: day, time: "18:0\(worker)"))
                csv += "\(Office.code(worker)),\(arrived),in,came in by the main door\n"
                csv += "\(Office.code(worker)),\(left),out,\n"
            }
        }
        let file = s.folder + "/year.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try s.run("import", "punches", file)
        #expect(imported.status == 0 && imported.out == "imported 2920 punches from \(file)\n", "\(imported.err)")
        return s
    }

    /// Overwrites 8 KiB from just before the middle page: the end of one page and the header of
    /// the next, as a bad sector or a stray write would.
    @discardableResult
    static func damageMiddle(of path: String) throws -> (offset: Int, pages: Int) {
        let pages = fileSize(path) / 4096
        let offset = pages / 2 * 4096 - 100
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.synchronize()
        return (offset, pages)
    }

    @Test("the backup of a sound store is a single file that passes integrity_check and holds every punch")
    func backupOfSoundStore() throws {
        let s = try Self.busyStore()
        let copy = s.folder + "/backup.sqlite"
        let backup = try s.run("store", "backup", copy)
        #expect(backup.status == 0)
        #expect(backup.out == "backed up \(s.store) to \(copy) (integrity ok)\n")
        #expect(
            try runTool(
                "/usr/bin/sqlite3", [copy, "PRAGMA integrity_check; PRAGMA journal_mode; SELECT count(*) FROM punch"]
            ).output == "ok\ndelete\n2920\n")
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
    }

    @Test("bytes overwritten mid-file: store check reports it, changes nothing, and a backup is refused")
    func storeCheckFindsDamage() throws {
        let s = try Self.busyStore()
        #expect(try s.sqlite("PRAGMA freelist_count") == "0\n")  // every page is in use
        let (_, pages) = try Self.damageMiddle(of: s.store)
        #expect(pages > 100)
        let damaged = contents(of: s.store)

        for arguments in [["store", "check"], ["store", "check", "--thorough"]] {
            let check = try Executable.run(arguments, environment: s.environment)
            #expect(check.status == 74, "\(arguments)")
            #expect(check.out.hasPrefix("store: \(s.store)\n"))
            #expect(check.out.split(separator: "\n").count >= 2, "\(check.out)")
            #expect(!check.out.contains("\nok\n"))
            let stated = try #require(
                check.err.firstMatch(
                    of:
                        /attendance: the attendance store at (.+) is damaged \((\d+) problem\(s\) found\); restore a backup \(see `attendance store check`\)\n/
                ))
            #expect(stated.1 == s.store && Int(stated.2) ?? 0 >= 1)
            #expect(contents(of: s.store) == damaged, "store check wrote to the damaged file")
        }

        let copy = s.folder + "/backup.sqlite"
        let backup = try s.run("store", "backup", copy)
        #expect(backup.status == 74)
        #expect(backup.err.hasPrefix("attendance: backup failed: "), "\(backup.err)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test("bytes overwritten mid-file: the kiosk starts out of service, takes no punch, and never writes to the file")
    func kioskStartsOutOfService() throws {
        let s = try Self.busyStore()
        try Self.damageMiddle(of: s.store)
        let damaged = contents(of: s.store)

        let kiosk = try KioskSession(sandbox: s)
        let screen = words(of: try kiosk.waitFor("OUT OF SERVICE"))
        #expect(screen.contains("OUT OF SERVICE"))
        #expect(screen.contains("Attendance cannot be recorded at this kiosk right now. Please tell your manager."))
        #expect(
            screen.firstMatch(of: /The attendance store is damaged \(\d+ problem\(s\)\); restore a backup\./) != nil,
            "\(screen)")
        // Typing a code and IN changes nothing.
        try kiosk.send(Office.code(1), "Enter")
        try kiosk.send("i")
        try kiosk.send("Enter")
        let after = try kiosk.waitFor("OUT OF SERVICE")
        #expect(!after.contains("Employee code") && !after.contains("MARKED"))

        let pid = try #require(try kiosk.kioskPID())
        kill(pid, SIGTERM)
        #expect(try kiosk.waitFor("KIOSK-ENDED").contains("KIOSK-ENDED 0"))
        #expect(contents(of: s.store) == damaged, "the kiosk wrote to the damaged file")
        #expect(fileSize(s.store + "-wal") == 0, "the kiosk wrote to the WAL")
    }
}
