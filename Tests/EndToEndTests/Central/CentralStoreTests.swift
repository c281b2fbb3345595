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
        server = try PostgresServer()
        sandbox = Sandbox()
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

    /// `attendance ARGS` at kiosk `kiosk` ("a" or "b").
    func kiosk(_ kiosk: String, _ arguments: String...) throws -> Executable.Result {
        try Executable.run(
            arguments,
            environment: sandbox.clock.environment.merging([
                "ATTENDANCE_STORE": store(kiosk), "ATTENDANCE_CONFIG": sandbox.folder + "/\(kiosk).toml",
            ]) { $1 })
    }

    /// `attendance ARGS --store postgresql://…` at the manager's desk.
    func desk(_ arguments: String...) throws -> Executable.Result {
        try Executable.run(
            arguments + ["--store", server.url],
            environment: sandbox.clock.environment.merging([
                "ATTENDANCE_CONFIG": sandbox.folder + "/desk.toml", "XDG_CACHE_HOME": sandbox.folder + "/cache",
                "ATTENDANCE_CENTRAL_PASSWORD_FILE": server.passwordFile,
            ]) { $1 })
    }

    /// The employees and the office's access point, added centrally.
    func setUp(employees: Int) throws {
        for number in 1...employees {
            let added = try desk("employee", "add", Office.code(number), "--name", "Worker \(number)")
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
        #expect(again.out.contains("up to date (schema 1)"))
        try org.setUp(employees: 1)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.server.count("SELECT count(*) FROM punch") == 1)
        for sql in [
            "UPDATE punch SET kind = 'out'", "DELETE FROM punch", "TRUNCATE punch", "DELETE FROM audit_log",
            "UPDATE audit_log SET actor = 'x'",
        ] {
            #expect(org.server.psqlError(sql).contains("append-only"), "\(sql)")
        }
        // A kiosk's login may add records and raise a lock, never change an employee otherwise.
        let denied = org.server.psqlError("UPDATE employee SET name = 'Mallory'", user: "kiosk_a")
        #expect(denied.contains("permission denied"), "\(denied)")
        #expect(org.server.psqlError("DELETE FROM holiday", user: "kiosk_a").contains("permission denied"))
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
    }

    @Test("sync killed with SIGKILL at random moments leaves every record on the centre exactly once")
    func killedSync() throws {
        let org = try Organisation()
        try org.setUp(employees: 3)
        org.sandbox.clock.set(time: "09:00")
        #expect(try org.kiosk("a", "sync").status == 0)
        // A week offline: 20,000 punches recorded on kiosk A, written straight into its store.
        let seeded = try org.sqlite(
            "a",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms)
            SELECT 1 + i % 3, 1700000000000 + i * 1000, 'UTC', '2023-11-14', CASE i % 2 WHEN 0 THEN 'in' ELSE 'out' END,
                'simulated', 1700000000000 FROM n;
            SELECT count(*) FROM punch;
            """)
        #expect(seeded == "20000")
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
}
