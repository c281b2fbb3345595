import AttendanceTestSupport
import Foundation
import Testing

/// Many kiosks, one organisation: two kiosks (two stores, two kiosk ids), a manager's desk and
/// one real PostgreSQL server, every command a separate process on the scenario's clock.
final class Organisation {
    let server: PostgresServer
    let sandbox: Sandbox
    var kioskPasswords: [String: String] = [:]

    /// Every day is a working day: the scenario's day may be a weekend (`make test` also runs on a
    /// Sunday), and these tests are about sync, not weekly offs.
    init(duplicateSeconds: Int = 0) throws {
        sandbox = Sandbox()
        server = try PostgresServer(clock: sandbox.clock.environment)
        var passwords: [String: String] = [:]
        let deskConfig = """
            [policy]
            timezone = "\(ScenarioClock.zoneName)"
            duplicate_punch_seconds = \(duplicateSeconds)
            working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            """
        FileManager.default.createFile(atPath: sandbox.folder + "/desk.toml", contents: Data(deskConfig.utf8))
        let initialised = try desk("central", "init")
        guard initialised.status == 0 else { throw PostgresServer.Failure(message: initialised.err) }
        for kiosk in ["a", "b"] {
            passwords[kiosk] = try server.addKioskLogin("kiosk_\(kiosk)")
        }
        kioskPasswords = passwords
        for kiosk in ["a", "b"] {
            let config = """
                [policy]
                timezone = "\(ScenarioClock.zoneName)"
                duplicate_punch_seconds = \(duplicateSeconds)
                working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
                [wifi]
                source = "simulated"
                ssid = "OfficeNet"
                bssid = "\(Office.bssid)"
                [central]
                url = "postgresql://kiosk_\(kiosk)@127.0.0.1:\(server.port)/attendance"
                kiosk_id = "kiosk-\(kiosk)"
                password_file = "\(passwords[kiosk] ?? "")"
                tls = "disable"
                sync_seconds = 2
                """
            FileManager.default.createFile(atPath: sandbox.folder + "/\(kiosk).toml", contents: Data(config.utf8))
        }
    }

    func store(_ kiosk: String) -> String { sandbox.folder + "/\(kiosk).sqlite" }

    /// The resident kiosk `kiosk` on a pseudo-terminal, syncing in the background.
    func residentKiosk(_ kiosk: String, clock: ScenarioClock? = nil) throws -> KioskSession {
        try KioskSession(
            sandbox: sandbox,
            environment: (clock?.environment ?? [:]).merging([
                "ATTENDANCE_STORE": store(kiosk), "ATTENDANCE_CONFIG": sandbox.folder + "/\(kiosk).toml",
                "ATTENDANCE_PEPPER": pepper,
            ]) { $1 })
    }

    /// The organisation's one PIN pepper, as every kiosk and desk of it must share.
    var pepper: String { sandbox.folder + "/pepper" }

    /// `attendance ARGS` at kiosk `kiosk` ("a" or "b").
    func kiosk(_ kiosk: String, _ arguments: String..., input: String = "") throws -> Executable.Result {
        try self.kiosk(kiosk, arguments: arguments, input: input)
    }

    /// `attendance ARGS` at kiosk `kiosk`, on `clock` (the scenario's unless given: a kiosk whose
    /// clock is wrong has its own).
    func kiosk(
        _ kiosk: String, arguments: [String], input: String = "", clock: ScenarioClock? = nil
    ) throws -> Executable.Result {
        try Executable.run(
            arguments,
            environment: (clock ?? sandbox.clock).environment.merging([
                "ATTENDANCE_STORE": store(kiosk), "ATTENDANCE_CONFIG": sandbox.folder + "/\(kiosk).toml",
                "ATTENDANCE_PEPPER": pepper,
            ]) { $1 }, input: input)
    }

    /// `attendance ARGS --store postgresql://…` at the manager's desk.
    func desk(_ arguments: String..., input: String = "") throws -> Executable.Result {
        try Executable.run(arguments + ["--store", server.url], environment: deskEnvironment, input: input)
    }

    /// The manager's desk: the scenario's clock, the desk's configuration and copies folder.
    var deskEnvironment: [String: String] {
        sandbox.clock.environment.merging([
            "ATTENDANCE_CONFIG": sandbox.folder + "/desk.toml", "XDG_CACHE_HOME": sandbox.folder + "/cache",
            "ATTENDANCE_CENTRAL_PASSWORD_FILE": server.passwordFile, "ATTENDANCE_PEPPER": pepper,
        ]) { $1 }
    }

