import AttendanceTestSupport
import Foundation
import Testing

/// What one kiosk's stolen password can do at the centre: psql logged in as kiosk A, trying
/// what a thief would, while kiosk B and the desk carry on. Nothing of it may reach another
/// kiosk's records, blind the other stores, or stall them for more than seconds.
@Suite("A kiosk's login at the centre (real PostgreSQL)", .serialized)
struct KioskLoginTests {
    /// Two employees and the access point, both kiosks synced once (each holds its id).
    static func organisation() throws -> Organisation {
        let org = try Organisation()
        try org.setUp(employees: 2)
        org.sandbox.clock.set(time: "09:00")
        for kiosk in ["a", "b"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        return org
    }

    /// A punch as a kiosk's push carries it, with `extra` fields a thief might add.
    static func punch(node: String, id: Int, code: String = "W001", extra: String = "") -> String {
        """
        {"node": "\(node)", "origin_id": \(id), "employee_code": "\(code)", "instant_ms": 1790000000000,
         "zone": "UTC", "attendance_date": "2026-09-21", "kind": "in", "source": "nl80211",
         "clock_went_back": false, "created_at_ms": 1790000000000\(extra)}
        """
    }

    /// `SELECT attendance_push(node, batch, '{}')` as kiosk A's login: psql's error, or "no error".
    static func pushAsKioskA(_ org: Organisation, node: String = "kiosk-a", _ batch: String) -> String {
        org.server.psqlError(
            "SELECT attendance_push('\(node)', '\(batch.replacingOccurrences(of: "'", with: "''"))'::jsonb, '{}')",
            user: "kiosk_a")
    }

