import AttendanceTestSupport
import Foundation
import Testing

/// Backups a day at a time, kept for a number of days; a damaged store restored from one as the
/// README says; and a reader of the store's group, who reads while the kiosk writes and changes
/// nothing.
@Suite("Reliability: backups and restoring")
struct BackupRestoreTests {
    static func backupName(_ day: Int) -> String { "attendance-\(ScenarioClock.day(day)).sqlite" }

    static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("store backup --into writes today's file, keeps the last N days and touches no other file")
    func dailyBackups() throws {
        let s = try Office.sandbox()
        #expect(try s.run("mark", "in", Office.code(1)).status == 0)
        let folder = s.folder + "/backups"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Earlier nights' backups, real ones, and two files that are not backups of a date.
        for day in [-1, -2, -3, -10] {
            #expect(try s.run("store", "backup", folder + "/" + Self.backupName(day)).status == 0)
        }
        for other in ["notes.txt", "attendance-latest.sqlite"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + other, contents: Data("keep me\n".utf8))
        }

        let today = folder + "/" + Self.backupName(0)
        let first = try s.run("store", "backup", "--into", folder, "--keep-days", "3")
        #expect(first.status == 0, "\(first.err)")
        #expect(
            first.out == """
                backed up \(s.store) to \(today) (integrity ok)
                removed \(folder)/\(Self.backupName(-10)), older than 3 days
                removed \(folder)/\(Self.backupName(-3)), older than 3 days

                """)
        #expect(
            Self.listing(folder)
                == [
                    Self.backupName(-2), Self.backupName(-1), Self.backupName(0), "attendance-latest.sqlite",
                    "notes.txt",
                ].sorted())
        #expect(
            try runTool("/usr/bin/sqlite3", [today, "PRAGMA integrity_check; SELECT count(*) FROM punch"]).output
                == "ok\n1\n")

        // A second run the same day keeps the day's file as it was.
        #expect(try s.run("mark", "out", Office.code(1)).status == 0)
        let again = try s.run("store", "backup", "--into", folder, "--keep-days", "3")
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out == "\(today) is there already: today's backup is kept as it is\n")
        #expect(try runTool("/usr/bin/sqlite3", [today, "SELECT count(*) FROM punch"]).output == "1\n")
    }

    @Test(
        "store backup refuses a missing or doubled destination and a wrong --keep-days with 65, writing nothing",
        arguments: [
            ([], "attendance: name the backup's file, or a folder with --into; nothing was written\n"),
            (
                ["FILE", "--into", "FOLDER"],
                "attendance: give either the backup's file or --into FOLDER, not both; nothing was written\n"
            ),
            (
                ["FILE", "--keep-days", "3"],
                "attendance: --keep-days removes old backups of --into FOLDER: add --into; nothing was written\n"
            ),
            (
                ["--into", "FOLDER", "--keep-days", "0"],
                "attendance: invalid number of days to keep \"0\": expected a whole number from 1 to 3650 (today's "
                    + "backup counts as one)\n"
            ),
            (
                ["--into", "FOLDER", "--keep-days", "two weeks"],
                "attendance: invalid number of days to keep \"two weeks\": expected a whole number from 1 to 3650 "
                    + "(today's backup counts as one)\n"
            ),
        ])
    func refusedArguments(arguments: [String], message: String) throws {
        let s = try Office.sandbox()
        let folder = s.folder + "/backups"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let old = folder + "/" + Self.backupName(-30)
        #expect(try s.run("store", "backup", old).status == 0)
        let given = arguments.map { $0 == "FILE" ? folder + "/copy.sqlite" : $0 == "FOLDER" ? folder : $0 }
        let refused = try Executable.run(["store", "backup"] + given, environment: s.environment)
        #expect(refused.status == 65)
        #expect(refused.out.isEmpty)
        #expect(refused.err == message)
        #expect(Self.listing(folder) == [Self.backupName(-30)])
    }

    @Test("a damaged store restored from last night's backup as the README says passes store check and verify")
    func restore() throws {
        let s = try CorruptionTests.busyStore()
        let folder = s.folder + "/backups"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try s.run("store", "backup", "--into", folder, "--keep-days", "14").status == 0)
        let digest = try s.run("store", "verify").out

        // The store is damaged, or lost: either way store check says so, with 74.
        try CorruptionTests.damageMiddle(of: s.store)
        #expect(try s.run("store", "check").status == 74)

        // README, "Backups and restoring": the store and its -wal and -shm set aside, the backup
        // installed in its place with the store's mode.
        let damaged = s.folder + "/damaged"
        try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: s.store + suffix) {
            try FileManager.default.moveItem(atPath: s.store + suffix, toPath: damaged + "/attendance.sqlite" + suffix)
        }
        #expect(try s.run("store", "check").status == 74)
        let installed = try runTool(
            "/usr/bin/install", ["-m", "0640", folder + "/" + Self.backupName(0), s.store])
        #expect(installed.status == 0, "\(installed.output)")

        let check = try s.run("store", "check")
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.hasSuffix("\nok\n"), "\(check.out)")
        let verify = try s.run("store", "verify")
        #expect(verify.status == 0, "\(verify.err)")
        #expect(verify.out == digest)
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "2920\n")
        // The restored store takes punches again.
        #expect(try s.run("mark", "in", Office.code(1)).status == 0)
    }

    @Test("a member of the store's group reads reports while the kiosk holds the store open, and changes nothing")
    func groupReader() throws {
        try #require(geteuid() == 0, "run as root: the reader is another user of the store's group")
        let s = try Office.sandbox()
        let (data, store) = try ReadOnlyStoreTests.storeInFolder(of: s, named: "data")
        #expect(
            try ReadOnlyStoreTests.run(["mark", "in", Office.code(1)], s, store: store, prefix: []).status
                == .exited(0))
        // The kiosk's connection keeps the store in WAL mode with its -wal and -shm, as the
        // package's kiosk does; here they belong to the group nogroup, as the package's to attendance.
        let holder = try ChildProcess(
            "/usr/bin/python3",
            [
                "-c",
                "import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1])\nc.execute('SELECT count(*) FROM punch')"
                    + ".fetchall()\nprint('open', flush=True)\ntime.sleep(120)\n",
                store,
            ].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"], folder: s.folder)
        defer { _ = holder.finish(timeout: 0) }
        var waited = 0
        while !holder.outputText.hasPrefix("open"), waited < 600 {
            usleep(50_000)
            waited += 1
        }
        try #require(holder.outputText.hasPrefix("open"), "\(holder.errorText)")
        for file in [data, store, store + "-wal", store + "-shm"] {
            #expect(chown(file, 0, 65534) == 0, "\(file)")
        }
        chmod(data, 0o750)
        for file in [store, store + "-wal", store + "-shm"] { chmod(file, 0o640) }
        let before = contents(of: store)

        let reader = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        let list = try ReadOnlyStoreTests.run(["punch", "list", Office.code(1)], s, store: store, prefix: reader)
        #expect(list.status == .exited(0), "\(list.err)")
        #expect(list.out.contains("  IN    simulated  HQ lobby"), "\(list.out)")
        #expect(list.err.isEmpty, "\(list.err)")
        let change = try ReadOnlyStoreTests.run(
            ["employee", "add", "W900", "--name", "New Person"], s, store: store, prefix: reader)
        #expect(change.status == .exited(74))
        ReadOnlyStoreTests.expectRefusal(change.err, store: store, because: nil)
        #expect(contents(of: store) == before)
    }
}