    /// The employees and the office's access point, added centrally.
    func setUp(employees: Int) throws {
        for number in 1...employees {
            let added = try desk(
                "employee", "add", Office.code(number), "--name", "Worker \(number)", "--start-date", "2020-01-01")
            #expect(added.status == 0, "\(added.err)")
        }
        let allowed = try desk(
            "wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "HQ lobby")
        #expect(allowed.status == 0, "\(allowed.err)")
        #expect(try server.count("SELECT count(*) FROM allowed_wifi") == 1, "the desk's change went up when it ended")
    }

    /// What the sqlite3 tool prints for `sql` on kiosk `kiosk`'s store.
    func sqlite(_ kiosk: String, _ sql: String) throws -> String {
        let run = try ChildProcess.run(
            "/usr/bin/sqlite3", [store(kiosk), sql], environment: [:], folder: sandbox.folder)
        return (run.outputText + run.errorText).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@Suite("Central store (real PostgreSQL)", .serialized)
struct CentralStoreTests {
    @Test("central init is idempotent, and history cannot be rewritten at the centre")
    func initAndGuards() throws {
        let org = try Organisation()
        let again = try org.desk("central", "init")
        #expect(again.status == 0)
        #expect(again.out.contains("up to date (schema 11)"))
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM punch") == 1)
        for sql in [
            "UPDATE punch SET kind = 'out'", "DELETE FROM punch", "TRUNCATE punch CASCADE", "TRUNCATE punch_correction",
            "DELETE FROM audit_log", "UPDATE audit_log SET actor = 'x'",
        ] {
            #expect(org.server.psqlError(sql).contains("append-only"), "\(sql)")
        }
        // A kiosk's login may add records and raise a lock, never change an employee otherwise.
        let denied = org.server.psqlError("UPDATE employee SET name = 'Mallory'", user: "kiosk_a")
        #expect(denied.contains("permission denied"), "\(denied)")
        #expect(org.server.psqlError("DELETE FROM holiday", user: "kiosk_a").contains("permission denied"))

        // A second store under kiosk A's name (a copied configuration, a kiosk rebuilt on a new
        // disk) would number its records from 1 again: it is turned away, and its punch waits.
        let copied = org.sandbox.folder + "/copied.sqlite"
        // Set up as a kiosk of its own first (a kiosk of the central store refuses administration).
        let standalone = org.sandbox.folder + "/standalone.toml"
        try Office.config().write(toFile: standalone, atomically: true, encoding: .utf8)
        func copiedKiosk(
            _ arguments: String..., config: String = org.sandbox.folder + "/a.toml"
        ) throws
            -> Executable.Result
        {
            try Executable.run(
                arguments,
                environment: org.sandbox.clock.environment.merging([
                    "ATTENDANCE_STORE": copied, "ATTENDANCE_CONFIG": config,
                ]) { $1 })
        }
        #expect(try copiedKiosk("employee", "add", "W009", "--name", "Worker 9", config: standalone).status == 0)
        #expect(
            try copiedKiosk(
                "wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "Copy",
                config: standalone
            ).status == 0)
        #expect(try copiedKiosk("mark", "in", "W009").status == 0)
        let taken = try copiedKiosk("sync")
        #expect(taken.status == 78, "\(taken.err)")
        #expect(taken.err.contains("syncing as \"kiosk-a\""), "\(taken.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 1)
        #expect(try org.kiosk("a", "sync").status == 0, "the first store keeps its name")
        // A kiosk's login adds no record directly, and through the centre's functions only under
        // its own kiosk id: under kiosk B's id and next number, kiosk B's real punch of that
        // number would be taken for it and lost (KioskLoginTests tries the functions).
        #expect(try org.kiosk("b", "sync").status == 0)
        for sql in [
            """
            INSERT INTO punch (node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
                clock_went_back, created_at_ms)
            VALUES ('kiosk-b', 1, 'W001', 0, 'UTC', '2026-01-01', 'in', 'nl80211', false, 0)
            """,
            """
            INSERT INTO audit_log (node, origin_id, at_ms, actor, action, entity, entity_key)
            VALUES ('kiosk-b', 99, 0, 'someone', 'unlock', 'employee', 'W001')
            """,
        ] {
            let forged = org.server.psqlError(sql, user: "kiosk_a")
            #expect(forged.contains("permission denied"), "\(forged)")
        }
        // Nor may it take over kiosk B's name, which would turn kiosk B away as a copy.
        let seized = org.server.psqlError("UPDATE node SET store_id = 'x' WHERE name = 'kiosk-b'", user: "kiosk_a")
        #expect(seized.contains("permission denied"), "\(seized)")
        let claimed = org.server.psqlError("SELECT attendance_claim('kiosk-b', 'kiosk', 'x')", user: "kiosk_a")
        #expect(claimed.contains("held by another login"), "\(claimed)")
        #expect(try org.server.psql("SELECT login FROM node WHERE name = 'kiosk-a'") == "kiosk_a")
        // Its own records still go in.
        org.sandbox.clock.set(time: "17:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM punch WHERE node = 'kiosk-a'") == 2)
        // Kiosk A's login given kiosk B's id by mistake is told to give it an id of its own.
        let mistaken = org.sandbox.folder + "/mistaken.toml"
        try String(contentsOfFile: org.sandbox.folder + "/a.toml", encoding: .utf8)
            .replacingOccurrences(of: "kiosk_id = \"kiosk-a\"", with: "kiosk_id = \"kiosk-b\"")
            .write(toFile: mistaken, atomically: true, encoding: .utf8)
        let wrongID = try Executable.run(
            ["sync"],
            environment: org.sandbox.clock.environment.merging([
                "ATTENDANCE_STORE": org.sandbox.folder + "/mistaken.sqlite", "ATTENDANCE_CONFIG": mistaken,
            ]) { $1 })
        #expect(wrongID.status == 78 && wrongID.err.contains("syncing as \"kiosk-b\""), "\(wrongID.err)")
    }

    @Test("reference data added centrally reaches both kiosks; IN at one kiosk, OUT at the other")
    func twoKiosks() throws {
        let org = try Organisation()
        try org.setUp(employees: 2)
        org.sandbox.clock.set(time: "09:10")
        for kiosk in ["a", "b"] {
            let synced = try org.kiosk(kiosk, "sync")
            #expect(synced.status == 0, "\(synced.err)")
            #expect(synced.out.contains("2 employees, 1 access point"), "\(synced.out)")
            #expect(try org.sqlite(kiosk, "SELECT group_concat(code) FROM employee") == "W001,W002")
        }
        org.sandbox.clock.set(time: "09:10")
        let marked = try org.kiosk("a", "mark", "in", "W001")
        #expect(marked.status == 0, "\(marked.err)")
        // Kiosk B has not heard of it yet, but its last sync is fresh: it decides on what it knows.
        #expect(try org.kiosk("b", "mark", "out", "W001").status == 11)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        org.sandbox.clock.set(time: "18:05")
        #expect(try org.kiosk("b", "sync").status == 0)
        org.sandbox.clock.set(time: "18:05")
        let out = try org.kiosk("b", "mark", "out", "W001")
        #expect(out.status == 0, "\(out.err)")
        // Each process starts a moment after the clock is set: the session is 09:10–18:05 to the minute.
        #expect(out.out.contains("OUT W001 Worker 1 at 18:05"), "\(out.out)")
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(try org.server.psql("SELECT node || ':' || kind FROM punch ORDER BY seq") == "kiosk-a:in\nkiosk-b:out")
        let day = try org.desk("calendar", "W001", "--day", ScenarioClock.day())
        #expect(day.status == 0, "\(day.err)")
        #expect(day.out.contains("Sessions:\n  09:10–18:05"), "\(day.out)")
        #expect(day.out.contains("Flags:    none"), "\(day.out)")
    }

    @Test(
        "a kiosk clock half an hour ahead: it says so, its punches are flagged everywhere, no one is blocked elsewhere")
    func fastClock() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        let folder = org.sandbox.folder + "/fast"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Kiosk A's clock runs 30 minutes ahead of every other machine's, the centre's included.
        let fast = ScenarioClock(folder: folder)
        func atA(_ arguments: String...) throws -> Executable.Result {
            try org.kiosk("a", arguments: arguments, clock: fast)
        }
        org.sandbox.clock.set(time: "08:55")
        fast.set(time: "08:55")
        for kiosk in ["a", "b"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        // A's clock jumps 30 minutes ahead. Its last round found it right: it cannot know yet, and stamps 09:30.
        org.sandbox.clock.set(time: "09:00")
        fast.set(time: "09:30")
        let marked = try atA("mark", "in", "W001")
        #expect(marked.status == 0, "\(marked.err)")
        #expect(marked.out.contains("IN W001 Worker 1 at 09:30"), "\(marked.out)")
        let synced = try atA("sync")
        #expect(synced.status == 0, "\(synced.err)")
        #expect(synced.err.contains("this machine's clock is 30 min ahead of the central store's"), "\(synced.err)")
        let status = try atA("sync", "--status")
        #expect(status.out.contains("clock:        30 min ahead of the central store's"), "\(status.out)")
        // The centre flags the punch stamped after it arrived.
        #expect(try org.server.psql("SELECT clock_off_minutes FROM punch WHERE node = 'kiosk-a'") == "30")
        #expect(try org.kiosk("b", "sync").status == 0)
        // At 09:20 by every other clock, W001 marks out at kiosk B: A's 09:30 does not stop it.
        org.sandbox.clock.set(time: "09:20")
        fast.set(time: "09:50")
        let out = try org.kiosk("b", "mark", "out", "W001")
        #expect(out.status == 0, "\(out.err)\(out.out)")
        org.sandbox.clock.set(time: "09:25")
        fast.set(time: "09:55")
        let back = try org.kiosk("b", "mark", "in", "W001")
        #expect(back.status == 0, "\(back.err)\(back.out)")
        // A knows now: its next punch carries the difference, and it says so.
        org.sandbox.clock.set(time: "17:00")
        fast.set(time: "17:30")
        let late = try atA("mark", "out", "W001")
        #expect(late.status == 0, "\(late.err)")
        #expect(late.err.contains("this kiosk's clock is 30 min ahead of the central store's"), "\(late.err)")
        #expect(try org.sqlite("a", "SELECT clock_off_minutes FROM punch ORDER BY id") == "0\n30")
        #expect(try atA("sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(
            try org.server.psql(
                "SELECT node || ':' || kind || ':' || clock_off_minutes FROM punch ORDER BY node, origin_id")
                == "kiosk-a:in:30\nkiosk-a:out:30\nkiosk-b:out:0\nkiosk-b:in:0")
        // Every store shows the same day, flagged for the manager, each of A's punches saying why.
        for day in [
            try org.kiosk("b", "calendar", "W001", "--day", ScenarioClock.day()),
            try org.desk("calendar", "W001", "--day", ScenarioClock.day()),
        ] {
            #expect(day.status == 0, "\(day.err)")
            #expect(day.out.contains("kiosk clock off"), "\(day.out)")
            #expect(day.out.contains("09:30  IN   at kiosk-a  (kiosk clock 30 min ahead)"), "\(day.out)")
            #expect(day.out.contains("17:30  OUT  at kiosk-a  (kiosk clock 30 min ahead)"), "\(day.out)")
        }
        // The kiosk's screen says it to everyone who walks up, until the clock is set right.
        let screen = try org.residentKiosk("a", clock: fast)
        let warned = try screen.waitFor("This kiosk's clock is 30 min ahead of the central store's", timeout: 30)
        #expect(warned.contains("tell your manager"), "\(warned)")
        org.sandbox.clock.set(time: "17:10")
        fast.set(time: "17:10")
        if (try? screen.waitUntilGone("This kiosk's clock", timeout: 30)) == nil {
            let status = try atA("sync", "--status")
            Issue.record("the kiosk's own account of its rounds:\n\(status.out)\(status.err)")
        }
    }