    @Test("a kiosk's login reaches no table, and a temporary table cannot stand in for the centre's")
    func noTables() throws {
        let org = try Self.organisation()
        for sql in [
            "SELECT pin_hash FROM employee", "UPDATE employee SET name = 'Mallory'", "DELETE FROM holiday",
            "INSERT INTO node (name, role) VALUES ('hq-2', 'kiosk')",
            "INSERT INTO punch (node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source, "
                + "clock_went_back, created_at_ms) VALUES ('kiosk-b', 1, 'W001', 0, 'UTC', '2026-01-01', 'in', "
                + "'nl80211', false, 0)",
        ] {
            let denied = org.server.psqlError(sql, user: "kiosk_a")
            #expect(denied.contains("permission denied"), "\(sql): \(denied)")
        }
        let shadow = org.server.psqlError(
            "CREATE TEMP TABLE node (name text, login text); INSERT INTO node VALUES ('kiosk-b', 'kiosk_a')",
            user: "kiosk_a")
        #expect(shadow.contains("permission denied to create temporary tables"), "\(shadow)")
        // Kiosk B's next punch number, pushed under kiosk B's id through the centre's own door.
        let forged = Self.pushAsKioskA(org, node: "kiosk-b", #"{"punches": [\#(Self.punch(node: "kiosk-b", id: 1))]}"#)
        #expect(forged.contains("held by another login"), "\(forged)")
        let underOwn = Self.pushAsKioskA(org, #"{"punches": [\#(Self.punch(node: "kiosk-b", id: 1))]}"#)
        #expect(underOwn.contains("is sent under the kiosk id kiosk-b, not kiosk-a"), "\(underOwn)")
        // Kiosk B's real punch of that number arrives, as made.
        org.sandbox.clock.set(time: "09:10")
        #expect(try org.kiosk("b", "mark", "in", "W002").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(
            try org.server.psql("SELECT employee_code, kind FROM punch WHERE node = 'kiosk-b' AND origin_id = 1")
                == "W002|in")
    }

    @Test("change numbers, receipt times and authors are the centre's: no kiosk moves every store's pull past the rest")
    func centreNumbers() throws {
        let org = try Self.organisation()
        let direct = org.server.psqlError(
            "INSERT INTO audit_log (node, origin_id, at_ms, actor, action, entity, entity_key, seq) "
                + "VALUES ('kiosk-a', 900, 0, 'x', 'x', 'x', 'x', 9223372036854775000)", user: "kiosk_a")
        #expect(direct.contains("permission denied"), "\(direct)")
        let extra = #", "seq": 9223372036854775000, "received_at": "1999-01-01T00:00:00Z", "changed_by": "root""#
        let pushed = Self.pushAsKioskA(org, #"{"punches": [\#(Self.punch(node: "kiosk-a", id: 900, extra: extra))]}"#)
        #expect(pushed.hasPrefix("no error"), "\(pushed)")
        #expect(try org.server.count("SELECT count(*) FROM punch WHERE seq > 1000000") == 0)
        #expect(try org.server.count("SELECT count(*) FROM punch WHERE received_at < now() - interval '1 day'") == 0)
        // A new hire and kiosk A's punch still reach kiosk B, named.
        #expect(try org.desk("employee", "add", "W009", "--name", "Worker 9").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(try org.sqlite("b", "SELECT name FROM employee WHERE code = 'W009'") == "Worker 9")
        #expect(try org.sqlite("b", "SELECT count(*) FROM punch WHERE origin_node = 'kiosk-a'") == "1")
    }

    @Test("a code differing only in case never replaces an employee, and values the rules refuse never reach a store")
    func codesAndValues() throws {
        let org = try Self.organisation()
        let mallory = """
            {"code": "w001", "name": "Mallory", "active": true, "locked": false, "pin_hash_hex": "\(String(repeating: "ab", count: 32))",
             "pin_salt_hex": "\(String(repeating: "cd", count: 16))", "pin_rounds": 200000}
            """
        let pushed = Self.pushAsKioskA(
            org, #"{"employees": [\#(mallory)], "punches": [\#(Self.punch(node: "kiosk-a", id: 901, code: "w001"))]}"#)
        #expect(pushed.hasPrefix("no error"), "\(pushed)")
        #expect(
            try org.server.psql("SELECT code, name, pin_hash IS NULL FROM employee WHERE lower(code) = 'w001'")
                == "W001|Worker 1|t")
        #expect(try org.server.psql("SELECT employee_code FROM punch WHERE origin_id = 901") == "W001")
        // A PIN that would take minutes to check freezes no kiosk: it never reaches the centre.
        let slow = Self.pushAsKioskA(
            org,
            #"{"employees": [\#(mallory.replacingOccurrences(of: "w001", with: "W077").replacingOccurrences(of: "200000", with: "2000000000"))]}"#
        )
        #expect(slow.contains("employee_pin"), "\(slow)")
        #expect(try org.server.count("SELECT count(*) FROM employee WHERE code = 'W077'") == 0)
        // Not even the owner stores a shift no register can read.
        let shift = org.server.psqlError("UPDATE employee SET shift_start = '25:99' WHERE code = 'W001'")
        #expect(shift.contains("employee_shift"), "\(shift)")
        #expect(try org.desk("register", "--month", ScenarioClock.month()).status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(try org.sqlite("b", "SELECT name FROM employee WHERE code = 'W001'") == "Worker 1")
    }

    @Test("a kiosk's login corrects only its own punches, locks only with wrong PINs, and no correction poisons a pull")
    func correctionsAndLocks() throws {
        let org = try Self.organisation()
        org.sandbox.clock.set(time: "09:10")
        #expect(try org.kiosk("b", "mark", "in", "W001").status == 0)
        #expect(try org.kiosk("b", "sync").status == 0)
        let void = """
            {"node": "kiosk-a", "origin_id": 1, "punch_node": "kiosk-b", "punch_origin_id": 1, "employee_code": "W001",
             "action": "void", "punch_date": "\(ScenarioClock.day())", "from_date": "\(ScenarioClock.day())",
             "to_date": "\(ScenarioClock.day())", "outside_edit_window": false, "actor": "Priya via root",
             "at_ms": 1790000000000, "reason": "mistake"}
            """
        let voided = Self.pushAsKioskA(org, #"{"corrections": [\#(void)]}"#)
        #expect(voided.contains("a kiosk corrects only its own punches"), "\(voided)")
        let nowhere = Self.pushAsKioskA(
            org,
            #"{"corrections": [\#(void.replacingOccurrences(of: "\"punch_node\": \"kiosk-b\", \"punch_origin_id\": 1", with: "\"punch_node\": \"kiosk-a\", \"punch_origin_id\": 777"))]}"#
        )
        #expect(nowhere.contains("which the centre does not have"), "\(nowhere)")
        let direct = org.server.psqlError(
            """
            INSERT INTO punch_correction (node, origin_id, punch_node, punch_origin_id, employee_code, action,
                punch_date, from_date, to_date, outside_edit_window, actor, at_ms, reason)
            VALUES ('desk-x', 1, 'kiosk-z', 5, 'W001', 'void', '2026-01-01', '2026-01-01', '2026-01-01', false, 'x', 0, 'x')
            """)
        #expect(direct.contains("punch_correction_punch"), "\(direct)")
        #expect(try org.server.count("SELECT count(*) FROM punch_correction") == 0)

        // Locking everyone needs their wrong PINs, recorded at this kiosk.
        let everyone = (1...2).map { number in
            #"{"code": "W00\#(number)", "name": "x", "active": true, "locked": true}"#
        }.joined(separator: ", ")
        #expect(Self.pushAsKioskA(org, #"{"employees": [\#(everyone)]}"#).hasPrefix("no error"))
        #expect(try org.server.count("SELECT count(*) FROM employee WHERE locked") == 0)

        // Every store still pulls, and the day is as kiosk B recorded it.
        #expect(try org.kiosk("a", "sync").status == 0)
        let day = try org.desk("calendar", "W001", "--day", ScenarioClock.day())
        #expect(day.status == 0 && day.out.contains("09:10"), "\(day.out)\(day.err)")
    }

    /// A request as a kiosk's push carries it: W001 left at 18:00 on the scenario's day.
    static func request(node: String = "kiosk-a", id: Int = 41, state: String = "waiting", extra: String = "") -> String
    {
        """
        {"node": "\(node)", "origin_id": \(id), "employee_code": "W001", "date": "\(ScenarioClock.day())",
         "left_at": "18:00", "reason": "forgot to mark out", "asked_at_ms": 1790000000000, "state": "\(state)"\(extra)}
        """
    }

    @Test("a kiosk's login asks only under its own id, never answers, and cannot change a question once asked")
    func requests() throws {
        let org = try Self.organisation()
        let asked = Self.pushAsKioskA(org, #"{"requests": [\#(Self.request())]}"#)
        #expect(asked.hasPrefix("no error"), "\(asked)")
        let forged = Self.pushAsKioskA(org, #"{"requests": [\#(Self.request(node: "kiosk-b", id: 7))]}"#)
        #expect(forged.contains("request 7 is sent under the kiosk id kiosk-b, not kiosk-a"), "\(forged)")
        let answer = #", "decided_at_ms": 1790000100000, "decided_by": "Priya via root", "answer": "fine""#
        let approved = Self.pushAsKioskA(org, #"{"requests": [\#(Self.request(state: "approved", extra: answer))]}"#)
        #expect(approved.contains("a kiosk does not answer requests"), "\(approved)")
        let changed = Self.pushAsKioskA(
            org, #"{"requests": [\#(Self.request().replacingOccurrences(of: "18:00", with: "23:00"))]}"#)
        #expect(changed.contains("request 41 of kiosk-a is not the one the centre received"), "\(changed)")
        let direct = org.server.psqlError("UPDATE correction_request SET state = 'approved'", user: "kiosk_a")
        #expect(direct.contains("permission denied"), "\(direct)")
        let unreadable = Self.pushAsKioskA(
            org, #"{"requests": [\#(Self.request(id: 42).replacingOccurrences(of: "18:00", with: "25:99"))]}"#)
        #expect(unreadable.contains("correction_request_values"), "\(unreadable)")
        // Shown before any answer: nothing to show, nothing kept.
        let seen = #", "seen_at_ms": 1790000300000"#
        #expect(Self.pushAsKioskA(org, #"{"requests": [\#(Self.request(extra: seen))]}"#).hasPrefix("no error"))
        #expect(
            try org.server.psql("SELECT origin_id, state, seen_at_ms IS NULL FROM correction_request") == "41|waiting|t"
        )

        // A desk answers; a second answer is a conflict, and the kiosk's stale copy changes nothing.
        #expect(try org.server.psql("SELECT attendance_claim('desk-2', 'desk', 'second-desk')") == "second-desk")
        let refusal = #", "decided_at_ms": 1790000200000, "decided_by": "Second Desk", "answer": "no""#
        try org.server.psql(
            "SELECT attendance_push('desk-2', '{\"requests\": [\(Self.request(state: "refused", extra: refusal))]}', '{}')"
        )
        let second = org.server.psqlError(
            "SELECT attendance_push('desk-2', '{\"requests\": [\(Self.request(state: "approved", extra: answer))]}', '{}')"
        )
        #expect(second.contains("newer changes at the centre"), "\(second)")
        #expect(second.contains("request 41 of kiosk-a for W001 on \(ScenarioClock.day()) (answered by Second Desk)"))
        let stale = Self.pushAsKioskA(org, #"{"requests": [\#(Self.request())]}"#)
        #expect(stale.hasPrefix("no error"), "\(stale)")
        // The answer reaches kiosk B (where the employee may come next); its showing goes up from there.
        #expect(try org.kiosk("b", "sync").status == 0)
        #expect(
            try org.sqlite("b", "SELECT state, answer, origin_node FROM correction_request") == "refused|no|kiosk-a")
        #expect(
            try org.server.psql("SELECT state, answer, seen_at_ms IS NULL FROM correction_request") == "refused|no|t")
        let shown = Self.pushAsKioskA(org, #"{"requests": [\#(Self.request(extra: seen))]}"#)
        #expect(shown.hasPrefix("no error"), "\(shown)")
        #expect(try org.server.psql("SELECT state, seen_at_ms FROM correction_request") == "refused|1790000300000")
    }

    @Test("a kiosk's login holds one kiosk id and never a desk's")
    func oneIDaLogin() throws {
        let org = try Self.organisation()
        for (node, role, words) in [
            ("hq-future", "kiosk", "already syncs the kiosk id kiosk-a"),
            ("desk-x", "desk", "syncs a kiosk, not a desk"),
            ("kiosk-b", "kiosk", "held by another login"),
        ] {
            let squat = org.server.psqlError("SELECT attendance_claim('\(node)', '\(role)', 'x')", user: "kiosk_a")
            #expect(squat.contains(words), "\(node): \(squat)")
        }
        _ = try org.server.addKioskLogin("kiosk_c")
        let taken = org.server.psqlError("SELECT attendance_claim('kiosk-b', 'kiosk', 'x')", user: "kiosk_c")
        #expect(taken.contains("held by another login"), "\(taken)")
        #expect(try org.server.count("SELECT count(*) FROM node") == 3, "the two kiosks and the desk")
    }

    @Test("a writer that holds the centre and waits costs the other kiosks seconds, not the organisation")
    func frozenWriter() throws {
        let org = try Self.organisation()
        // One waiting on its client inside its transaction (a frozen kiosk, a cut cable, or on
        // purpose), then one busy in a statement that never ends.
        for (number, hold) in [#"\! sleep 300"#, "SELECT pg_sleep(300);"].enumerated() {
            let holder = try ChildProcess(
                "/usr/bin/psql",
                [
                    "-X", "-q", "-h", org.server.folder, "-p", String(org.server.port), "-U", "kiosk_a", "-d",
                    "attendance",
                ].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"],
                input: Array("BEGIN;\nSELECT attendance_push('kiosk-a', '{}', '{}');\n\(hold)\n".utf8),
                folder: org.sandbox.folder)
            defer { holder.send(SIGKILL) }
            let held = try CentralStoreTests.eventually(seconds: 20) {
                try org.server.count(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 7243001 AND granted") == 1
            }
            try #require(held, "the holder took the writers' lock")
            org.sandbox.clock.set(time: "09:2\(number)")
            #expect(try org.kiosk("b", "mark", "in", Office.code(number + 1)).status == 0)
            let synced = try org.kiosk("b", "sync")
            #expect(synced.status == 0, "\(hold): \(synced.err)")
            #expect(try org.server.count("SELECT count(*) FROM punch WHERE node = 'kiosk-b'") == number + 1)
            #expect(
                try org.server.count(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 7243001 AND granted") == 0)
        }
    }
}

@Suite("Every store of the organisation agrees (real PostgreSQL)", .serialized)
struct ConvergenceTests {
    @Test("an older re-time that arrives late never undoes a newer one, on any store")
    func olderCorrectionArrivesLate() throws {
        let org = try KioskLoginTests.organisation()
        #expect(try org.kiosk("a", "mark", "in", "W001").status == 0)
        org.sandbox.clock.set(time: "17:00")
        #expect(try org.kiosk("a", "mark", "out", "W001").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        let out = try #require(
            Int64(try org.server.psql("SELECT instant_ms FROM punch WHERE node = 'kiosk-a' AND kind = 'out'")))
        let outID = try org.server.psql("SELECT origin_id FROM punch WHERE node = 'kiosk-a' AND kind = 'out'")
        // At 20:40 the manager moves the OUT to 18:00 at this desk; kiosk A hears of it.
        org.sandbox.clock.set(time: "20:40")
        let listed = try org.desk("punch", "list", "W001")
        let id = try #require(
            listed.out.split(separator: "\n").first { $0.contains("OUT") }?.split(separator: " ").first {
                Int($0) != nil
            })
        let retimed = try org.desk(
            "punch", "retime", String(id), "--at", "\(ScenarioClock.day()) 18:00", "--reason", "stayed for a delivery")
        #expect(retimed.status == 0, "\(retimed.out)\(retimed.err)")
        #expect(try org.kiosk("a", "sync").status == 0)
        // A second desk had moved it to 19:00 at 17:30, offline; its change arrives now.
        let minute: Int64 = 60_000
        #expect(try org.server.psql("SELECT attendance_claim('desk-2', 'desk', 'second-desk')") == "second-desk")
        let late = """
            {"corrections": [{"node": "desk-2", "origin_id": 1, "punch_node": "kiosk-a", "punch_origin_id": \(outID),
             "employee_code": "W001", "action": "retime", "punch_date": "\(ScenarioClock.day())",
             "from_date": "\(ScenarioClock.day())", "to_date": "\(ScenarioClock.day())",
             "new_instant_ms": \(out + 120 * minute), "outside_edit_window": false, "actor": "Second Desk",
             "at_ms": \(out + 30 * minute), "reason": "left late"}]}
            """
        try org.server.psql("SELECT attendance_push('desk-2', '\(late)', '{}')")
        // Kiosk A received the two in one order, the desk in the other, kiosk B both at once.
        for kiosk in ["a", "b"] { #expect(try org.kiosk(kiosk, "sync").status == 0) }
        for (store, day) in [
            ("kiosk A", try org.kiosk("a", "calendar", "W001", "--day", ScenarioClock.day())),
            ("kiosk B", try org.kiosk("b", "calendar", "W001", "--day", ScenarioClock.day())),
            ("the desk", try org.desk("calendar", "W001", "--day", ScenarioClock.day())),
        ] {
            #expect(day.out.contains("18:00  OUT") && !day.out.contains("19:00"), "\(store): \(day.out)\(day.err)")
        }
    }
}
