import AttendanceTestSupport
import Foundation
import Testing

@Suite("Administration, end to end")
struct AdministrationEndToEndTests {
    @Test("setting up an office: add, list as JSON, duplicate refused, WiFi normalised, WAL on disk")
    func walkThrough() throws {
        let s = Sandbox()
        let added = try s.run("employee", "add", "E001", "--name", "Asha Rao")
        // Without --start-date they are employed from the scenario's day, and are told so.
        #expect(added.status == 0 && added.err.isEmpty)
        #expect(
            added.out
                == "added E001 Asha Rao; employed from today, \(ScenarioClock.day()) (--start-date gives an earlier first day)\n"
        )
        let listed = try s.run("employee", "list", "--format", "json")
        let rows = try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]]
        #expect(rows?.first?["code"] as? String == "E001")
        #expect(rows?.first?["name"] as? String == "Asha Rao")
        let again = try s.run("employee", "add", "E001", "--name", "Asha Rao")
        #expect(again.status == 65 && again.err.contains("E001") && again.out.isEmpty)
        let allowed = try s.run(
            "wifi", "allow", "--bssid", "AA-BB-CC-DD-EE-01", "--ssid", "OfficeNet", "--location", "HQ")
        #expect(allowed.status == 0)
        #expect(try s.run("wifi", "list", "--format", "json").out.contains("\"bssid\" : \"aa:bb:cc:dd:ee:01\""))
        #expect(try s.sqlite("pragma journal_mode") == "wal\n")
    }

    @Test("a notice keeps marking until the last date; deactivated now, the code stops; taken back, it marks again")
    func noticeDeactivationAndReturn() throws {
        let s = try Office.sandbox()
        // A last date far ahead: the notice holds whatever day the scenario runs on.
        #expect(try s.run("employee", "deactivate", Office.code(1), "--end-date", "2999-12-31").status == 0)
        let onNotice = try s.run("mark", "in", Office.code(1))
        #expect(onNotice.status == 0, "\(onNotice.err)")
        #expect(try s.run("employee", "deactivate", Office.code(2)).status == 0)
        let gone = try s.run("mark", "in", Office.code(2))
        #expect(
            gone.status == 14
                && gone.err
                    == "attendance: \(Office.code(2)) Worker 2 was deactivated: last day \(ScenarioClock.day()) — NOT recorded\n",
            "\(gone.err)")
        #expect(try s.run("employee", "edit", Office.code(2), "--end-date", "none").status == 0)
        let back = try s.run("mark", "in", Office.code(2))
        #expect(back.status == 0, "\(back.err)")
    }

    @Test("on a half-day leave date an IN after the shift start is not called late; without leave it is")
    func halfDayLeaveMark() throws {
        // Every day a working day: the scenario's day may be a Sunday (the DST run's is).
        let s = try Office.sandbox(
            policy: "working_days = [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\", \"sat\", \"sun\"]")
        s.clock.set(day: 0, time: "08:00")
        #expect(
            try s.run("leave", "add", Office.code(1), ScenarioClock.day(), "--half", "--reason", "morning off").status
                == 0)
        let onLeave = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s, day: 0, at: "13:00")
        #expect(onLeave.termination == .exited(0), "\(onLeave.errorText)")
        #expect(
            onLeave.outputText.contains(" at 13:00 on \(ScenarioClock.day()) — half-day leave today ("),
            "\(onLeave.outputText)")
        let late = try ChildProcess.attendance(["mark", "in", Office.code(2)], sandbox: s, day: 0, at: "13:00")
        #expect(late.outputText.contains(" — late by 3h 30m ("), "\(late.outputText)")
    }

    @Test(
        "SUDO_USER names the manager only in a process sudo made (root); anyone else is recorded as themselves",
        .enabled(if: geteuid() == 0, "needs root to run as another user"))
    func sudoUserBelievedOnlyFromRoot() throws {
        let s = Sandbox()
        #expect(
            try s.run("holiday", "add", ScenarioClock.day(5), "--name", "Root day", extra: ["SUDO_USER": "priya"])
                .status == 0)
        // The store and its folder given to nobody, who claims to be someone else.
        chown(s.folder, 65534, 65534)
        for suffix in ["", "-wal", "-shm"] { chown(s.store + suffix, 65534, 65534) }
        let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let claimed = try ChildProcess.attendance(
            ["holiday", "add", ScenarioClock.day(6), "--name", "Nobody's day"], sandbox: s,
            environment: ["SUDO_USER": "ceo"], prefix: asNobody)
        #expect(claimed.finish(timeout: 30) == .exited(0), "\(claimed.errorText)")
        let audit = try s.run("audit").out
        #expect(audit.contains("priya (uid 0)"), "\(audit)")
        #expect(!audit.contains("ceo"), "\(audit)")
        #expect(audit.contains("(uid 65534)"), "\(audit)")
    }

    @Test("a configuration with a bad value is rejected naming its line, with status 78")
    func badConfig() throws {
        let s = Sandbox(config: "[policy]\n# the office\nshift_start = \"25:00\"\n")
        let result = try s.run("config", "check")
        #expect(result.status == 78)
        #expect(
            result.err
                == "attendance: \(s.config):3: shift_start in [policy]: expected \"HH:MM\" on a 24-hour clock (00:00–23:59), found \"25:00\"\n"
        )
        #expect(result.out.isEmpty)
    }

    @Test("a missing explicit configuration file is an error, not silently the defaults")
    func missingConfig() throws {
        let s = Sandbox()
        let result = try s.run("config", "check", "--config", s.folder + "/nope.toml")
        #expect(result.status == 78)
        #expect(result.err == "attendance: the configuration file \(s.folder)/nope.toml does not exist\n")
    }

    @Test("--store beats $ATTENDANCE_STORE, which beats the config's [store] path")
    func storeLookupOrder() throws {
        let s = Sandbox()
        try Data("[store]\npath = \"\(s.folder)/from-config.sqlite\"\n".utf8).write(to: URL(fileURLWithPath: s.config))
        let viaConfig = try Executable.run(
            ["employee", "add", "C1", "--name", "c"], environment: ["ATTENDANCE_CONFIG": s.config])
        #expect(viaConfig.status == 0)
        #expect(FileManager.default.fileExists(atPath: s.folder + "/from-config.sqlite"))
        _ = try Executable.run(
            ["employee", "add", "E1", "--name", "e"],
            environment: ["ATTENDANCE_CONFIG": s.config, "ATTENDANCE_STORE": s.store])
        _ = try Executable.run(
            ["employee", "add", "F1", "--name", "f", "--store", s.folder + "/flag.sqlite"],
            environment: ["ATTENDANCE_CONFIG": s.config, "ATTENDANCE_STORE": s.store])
        #expect(try s.sqlite("SELECT code FROM employee") == "E1\n")
        #expect(FileManager.default.fileExists(atPath: s.folder + "/flag.sqlite"))
    }

    @Test("without any setting, the store is /var/lib/attendance for root, $XDG_DATA_HOME/attendance otherwise")
    func defaultStore() throws {
        let s = Sandbox()
        let result = try Executable.run(
            ["config", "check"], environment: ["ATTENDANCE_CONFIG": s.config, "XDG_DATA_HOME": s.folder + "/data"])
        let expected =
            geteuid() == 0 ? "/var/lib/attendance/attendance.sqlite" : "\(s.folder)/data/attendance/attendance.sqlite"
        #expect(result.out.contains("path = \"\(expected)\""))
    }

    @Test("store check says ok with the durability settings; backup writes a sound copy")
    func storeCheckAndBackup() throws {
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        let check = try s.run("store", "check")
        #expect(check.status == 0)
        #expect(check.out == "store: \(s.store)\njournal_mode=wal synchronous=2 busy_timeout=5000ms\nok\n")
        let backup = try s.run("store", "backup", s.folder + "/copy.sqlite")
        #expect(backup.status == 0)
        let copy = try Executable.run(
            ["employee", "list", "--format", "csv", "--store", s.folder + "/copy.sqlite"],
            environment: ["ATTENDANCE_CONFIG": s.config])
        #expect(copy.out.contains("E001,Asha"))
        let twice = try s.run("store", "backup", s.folder + "/copy.sqlite")
        // A name already taken is the argument's fault, not a damaged store's (65, not 74).
        #expect(twice.status == 65 && twice.err.contains("already exists"), "\(twice.err)")
    }

    @Test("store backup to a bare file name writes it in the current folder and says so")
    func backupToBareFileName() throws {
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        // Run from the sandbox's folder (env -C), where the bare name lands.
        let backup = try Executable.run(
            ["store", "backup", "copy.sqlite"], environment: s.environment, prefix: ["/usr/bin/env", "-C", s.folder])
        #expect(backup.status == 0, "\(backup.err)")
        #expect(backup.err.isEmpty)
        let copy = try Executable.run(
            ["employee", "list", "--format", "csv", "--store", s.folder + "/copy.sqlite"],
            environment: ["ATTENDANCE_CONFIG": s.config])
        #expect(copy.out.contains("E001,Asha"))
    }

    @Test("store check names every guard trigger dropped with the sqlite3 tool, status 74")
    func storeCheckSeesDroppedGuards() throws {
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        #expect(try s.run("store", "check").status == 0)
        _ = try s.sqlite(
            "DROP TRIGGER punch_no_delete; DROP TRIGGER audit_log_chained; DROP TRIGGER history_chain_no_update;")
        let check = try s.run("store", "check")
        #expect(check.status == 74)
        for name in ["punch_no_delete", "audit_log_chained", "history_chain_no_update"] {
            #expect(
                check.out.contains(
                    "guard trigger \(name) is missing (dropped outside this program): history can be changed by direct SQL\n"
                ),
                "\(check.out)")
        }
        #expect(!check.out.contains("punch_no_rewrite") && !check.out.hasSuffix("ok\n"))
        #expect(
            check.err
                == "attendance: the store \(s.store) failed its check: 3 problem(s) listed above; `attendance store verify` checks the history's hash chain\n"
        )
    }

    @Test("store check names a trigger added or rewritten outside the program; the kiosk will not start on it")
    func storeCheckSeesForeignTriggers() throws {
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        #expect(try s.run("store", "check").status == 0)
        _ = try s.sqlite(
            """
            CREATE TRIGGER zz AFTER INSERT ON pin_attempt BEGIN SELECT 1; END;
            DROP TRIGGER punch_no_edit;
            CREATE TRIGGER punch_no_edit BEFORE UPDATE OF note ON punch BEGIN SELECT 1; END;
            """)
        let check = try s.run("store", "check")
        #expect(check.status == 74)
        for name in ["punch_no_edit", "zz"] {
            #expect(check.out.contains("trigger \(name) was added or rewritten outside this program"), "\(check.out)")
        }
        #expect(!check.out.contains("trigger punch_no_delete"), "\(check.out)")
        let kiosk = try KioskSession(sandbox: s)
        let screen = words(of: try kiosk.waitFor("OUT OF SERVICE"))
        #expect(screen.contains("changed outside this program (trigger punch_no_edit, zz)"), "\(screen)")
    }

    /// A sandbox whose store has an employee with a PIN and passes its check; its pepper, and
    /// the environment that names it.
    static func storeWithPIN() throws -> (Sandbox, pepper: String, extra: [String: String]) {
        let s = Sandbox()
        let pepper = s.folder + "/pepper"
        let extra = ["ATTENDANCE_PEPPER": pepper]
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        #expect(try s.run("employee", "set-pin", "E001", input: "2468\n2468\n", extra: extra).status == 0)
        #expect(try s.run("store", "check", extra: extra).status == 0)
        return (s, pepper, extra)
    }

    @Test("store check refuses a store writable by others and a pepper readable by others")
    func storeCheckSeesLooseModes() throws {
        let (s, pepper, extra) = try Self.storeWithPIN()
        #expect(chmod(s.store, 0o666) == 0 && chmod(pepper, 0o644) == 0)
        let check = try s.run("store", "check", extra: extra)
        #expect(check.status == 74)
        #expect(check.out.contains("\(s.store) is writable by group or others (mode 0666); chmod go-w \(s.store)\n"))
        #expect(
            check.out.contains(
                "the PIN pepper \(pepper) is readable by group or others (mode 0644); chmod go-rwx \(pepper)\n"))
        #expect(check.out.contains("\(s.store) is readable by every user of this machine (mode 0666)"))
        #expect(check.err.contains("failed its check: 3 problem(s)"))
    }

    @Test("store check names loose modes in French under LANG=fr_FR.UTF-8, with the same chmod to run")
    func storeCheckSeesLooseModesInFrench() throws {
        let (s, pepper, extra) = try Self.storeWithPIN()
        #expect(chmod(s.store, 0o666) == 0 && chmod(pepper, 0o644) == 0)
        let french = extra.merging(["LANG": "fr_FR.UTF-8", "ATTENDANCE_LOCALEDIR": builtCatalogs]) { $1 }
        let check = try s.run("store", "check", extra: french)
        #expect(check.status == 74)
        #expect(
            check.out.contains(
                "\(s.store) est modifiable par le groupe ou les autres (mode 0666) ; chmod go-w \(s.store)\n"),
            "\(check.out)")
        #expect(
            check.out.contains(
                "le poivre des PIN \(pepper) est lisible par le groupe ou les autres (mode 0644) ; chmod go-rwx \(pepper)\n"
            ),
            "\(check.out)")
        #expect(
            check.out.contains(
                "\(s.store) est lisible par tous les utilisateurs de cette machine (mode 0666), et elle contient les "
                    + "pointages de tout le monde ; chmod o-rwx \(s.store)\n"), "\(check.out)")
    }

    @Test(
        "store check refuses what keeps a kiosk out or lets others in: an open folder, a store put back by another owner, a short pepper",
        .enabled(if: geteuid() == 0, "needs to give the store to another user: runs as root (CI does)"))
    func storeCheckSeesInstallationProblems() throws {
        let (s, pepper, extra) = try Self.storeWithPIN()

        // A backup copied back by hand as another user; the folder opened to all; a pepper cut short.
        #expect(chown(s.store, 65534, 65534) == 0 && chmod(s.folder, 0o777) == 0)
        defer { chmod(s.folder, 0o755) }
        #expect(truncate(pepper, 16) == 0)
        let check = try s.run("store", "check", extra: extra)
        #expect(check.status == 74)
        #expect(
            check.out.contains(
                "the store's folder \(s.folder) is writable by group or others (mode 0777): they can replace the store "
                    + "or put a -wal beside it; chmod go-w \(s.folder)\n"), "\(check.out)")
        #expect(
            check.out.contains(
                "\(s.store) belongs to nobody but its folder to root (owner nobody, group nogroup, mode 0640): a kiosk "
                    + "running as root cannot write it; chown root:root \(s.store)\n"), "\(check.out)")
        #expect(
            check.out.contains(
                "the PIN pepper \(pepper) is 16 bytes long, not 32: no PIN can be set or checked; put back the "
                    + "organisation's pepper (a new one makes every PIN unusable)\n"), "\(check.out)")
        #expect(check.err.contains("failed its check: 3 problem(s)"))
    }

    @Test("a store file that is not a database: one clear line, status 74, no stack trace")
    func garbageStore() throws {
        let s = Sandbox()
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: s.store))
        let result = try s.run("employee", "list")
        #expect(result.status == 74)
        #expect(
            result.err
                == "attendance: the attendance store at \(s.store) is damaged (not an attendance store, or damaged); restore a backup (see `attendance store check`)\n"
        )
    }

    @Test("a missing store is not created by reading it; status 74 names the path and the fix")
    func missingStoreIsNotCreated() throws {
        let s = Sandbox()
        let typo = s.folder + "/typo.sqlite"
        let readers: [[String]] = [
            ["register"], ["employee", "list"], ["store", "check"], ["store", "verify"], ["calendar", "E001"],
            ["audit"], ["wifi", "list"], ["mark", "in", "E001"], ["employee", "deactivate", "E001"],
            ["punch", "add", "E001", "--at", "2026-11-17 18:00", "--kind", "out", "--reason", "forgot"],
        ]
        for arguments in readers {
            let result = try Executable.run(arguments + ["--store", typo], environment: s.environment)
            #expect(result.status == 74, "\(arguments): \(result.err)")
            #expect(
                result.err.hasPrefix("attendance: no store at \(typo): it does not exist; check --store")
                    && result.err.contains("`attendance employee add`"), "\(arguments): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: typo), "\(arguments) created \(typo)")
        }
    }

    @Test("a zero-byte store fails store check and every reader, and stays zero bytes")
    func emptyStoreIsRefused() throws {
        let s = Sandbox()
        #expect(FileManager.default.createFile(atPath: s.store, contents: Data()))
        for arguments in [["store", "check"], ["employee", "list"], ["register"]] {
            let result = try Executable.run(arguments, environment: s.environment)
            #expect(result.status == 74, "\(arguments): \(result.err)")
            #expect(
                result.err.hasPrefix("attendance: the store \(s.store) is empty (0 bytes), not an attendance store"),
                "\(arguments): \(result.err)")
            #expect(!result.out.contains("ok") && !result.out.contains("no employees"))
            #expect((try FileManager.default.attributesOfItem(atPath: s.store)[.size] as? Int) == 0)
        }
    }

    @Test("the setting-up commands create a store where there is none")
    func settingUpCreatesTheStore() throws {
        let s = Sandbox()
        let csv = s.folder + "/punches.csv"
        try Data("code,timestamp,kind,note\n".utf8).write(to: URL(fileURLWithPath: csv))
        let setups: [[String]] = [
            ["employee", "add", "E001", "--name", "Asha Rao"],
            ["wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ"],
            ["holiday", "add", "2026-12-25", "--name", "Christmas"],
            ["import", "punches", csv],
        ]
        for (index, arguments) in setups.enumerated() {
            let path = s.folder + "/new-\(index).sqlite"
            let result = try Executable.run(arguments + ["--store", path], environment: s.environment)
            #expect(result.status == 0, "\(arguments): \(result.err)")
            let check = try Executable.run(["store", "check", "--store", path], environment: s.environment)
            #expect(check.status == 0 && check.out.hasSuffix("ok\n"), "\(arguments): \(check.out)\(check.err)")
        }
    }

    @Test("a store in a folder that cannot be created: one clear line")
    func uncreatableStore() throws {
        let s = Sandbox()
        let result = try Executable.run(
            ["employee", "add", "E001", "--name", "Asha", "--store", "/proc/nope/attendance.sqlite"],
            environment: ["ATTENDANCE_CONFIG": s.config])
        #expect(result.status == 74)
        #expect(result.err.hasPrefix("attendance: cannot open the attendance store at /proc/nope/attendance.sqlite"))
        #expect(result.err.split(separator: "\n").count == 1)
    }

    @Test("a locked store: the writer waits, then says busy with status 75, and nothing leaks")
    func lockedStore() throws {
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        // Hold the write lock from another process for longer than the 5 s busy timeout.
        // It says when it holds the lock; the writer starts only then.
        let locked = s.folder + "/locked"
        let script =
            "BEGIN IMMEDIATE;\nINSERT INTO holiday VALUES ('2030-01-01', 'x', 0);\n.shell touch '\(locked)'\n.shell sleep 8\n"
        let holder = try ChildProcess(
            "/usr/bin/sqlite3", [Array(s.store.utf8)], environment: ["PATH": "/usr/bin:/bin"],
            input: Array(script.utf8), folder: s.folder)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: locked), Date() < deadline { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: locked), "sqlite3 did not take the lock within 10 s")
        let result = try s.run("employee", "add", "E002", "--name", "Bo")
        holder.send(SIGKILL)
        holder.finish(timeout: 10)
        #expect(result.status == 75)
        #expect(
            result.err
                == "attendance: the attendance store is busy (another program is writing to it); nothing was saved — try again\n"
        )
        #expect(result.seconds >= 4.5)
        #expect(try s.sqlite("SELECT count(*) FROM employee") == "1\n")
    }

    @Test("exit statuses are documented in the top-level help")
    func helpListsExitStatuses() throws {
        let help = try Executable.run(["--help"]).out
        for line in [
            "0   success", "1   wifi current: this link is not an allowed", "2   no WiFi link",
            "64  wrong command line", "73  the output could not be written",
            "65  invalid or unknown value", "74  the store could not be read or written", "75  the store was busy",
            "78  the configuration file is wrong",
        ] {
            #expect(help.contains(line), "help lacks \(line)")
        }
    }
}