    @Test("the server stopped while both kiosks mark: everything arrives once when it is back")
    func serverDown() throws {
        let org = try Organisation()
        try org.setUp(employees: 4)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        try org.server.stop()
        for number in 1...4 {
            let kiosk = number % 2 == 0 ? "a" : "b"
            #expect(try org.kiosk(kiosk, "mark", "in", Office.code(number)).status == 0)
        }
        let down = try org.kiosk("a", "sync")
        #expect(down.status == 69)
        #expect(down.err.contains("cannot be reached"), "\(down.err)")
        #expect(down.err.contains("nothing was lost: 2 record(s) wait"), "\(down.err)")
        let status = try org.kiosk("a", "sync", "--status")
        #expect(status.out.contains("waiting:      2 punch(es)"), "\(status.out)")
        // An hour later kiosk B's knowledge is stale: it records W002's explicit OUT although the
        // IN was made at kiosk A (docs/rules.md "Punches" 9).
        org.sandbox.clock.set(time: "10:00")
        let outElsewhere = try org.kiosk("b", "mark", "out", "W002")
        #expect(outElsewhere.status == 0, "\(outElsewhere.err)")
        let deskDown = try org.desk("register")
        #expect(deskDown.status == 69)
        try org.server.start()
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM punch") == 5)
        #expect(try org.server.count("SELECT count(DISTINCT (node, origin_id)) FROM punch") == 5)
        #expect(try org.sqlite("a", "SELECT count(*) FROM punch") == "5")
        let day = try org.desk("calendar", "W002", "--day", ScenarioClock.day())
        #expect(day.out.contains("Sessions:\n  09:00–10:00"), "\(day.out)")
        // The next day the open sessions are M; the desk's command to close one goes to the centre.
        org.sandbox.clock.set(day: 1, time: "10:00")
        let missing = try org.desk("missing", "--month", ScenarioClock.month(), "--format", "csv")
        #expect(missing.status == 0, "\(missing.err)")
        #expect(
            missing.out.contains("attendance punch add W001 --at \"")
                && missing.out.contains(
                    "--reason \"\"<why, e.g. forgot to mark out>\"\" --store \(org.server.url)"),
            "\(missing.out)")
    }

    @Test("sync killed with SIGKILL at random moments leaves every record on the centre exactly once")
    func killedSync() throws {
        let org = try Organisation()
        try org.setUp(employees: 3)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        // A long time offline: 20,000 punches on kiosk A, through its own import (the sqlite3 tool
        // cannot add history: the chain's triggers need the program's link function). Three
        // employees, each IN and OUT an hour apart, eight times a day.
        var csv = "code,timestamp,kind\n"
        var day = try #require(
            Calendar(identifier: .gregorian).date(from: DateComponents(year: 2022, month: 1, day: 1)))
        var written = 0
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        while written < 20_000 {
            let date = format.string(from: day)
            for number in 1...3 {
                for hour in stride(from: 6, through: 20, by: 2) where written < 20_000 {
                    csv += "\(Office.code(number)),\(date)T\(String(format: "%02d", hour)):00:00,in\n"
                    csv += "\(Office.code(number)),\(date)T\(String(format: "%02d", hour + 1)):00:00,out\n"
                    written += 2
                }
            }
            day = day.addingTimeInterval(86_400)
        }
        let file = org.sandbox.folder + "/backlog.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try org.kiosk("a", "import", "punches", file)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try org.sqlite("a", "SELECT count(*) FROM punch") == "20000")
        var kills = 0
        var delays: [Int] = []
        for _ in 0..<15 {
            let delay = Int.random(in: 20...600)
            delays.append(delay)
            let child = try ChildProcess(
                Executable.attendance, [Array("sync".utf8)],
                environment: org.sandbox.clock.environment.merging([
                    "ATTENDANCE_STORE": org.store("a"), "ATTENDANCE_CONFIG": org.sandbox.folder + "/a.toml",
                    "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
                ]) { $1 }, folder: org.sandbox.folder)
            usleep(useconds_t(delay * 1000))
            if child.wait(timeout: 0) == nil {
                child.send(SIGKILL)
                kills += 1
            }
            _ = child.finish(timeout: 60)
        }
        let last = try org.kiosk("a", "sync")
        #expect(last.status == 0, "\(last.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 20000, "kills: \(kills), delays: \(delays)")
        #expect(try org.server.count("SELECT count(DISTINCT origin_id) FROM punch WHERE node = 'kiosk-a'") == 20000)
        #expect(try org.sqlite("a", "PRAGMA integrity_check") == "ok")
        #expect(kills > 0, "no sync was killed part-way: delays \(delays)")
    }

    @Test("two kiosks marking the same employee in the same second count once; the desk's register is the union")
    func sameSecond() throws {
        let org = try Organisation(duplicateSeconds: 60)
        try org.setUp(employees: 2)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("b", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("b", "mark", "in", "W002").status == 0)
        org.sandbox.clock.set(time: "17:30")
        for kiosk in ["a", "b", "a"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        org.sandbox.clock.set(time: "17:30")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        #expect(try org.kiosk("a", "mark", "out", "W002").status == 0)
        for kiosk in ["a", "b", "a"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        let day = try org.desk("calendar", "W001", "--day", ScenarioClock.day())
        // One session 09:00–17:30. Each process starts a moment after the clock is set, so the two
        // stamps drift by under a minute each and the exact length is 8h 29m or 8h 30m.
        let oneSession = ["8h 29m", "8h 30m"].contains { length in
            day.out.contains("Sessions:\n  09:00–17:30           \(length)\nWorked:   \(length)\n")
        }
        #expect(oneSession, "\(day.out)")
        // Both presses are shown, with their kiosks; the second is said to count once.
        // Whichever kiosk's press came first by a fraction of a second is the one counted.
        let pressedFirst = ["a", "b"].filter { day.out.contains("09:00  IN   at kiosk-\($0)  SIMULATED") }
        let pressedAgain = ["a", "b"].filter {
            day.out.contains("09:00  IN   at kiosk-\($0)  (again: counted once)  SIMULATED")
        }
        #expect(pressedFirst.count == 1 && pressedAgain.count == 1 && pressedFirst != pressedAgain, "\(day.out)")
        // No "missing mark-out" for the second IN: only the early exit (shift ends 18:00).
        #expect(day.out.contains("Flags:    early exit\n"), "\(day.out)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 5)
        let central = try org.desk("register", "--month", ScenarioClock.month(), "--format", "csv")
        let kioskA = try org.kiosk("a", "register", "--month", ScenarioClock.month(), "--format", "csv")
        let kioskB = try org.kiosk("b", "register", "--month", ScenarioClock.month(), "--format", "csv")
        #expect(central.status == 0, "\(central.err)")
        #expect(central.out == kioskA.out)
        #expect(central.out == kioskB.out)
    }

    @Test("a kiosk of the central store refuses administration on its own store, and sends nothing of it up")
    func kioskRefusesAdministration() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        for change in [
            ["employee", "edit", "W001", "--name", "Renamed At Kiosk"], ["employee", "deactivate", "W001"],
            ["employee", "import", "-"],
            ["wifi", "allow", "--bssid", "11:22:33:44:55:66", "--location", "Rogue AP"],
            ["holiday", "add", ScenarioClock.day(1), "--name", "Kiosk-made holiday"],
            ["leave", "add", "W001", ScenarioClock.day(1), "--reason", "x"],
            ["punch", "add", "W001", "--at", "\(ScenarioClock.day()) 08:00", "--kind", "in", "--reason", "x"],
        ] {
            let refused = try org.kiosk("a", arguments: change)
            #expect(refused.status == 64, "\(change): \(refused.out)\(refused.err)")
            #expect(refused.err.contains("are changed at the centre"), "\(change): \(refused.err)")
        }
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM allowed_wifi") == 1)
        #expect(try org.server.count("SELECT count(*) FROM holiday") == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
    }

    @Test("a correction at the desk is judged against the centre's latest punches and goes up as it ends")
    func deskCorrection() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.desk("employee", "list").status == 0)  // the desk's copy, made before the IN
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        org.sandbox.clock.set(time: "12:00")
        // The IN is only at the centre: the copy is brought up to date before the rules judge.
        let out = try org.desk(
            "punch", "add", "W001", "--at", "\(ScenarioClock.day()) 11:00", "--kind", "out", "--reason", "left early")
        #expect(out.status == 0, "\(out.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch WHERE kind = 'out'") == 1)
        // A second OUT after it breaks the alternation at the centre and is refused there too.
        org.sandbox.clock.set(time: "17:10")
        #expect(try org.kiosk("a", "sync").status == 0)
        let again = try org.desk(
            "punch", "add", "W001", "--at", "\(ScenarioClock.day()) 17:00", "--kind", "out", "--reason", "x")
        #expect(again.status == 65, "\(again.out)\(again.err)")
    }

    @Test(
        "one IN pressed at two kiosks while the server is down: the register and the summary judge it as the day view")
    func doubledInOffline() throws {
        let org = try Organisation(duplicateSeconds: 60)
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        try org.server.stop()
        org.sandbox.clock.set(time: "09:05")
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(time: "09:05:30")
        #expect(try org.kiosk("b", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(time: "17:00")
        #expect(try org.kiosk("b", "mark", "out", "W001").status == 0)
        try org.server.start()
        for kiosk in ["a", "b", "a"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        // The next morning the date is over: one session 09:05–17:00, P with an early exit.
        org.sandbox.clock.set(day: 1, time: "10:00")
        let day = try org.desk("calendar", "W001", "--day", ScenarioClock.day())
        #expect(day.out.contains("(again: counted once)") && day.out.contains("Flags:    early exit\n"), "\(day.out)")
        let register = try org.desk("register", "--month", ScenarioClock.month(), "--format", "csv")
        let rows = register.out.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let header = try #require(rows.first)
        let row = try #require(rows.first { $0.first == "W001" })
        let date = try #require(header.firstIndex(of: Substring(ScenarioClock.day())))
        let (missing, early) = (
            try #require(header.firstIndex(of: "M")), try #require(header.firstIndex(of: "early_exit"))
        )
        #expect(row[date] == "P" && row[missing] == "0" && row[early] == "1", "\(register.out)")
        let summary = try org.desk("summary", "--week", ScenarioClock.day(), "--employee", "W001")
        #expect(!summary.out.contains("missing mark-out"), "\(summary.out)")
    }

    @Test("a kiosk with history joins: its first sync uploads it, wrong PINs and the lock included; the desk unlocks")
    func kioskJoinsWithHistory() throws {
        let org = try Organisation()
        // Kiosk A ran alone before there was a central store: the same file without [central].
        let aloneConfig = org.sandbox.folder + "/alone.toml"
        let joined = try String(contentsOfFile: org.sandbox.folder + "/a.toml", encoding: .utf8)
        let before = String(joined[..<joined.range(of: "[central]")!.lowerBound])
        FileManager.default.createFile(atPath: aloneConfig, contents: Data(before.utf8))
        func alone(_ arguments: String..., input: String = "") throws -> Executable.Result {
            try Executable.run(
                arguments,
                environment: org.sandbox.clock.environment.merging([
                    "ATTENDANCE_STORE": org.store("a"), "ATTENDANCE_CONFIG": aloneConfig,
                    "ATTENDANCE_PEPPER": org.pepper,
                ]) { $1 }, input: input)
        }
        org.sandbox.clock.set(time: "08:00")
        #expect(try alone("employee", "add", "W001", "--name", "Worker 1").status == 0)
        #expect(try alone("employee", "add", "W002", "--name", "Worker 2").status == 0)
        #expect(try alone("employee", "set-pin", "W002", input: "2468\n2468\n").status == 0)
        #expect(
            try alone("wifi", "allow", "--bssid", Office.bssid, "--ssid", "OfficeNet", "--location", "HQ lobby").status
                == 0)
        org.sandbox.clock.set(time: "09:00")
        #expect(try alone("mark", "in", "W001").status == 0)
        // Someone tries W002's PIN until it locks (a minute apart: no waiting between tries).
        for minute in 0..<10 {
            org.sandbox.clock.set(time: String(format: "09:%02d", 10 + minute))
            // The tenth wrong PIN locks, and says so.
            #expect(try alone("mark", "in", "W002", input: "0000\n").status == (minute == 9 ? 15 : 14))
        }
        org.sandbox.clock.set(time: "09:30")
        #expect(try alone("mark", "in", "W002", input: "2468\n").status == 15, "locked")

        // Meanwhile the centre gave W001 to someone else.
        #expect(try org.desk("employee", "add", "W001", "--name", "Someone Else").status == 0)

        // Joined: the first round sends everything it has, once, and names the code the centre
        // keeps for another person.
        org.sandbox.clock.set(time: "10:00")
        let first = try org.kiosk("a", "sync")
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("W001: \"Worker 1\" here, \"Someone Else\" at the centre"), "\(first.err)")
        #expect(!first.err.contains("W002"), "\(first.err)")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM employee") == 2)
        #expect(try org.server.count("SELECT count(*) FROM allowed_wifi") == 1)
        #expect(
            try org.server.count("SELECT count(*) FROM punch WHERE node = 'kiosk-a' AND employee_code = 'W001'") == 1)
        #expect(
            try org.server.count(
                "SELECT count(*) FROM audit_log WHERE action = 'wrong-pin' AND employee_code = 'W002'") == 10)
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W002'") == "t")
        // A kiosk's login may raise a lock but never lift one, even by hand.
        let lifted = org.server.psqlError("UPDATE employee SET locked = false WHERE code = 'W002'", user: "kiosk_a")
        #expect(lifted.contains("permission denied"), "\(lifted)")
        let unlocking = #"{"employees": [{"code": "W002", "name": "Worker 2", "active": true, "locked": false}]}"#
        #expect(
            org.server.psqlError("SELECT attendance_push('kiosk-a', '\(unlocking)', '{}')", user: "kiosk_a")
                .hasPrefix("no error"))
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W002'") == "t")

        // The manager lifts the lock at the desk; the kiosk hears of it on its next round.
        let unlocked = try org.desk("employee", "unlock", "W002")
        // A PIN set at the desk, with the organisation's pepper, is the PIN every kiosk checks.
        let pinSet = try org.desk("employee", "set-pin", "W001", input: "1357\n1357\n")
        #expect(pinSet.status == 0, "\(pinSet.err)")
        var noPepper = org.sandbox.clock.environment
        noPepper["XDG_CACHE_HOME"] = org.sandbox.folder + "/cache"
        noPepper["ATTENDANCE_CENTRAL_PASSWORD_FILE"] = org.server.passwordFile
        noPepper["ATTENDANCE_CONFIG"] = org.sandbox.folder + "/desk.toml"
        let refused = try Executable.run(
            ["employee", "set-pin", "W001", "--store", org.server.url], environment: noPepper, input: "1111\n1111\n")
        #expect(refused.status == 64 && refused.err.contains("ATTENDANCE_PEPPER"), "\(refused.err)")
        // A mistyped pepper path is refused too, and no pepper is made there.
        var mistyped = noPepper
        mistyped["ATTENDANCE_PEPPER"] = org.sandbox.folder + "/pin-peper"
        let typo = try Executable.run(
            ["employee", "set-pin", "W001", "--store", org.server.url], environment: mistyped, input: "1111\n1111\n")
        #expect(typo.status == 64 && typo.err.contains("pin-peper does not exist"), "\(typo.err)")
        #expect(!FileManager.default.fileExists(atPath: org.sandbox.folder + "/pin-peper"))
        #expect(unlocked.status == 0, "\(unlocked.err)")
        #expect(unlocked.out.hasPrefix("unlocked W002 (locked after "), "\(unlocked.out)")
        #expect(!unlocked.out.contains("after 0 wrong PINs"), "\(unlocked.out)")
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W002'") == "f")
        org.sandbox.clock.set(time: "10:05")
        #expect(try org.kiosk("a", "sync").status == 0)
        org.sandbox.clock.set(time: "10:06")
        #expect(try org.sqlite("a", "SELECT locked, failed_pin_attempts FROM employee WHERE code = 'W002'") == "0|0")
        let marked = try org.kiosk("a", "mark", "in", "W002", input: "2468\n")
        #expect(marked.status == 0, "\(marked.err)")
        #expect(try org.kiosk("a", "mark", "out", "W001", input: "1357\n").status == 0)
    }

    @Test(
        "a desk's change that could not be sent does not undo a PIN lock raised since: it is refused, kept and named")
    func staleDeskChange() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        // The organisation's pepper, as a kiosk made it and the manager copied it to the desk.
        #expect(
            FileManager.default.createFile(
                atPath: org.pepper, contents: Data((0..<32).map { _ in UInt8.random(in: 0...255) }),
                attributes: [.posixPermissions: 0o400]))
        org.sandbox.clock.set(time: "08:00")
        #expect(try org.desk("employee", "set-pin", "W001", input: "1357\n1357\n").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)

        // The manager sets a new PIN at a terminal; the network goes while the PIN is typed.
        let exports = org.deskEnvironment.merging([
            "PATH": "/usr/bin:/bin", "HOME": org.sandbox.folder, "LANG": "C.UTF-8", "TZ": ScenarioClock.zoneName,
        ]) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let pane = try TmuxPane(
            socket: "attendance-test-" + UUID().uuidString.prefix(8), folder: org.sandbox.folder,
            command:
                "env \(exports) '\(Executable.attendance)' employee set-pin W001 --store '\(org.server.url)'; "
                + "echo DESK-ENDED $?; sleep 30")
        defer { pane.killServer() }
        let prompt = try pane.screen(until: { $0.contains("New PIN for W001:") }, timeout: 30)
        try #require(prompt.contains("New PIN for W001:"), "\(prompt)")
        try org.server.stop()
        try pane.send(["2468", "Enter"], literal: false)
        _ = try pane.screen(until: { $0.contains("Again:") }, timeout: 10)
        try pane.send(["2468", "Enter"], literal: false)
        let kept = try pane.screen(until: { $0.contains("DESK-ENDED") }, timeout: 60)
        #expect(kept.contains("kept on this desk") && kept.contains("DESK-ENDED 69"), "\(kept)")
        try org.server.start()

        // Meanwhile someone tries W001's PIN at kiosk A until it locks, and the lock reaches the centre.
        for minute in 0..<10 {
            org.sandbox.clock.set(time: String(format: "09:%02d", 10 + minute))
            #expect(try org.kiosk("a", "mark", "in", "W001", input: "0000\n").status == (minute == 9 ? 15 : 14))
        }
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W001'") == "t")

        // The desk's next command: the unsent PIN would lift the lock, so the centre refuses it,
        // the command runs on the centre's records, and the manager is told what was not applied.
        org.sandbox.clock.set(time: "09:30")
        let shown = try org.desk("employee", "show", "W001")
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("PIN:       set; LOCKED"), "\(shown.out)")
        #expect(
            shown.err.contains("has newer changes than")
                && shown.err.contains("employee W001 (changed by a kiosk (kiosk_a))")
                && shown.err.contains("not applied: reset-pin employee W001"), "\(shown.err)")
        let copies = try FileManager.default.contentsOfDirectory(
            atPath: org.sandbox.folder + "/cache/attendance/central")
        #expect(copies.contains { $0.contains(".not-sent-") && $0.hasSuffix(".sqlite") }, "\(copies)")
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W001'") == "t")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001", input: "2468\n").status == 15, "still locked")

        // Made again on the centre's records, the new PIN lifts the lock as a manager's change does.
        #expect(try org.desk("employee", "set-pin", "W001", input: "2468\n2468\n").status == 0)
        #expect(try org.server.psql("SELECT locked FROM employee WHERE code = 'W001'") == "f")
        #expect(try org.kiosk("a", "sync").status == 0)
        org.sandbox.clock.set(time: "09:40")
        let marked = try org.kiosk("a", "mark", "in", "W001", input: "2468\n")
        #expect(marked.status == 0, "\(marked.err)")
    }

    @Test("a request asked at one kiosk is answered at the desk and shown once, at the next kiosk the employee visits")
    func requestTravels() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(day: 0, time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(day: 1, time: "10:00")
        let shown = ScenarioClock.format(ScenarioClock.instant(day: 0, time: "12:00"), "EEE d MMM")
        let first = try org.residentKiosk("a")
        try first.waitFor("Employee code")
        try first.send("W001", "Enter")
        try first.waitFor("[R] Ask for a correction")
        try first.askForCorrection(leftAt: "1800", reason: "forgot to mark out")
        try first.send("Enter")
        try first.waitFor("Employee code: _")
        #expect(try Self.eventually { try org.server.count("SELECT count(*) FROM correction_request") == 1 })

        // The manager, at a desk, sees it, and approves it: the centre has the correction.
        let listed = try org.desk("request", "list")
        let line = try #require(listed.out.split(separator: "\n").first { $0.contains("W001") }, "\(listed.err)")
        #expect(line.contains(ScenarioClock.day(0)) && line.contains("18:00") && line.contains("forgot to mark out"))
        let id = try #require(line.split(separator: " ").first)
        let approved = try org.desk("request", "approve", String(id), "--note", "fixed at the desk")
        #expect(approved.status == 0, "\(approved.err)")
        #expect(try org.server.psql("SELECT state, answer FROM correction_request") == "approved|fixed at the desk")
        #expect(try org.server.count("SELECT count(*) FROM punch_correction") == 1)
        let missing = try org.desk("missing")
        #expect(!missing.out.contains(ScenarioClock.day(0)), "\(missing.out)")

        // The employee comes in at kiosk B next: it says so, once, and kiosk A hears it was shown.
        let second = try org.residentKiosk("b")
        try second.waitFor("Employee code")
        #expect(try Self.eventually { try org.sqlite("b", "SELECT state FROM correction_request") == "approved" })
        try second.send("W001", "Enter")
        let menu = words(of: try second.waitFor("[R] Ask for a correction"))
        #expect(menu.contains("Your request for \(shown) was approved: fixed at the desk"), "\(menu)")
        #expect(!menu.contains("did not mark out"), "\(menu)")
        try second.send("x")
        try second.waitFor("Employee code: _")
        #expect(try Self.eventually { try org.sqlite("a", "SELECT seen_at_ms > 0 FROM correction_request") == "1" })
        try first.send("W001", "Enter")
        let again = words(of: try first.waitFor("[R] Ask for a correction"))
        #expect(!again.contains("was approved") && !again.contains("did not mark out"), "\(again)")
    }

    @Test("tls = require: the kiosk reaches a TLS-only server through its CA file, and refuses an impostor")
    func tlsRequired() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        // The certificate is made on the scenario's clock, so it is valid on the scenario's day.
        let authority = try org.server.requireTLS(clock: org.sandbox.clock.environment)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        let config = org.sandbox.folder + "/a.toml"
        let plain = try String(contentsOfFile: config, encoding: .utf8)
        func use(_ tls: String) throws {
            let text = plain.replacingOccurrences(of: "tls = \"disable\"", with: tls)
            try text.write(toFile: config, atomically: true, encoding: .utf8)
        }

        // Without TLS the server turns the kiosk away; the punch waits.
        let refused = try org.kiosk("a", "sync")
        #expect(refused.status == 69 || refused.status == 77, "\(refused.err)")
        #expect(refused.err.contains("nothing was lost"), "\(refused.err)")

        // A certificate from another authority is not the server's.
        let impostor = org.sandbox.folder + "/impostor.crt"
        try PostgresServer.makeCertificate(
            certificate: impostor, key: org.sandbox.folder + "/impostor.key", clock: org.sandbox.clock.environment)
        try use("tls = \"require\"\nca_file = \"\(impostor)\"")
        let untrusted = try org.kiosk("a", "sync")
        #expect(untrusted.status == 69, "\(untrusted.err)")
        #expect(untrusted.err.lowercased().contains("certificate"), "\(untrusted.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 0)

        // A CA file that is missing, a folder or not a certificate is named in words.
        for (file, words) in [
            (org.sandbox.folder + "/no-such-ca.pem", "does not exist"), (org.sandbox.folder, "is a folder, not a file"),
            (config, "is not a PEM certificate"),
        ] {
            try use("tls = \"require\"\nca_file = \"\(file)\"")
            let named = try org.kiosk("a", "sync")
            #expect(named.err.contains("ca_file \(file) \(words)"), "\(named.err)")
            #expect(!named.err.contains(".build/checkouts"), "\(named.err)")
        }

        try use("tls = \"require\"\nca_file = \"\(authority)\"")
        let synced = try org.kiosk("a", "sync")
        #expect(synced.status == 0, "\(synced.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 1)
    }

    @Test("the resident kiosk syncs in the background; with the server down a punch is recorded at once and sent later")
    func kioskSyncsInTheBackground() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        let kiosk = try org.residentKiosk("a")
        // The kiosk has never synced: the employee and the access point arrive by themselves.
        try kiosk.waitFor("✓ WiFi OfficeNet (\(Office.bssid)) — HQ lobby", timeout: 30)
        try kiosk.send("W001", "Enter")
        try kiosk.waitFor("Hi Worker 1 (W001)")
        try kiosk.send("i")
        try kiosk.waitFor("MARKED IN")
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code")
        #expect(try Self.eventually { try org.server.count("SELECT count(*) FROM punch") == 1 })

        try org.server.stop()
        try kiosk.send("W001", "Enter")
        try kiosk.waitFor("Hi Worker 1 (W001)")
        let pressed = Date()
        try kiosk.send("o")
        try kiosk.waitFor("MARKED OUT", timeout: 5)
        #expect(Date().timeIntervalSince(pressed) < 3, "a punch waited for the network")
        #expect(try org.sqlite("a", "SELECT group_concat(kind) FROM punch") == "in,out")
        try kiosk.send("Enter")
        // Ten minutes on without the server: the idle screen says so, and that nothing is lost.
        org.sandbox.clock.set(time: "09:10")
        try kiosk.waitFor("Central store not reached since 09:0", timeout: 15)
        try kiosk.waitFor("1 record(s) kept here, nothing lost")
        try org.server.start()
        try kiosk.waitUntilGone("Central store not reached", timeout: 30)
        let arrived = try Self.eventually { try org.server.count("SELECT count(*) FROM punch") == 2 }
        let status = try org.kiosk("a", "sync", "--status").out
        #expect(arrived, "\(status.replacingOccurrences(of: "\n", with: " | "))")
    }

    @Test(
        "a kiosk whose history was cut after the centre received it is refused, loudly, naming the kiosk and the record"
    )
    func rewrittenKioskHistory() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(time: "12:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        let links = try org.server.count("SELECT count(*) FROM history_link WHERE node = 'kiosk-a'")
        #expect(links > 0)

        // Root on the kiosk removes the OUT and its link, as if the employee never left at noon.
        _ = try org.sqlite(
            "a",
            """
            DROP TRIGGER punch_no_delete; DROP TRIGGER history_chain_no_delete;
            DELETE FROM history_chain WHERE kind = 'punch' AND record_id = (SELECT max(id) FROM punch);
            DELETE FROM punch WHERE id = (SELECT max(id) FROM punch);
            """)
        #expect(try org.kiosk("a", "store", "verify").status == 0, "cut at its end, the kiosk's chain still links")
        org.sandbox.clock.set(time: "18:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        org.sandbox.clock.set(time: "18:30")
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        let refused = try org.kiosk("a", "sync")
        #expect(refused.status == 3, "\(refused.err)")
        #expect(refused.err.contains("refuses \"kiosk-a\"'s history: its record \(links + 1)"), "\(refused.err)")
        #expect(try org.server.count("SELECT count(*) FROM punch") == 2, "nothing of the rewritten history went up")

        // The kiosk itself says it is refused (not that the server is away), and what is kept.
        org.sandbox.clock.set(time: "19:00")
        let kiosk = try org.residentKiosk("a")
        try kiosk.waitFor("The central store refuses this kiosk: tell your manager", timeout: 20)
        #expect(try org.kiosk("a", "sync", "--status").out.contains("refuses \"kiosk-a\"'s history"))
    }

    @Test("a kiosk whose whole chain was recomputed after a change is refused too")
    func recomputedKioskHistory() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        // Root moves the IN to 08:00 and recomputes every link (Oracles/history_chain.py), so
        // the kiosk's own chain verifies again.
        _ = try org.sqlite(
            "a",
            """
            DROP TRIGGER punch_no_rewrite; DROP TRIGGER history_chain_no_update;
            UPDATE punch SET instant_ms = instant_ms - 3600000 WHERE id = (SELECT max(id) FROM punch);
            """)
        let rewrite = try ChildProcess.run(
            "/usr/bin/python3", [HistoryTamperTests.oracle, org.store("a"), "rewrite"], environment: [:])
        #expect(rewrite.outputText.hasPrefix("ok "), "\(rewrite.errorText)")
        #expect(try org.kiosk("a", "store", "verify").status == 0, "recomputed, the kiosk's chain links again")
        org.sandbox.clock.set(time: "12:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        let refused = try org.kiosk("a", "sync")
        #expect(refused.status == 3, "\(refused.err)")
        #expect(refused.err.contains("refuses \"kiosk-a\"'s history"), "\(refused.err)")
    }

    @Test(
        "a kiosk restored from its own backup re-joins: what the lost copy sent comes back, what it made since goes up")
    func restoredKiosk() throws {
        let org = try Organisation()
        try org.setUp(employees: 2)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        let backup = org.sandbox.folder + "/a-backup.sqlite"
        let saved = try org.kiosk("a", "store", "backup", backup)
        #expect(saved.status == 0, "\(saved.err)")
        // After the backup the kiosk records two punches and sends them; then its disk dies.
        org.sandbox.clock.set(time: "09:30")
        #expect(try org.kiosk("a", "mark", "in", "W002").status == 0)
        org.sandbox.clock.set(time: "12:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        let printed = try Self.digest(of: try org.kiosk("a", "register", "--month", ScenarioClock.month()))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: org.store("a") + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: org.store("a"))
        // Rebuilt from the backup, it marks W002 out before its first round: under a number the lost copy used.
        org.sandbox.clock.set(time: "17:00")
        let out = try org.kiosk("a", "mark", "out", "W002")
        #expect(out.status == 0, "\(out.err)")
        let synced = try org.kiosk("a", "sync")
        #expect(synced.status == 0, "\(synced.err)")
        #expect(
            synced.out.contains(
                "restored from an older copy: 2 record(s) the lost copy had sent came back; 1 made here since went up "
                    + "under new numbers"), "\(synced.out)")
        #expect(
            try org.server.psql(
                "SELECT employee_code || ':' || kind FROM punch WHERE node = 'kiosk-a' ORDER BY instant_ms")
                == "W001:in\nW002:in\nW001:out\nW002:out")
        #expect(try org.server.count("SELECT count(*) FROM node_rejoin WHERE node = 'kiosk-a'") == 1)
        #expect(try org.sqlite("a", "SELECT count(*) FROM punch") == "4")
        #expect(try org.kiosk("a", "store", "verify").status == 0)
        // The register the lost disk printed still verifies: the centre kept that line of its chain.
        let lostLine = try org.kiosk("a", "store", "verify", "--digest", printed)
        #expect(lostLine.status == 0, "\(lostLine.err)")
        #expect(
            lostLine.out.contains("(on the line \"kiosk-a\" left when it was restored from a backup"), "\(lostLine.out)"
        )
        // It goes on as any kiosk: the next punch and round are plain, and every store tells the same day.
        org.sandbox.clock.set(time: "17:30")
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        let again = try org.kiosk("a", "sync")
        #expect(again.status == 0, "\(again.err)")
        #expect(!again.out.contains("restored"), "\(again.out)")
        #expect(try org.server.count("SELECT count(*) FROM node_rejoin") == 1)
        #expect(try org.kiosk("b", "sync").status == 0)
        for code in ["W001", "W002"] {
            let days = [
                try org.kiosk("a", "calendar", code, "--day", ScenarioClock.day()),
                try org.kiosk("b", "calendar", code, "--day", ScenarioClock.day()),
                try org.desk("calendar", code, "--day", ScenarioClock.day()),
            ].map { $0.out.replacingOccurrences(of: "at kiosk-a  ", with: "") }
            #expect(days[0].contains("Sessions:"), "\(days[0])")
            #expect(days[1] == days[2], "\(days[1])\n---\n\(days[2])")
        }
        // The centre keeps the lost copy's links on the line it left, and says when it re-joined.
        #expect(try org.server.count("SELECT count(*) FROM history_link WHERE node = 'kiosk-a' AND line = 1") > 0)
        // A desk re-times the renumbered OUT; the kiosk applies it to its own punch.
        org.sandbox.clock.set(time: "18:00")
        let list = try org.desk("punch", "list", "W002", "--month", String(ScenarioClock.day().prefix(7)))
        let line = list.out.split(separator: "\n").first { $0.contains("17:00") && $0.contains("OUT") }
        let id = line.flatMap { $0.split(separator: " ").first.map(String.init) } ?? "?"
        let retimed = try org.desk(
            "punch", "retime", id, "--at", "\(ScenarioClock.day()) 17:45", "--reason", "left at 17:45, said so")
        #expect(retimed.status == 0, "\(list.out)\(retimed.err)")
        #expect(try org.kiosk("a", "sync").status == 0)
        let day = try org.kiosk("a", "calendar", "W002", "--day", ScenarioClock.day())
        #expect(day.out.contains("09:30–17:45"), "\(day.out)")
    }

    @Test("a register's digest verifies at every store of the organisation, once the store that printed it synced")
    func digestAnywhere() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        let digest = try Self.digest(of: try org.kiosk("a", "register", "--month", ScenarioClock.month()))
        #expect(try org.kiosk("b", "sync").status == 0)
        // Kiosk A has not sent it yet: B cannot vouch for it, and says why that may be.
        let early = try org.kiosk("b", "store", "verify", "--digest", digest)
        #expect(early.status == 3, "\(early.out)\(early.err)")
        #expect(early.err.contains("or the store that printed it has not synced since"), "\(early.err)")
        #expect(try org.kiosk("a", "sync").status == 0)
        for verified in [
            try org.kiosk("b", "store", "verify", "--digest", digest),
            try org.desk("store", "verify", "--digest", digest.uppercased()),
            try org.kiosk("a", "store", "verify", "--digest", digest),
        ] {
            #expect(verified.status == 0, "\(verified.err)")
            #expect(verified.out.hasSuffix("intact\n"), "\(verified.out)")
        }
        let atB = try org.kiosk("b", "store", "verify", "--digest", digest).out
        #expect(atB.contains("is the first "), "\(atB)")
        #expect(atB.contains(" of \"kiosk-a\"'s history, as the central store keeps it"), "\(atB)")
        // A digest nobody's history holds is still a changed history.
        let forged = try org.kiosk("b", "store", "verify", "--digest", String(repeating: "ab", count: 32))
        #expect(forged.status == 3, "\(forged.out)\(forged.err)")
    }

    @Test("a desk sends its own records' links and each pulled page's head; its digests verify anywhere")
    func deskLinksOfPulledRecords() throws {
        let org = try Organisation()
        try org.setUp(employees: 2)
        org.sandbox.clock.set(time: "09:00")
        for step in [["sync"], ["mark", "in", "W001"], ["mark", "in", "W002"], ["sync"]] {
            #expect(try org.kiosk("a", arguments: step).status == 0, "\(step)")
        }
        // The desk pulls both punches in one page, then prints; its next command sends its links.
        let digest = try Self.digest(of: try org.desk("register", "--month", ScenarioClock.month()))
        let verify = try org.desk("store", "verify")
        #expect(verify.status == 0, "\(verify.err)")
        let records = try Self.historyRecords(verify)
        let sent = try org.server.count(
            "SELECT count(*) FROM history_link l JOIN node n ON n.name = l.node WHERE n.role = 'desk'")
        #expect(sent < records, "the link of the first punch pulled is not sent: \(sent) of \(records)")
        #expect(try org.kiosk("b", "sync").status == 0)
        let atB = try org.kiosk("b", "store", "verify", "--digest", digest)
        #expect(atB.status == 0, "\(atB.err)")
        #expect(atB.out.contains("is the first \(records) records of \"desk-"), "\(atB.out)")
        // The desk's own change after them still extends the chain the centre holds of it.
        org.sandbox.clock.set(time: "10:00")
        #expect(try org.desk("employee", "edit", "W001", "--name", "Worker One").status == 0)
        let again = try org.desk("store", "verify")
        #expect(again.status == 0, "\(again.err)")
        #expect(
            try org.server.count(
                "SELECT count(*) FROM history_link l JOIN node n ON n.name = l.node WHERE n.role = 'desk'") == sent + 1)
    }

    @Test("a change made at the centre with SQL is audited at every store, and every digest after it differs")
    func directSQLAudited() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        let before = try Self.historyRecords(try org.kiosk("a", "store", "verify"))
        // The owner, at psql: W001's shift moves and a day of leave appears, past every kiosk and desk.
        _ = try org.server.psql("UPDATE employee SET shift_start = '10:30' WHERE code = 'W001'")
        _ = try org.server.psql(
            "INSERT INTO leave (employee_code, date, half_day, reason, changed_by) "
                + "VALUES ('W001', '\(ScenarioClock.day(1))', false, 'family', 'owner')")
        #expect(try org.server.count("SELECT count(*) FROM audit_log WHERE node = '(central store)'") == 2)
        #expect(try org.kiosk("a", "sync").status == 0)
        let audit = try org.kiosk("a", "audit")
        #expect(audit.out.contains("owner (SQL at the central store)"), "\(audit.out)")
        #expect(audit.out.contains(/shift_start (– → )?10:30/), "\(audit.out)")
        #expect(audit.out.contains("W001 \(ScenarioClock.day(1))"), "\(audit.out)")
        let after = try org.kiosk("a", "store", "verify")
        #expect(after.status == 0, "\(after.err)")
        #expect(try Self.historyRecords(after) == before + 2, "\(after.out)")
        // A desk's change comes through the door: audited by the desk, not as SQL at the centre.
        #expect(try org.desk("employee", "edit", "W001", "--name", "Worker One").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM audit_log WHERE node = '(central store)'") == 2)
        // No kiosk id can take the centre's own name.
        let taken = org.server.psqlError(
            "SELECT attendance_claim('(central store)', 'kiosk', 'x')", user: "kiosk_a")
        #expect(taken.contains("a store syncs as a kiosk or a desk, under a plain name"), "\(taken)")
    }

    /// The number of records `store verify` reports: "history: 12 records, digest …".
    static func historyRecords(_ verify: Executable.Result) throws -> Int {
        let line = try #require(verify.out.split(separator: "\n").first { $0.hasPrefix("history: ") })
        return Int(line.split(separator: " ")[1]) ?? -1
    }

    /// The digest at the foot of a text register.
    static func digest(of register: Executable.Result) throws -> String {
        let line = register.out.split(separator: "\n").first { $0.hasPrefix("History digest ") }
        return String(try #require(line, "\(register.out)\(register.err)").split(separator: " ")[2])
    }

    /// Polls `condition` for up to `seconds`.
    static func eventually(seconds: Double = 30, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? condition()) == true { return true }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return try condition()
    }
}
