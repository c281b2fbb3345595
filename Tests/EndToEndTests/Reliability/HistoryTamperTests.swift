import AttendanceTestSupport
import Foundation
import Testing

/// Someone with root and the sqlite3 tool rewrites history the way an attacker would: drops the
/// guards, then deletes, re-times, forges, and finally recomputes the whole chain. `store verify`
/// names the first broken record; the digest printed on a register catches what a chain alone
/// cannot (the last record removed, a chain rewritten end to end). A Python script that reads
/// the encoding from its description recomputes the same links (Oracles/history_chain.py).
@Suite("History chain against tampering", .serialized)
struct HistoryTamperTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Oracles/history_chain.py").path

    /// Every guard the store has against rewriting history, which root can drop.
    static let dropGuards = """
        DROP TRIGGER punch_no_delete; DROP TRIGGER punch_no_rewrite; DROP TRIGGER punch_no_edit;
        DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;
        DROP TRIGGER punch_correction_no_update; DROP TRIGGER punch_correction_no_delete;
        DROP TRIGGER history_chain_no_update; DROP TRIGGER history_chain_no_delete;
        DROP TRIGGER punch_chained; DROP TRIGGER punch_correction_chained; DROP TRIGGER audit_log_chained;
        """

    /// Three days of marks and a correction, and the digest printed on that month's register.
    static func office() throws -> (Sandbox, digest: String) {
        let s = try Office.sandbox(employees: 2)
        for day in [-2, -1, 0] {
            s.clock.set(day: day, time: "09:00")
            #expect(try s.run("mark", "in", Office.code(1)).status == 0)
            #expect(try s.run("mark", "in", Office.code(2)).status == 0)
            s.clock.set(day: day, time: "17:30")
            #expect(try s.run("mark", "out", Office.code(1)).status == 0)
            #expect(try s.run("mark", "out", Office.code(2)).status == 0)
        }
        let punch = try s.sqlite("SELECT min(id) FROM punch").trimmingCharacters(in: .whitespacesAndNewlines)
        let corrected = try s.run(
            "punch", "retime", punch, "--at", "\(ScenarioClock.day(-2)) 09:05", "--reason", "badge late")
        #expect(corrected.status == 0, "\(corrected.err)")
        let register = try s.run("register", "--month", ScenarioClock.month())
        let line = register.out.split(separator: "\n").first { $0.hasPrefix("History digest ") }
        let digest = String(try #require(line).split(separator: " ")[2])
        #expect(digest.count == 64)
        return (s, digest)
    }

    func verify(_ s: Sandbox, digest: String? = nil) throws -> Executable.Result {
        try Executable.run(["store", "verify"] + (digest.map { ["--digest", $0] } ?? []), environment: s.environment)
    }

    func oracle(_ s: Sandbox, _ mode: String) throws -> String {
        let run = try ChildProcess.run("/usr/bin/python3", [Self.oracle, s.store, mode], environment: [:])
        return (run.outputText + run.errorText).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("an untouched history verifies, against its printed digest too; the oracle computes the same links")
    func intact() throws {
        let (s, digest) = try Self.office()
        let verified = try verify(s, digest: digest)
        #expect(verified.status == 0, "\(verified.err)")
        #expect(verified.out.hasSuffix("intact\n"), "\(verified.out)")
        let records = try s.sqlite("SELECT count(*) FROM history_chain").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try oracle(s, "check") == "ok \(records) \(digest)")
    }

    @Test("a punch deleted in the middle is named")
    func deletedPunch() throws {
        let (s, _) = try Self.office()
        _ = try s.sqlite(Self.dropGuards + "DELETE FROM punch WHERE id = 3;")
        let verified = try verify(s)
        #expect(verified.status == 3)
        #expect(verified.err.contains("punch #3 is gone: it was removed"), "\(verified.err)")
    }

    @Test("a re-timed punch is named with its employee, kind and date")
    func retimedPunch() throws {
        let (s, _) = try Self.office()
        _ = try s.sqlite(Self.dropGuards + "UPDATE punch SET instant_ms = instant_ms - 3600000 WHERE id = 4;")
        let verified = try verify(s)
        #expect(verified.status == 3)
        #expect(
            verified.err.contains(
                "punch #4 (\(Office.code(2)), OUT on \(ScenarioClock.day(-2))) was changed after it was recorded"),
            "\(verified.err)")
    }

    @Test("a forged punch copying another's link, and one with no link at all, are caught")
    func forgedPunch() throws {
        let (s, _) = try Self.office()
        let forge = """
            INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms)
                SELECT employee_id, instant_ms + 60000, zone, attendance_date, kind, source, created_at_ms FROM punch WHERE id = 5;
            INSERT INTO history_chain (kind, record_id, prev, hash)
                SELECT 'punch', (SELECT max(id) FROM punch), prev, hash FROM history_chain WHERE kind = 'punch' AND record_id = 5;
            """
        _ = try s.sqlite(Self.dropGuards + forge)
        let copied = try verify(s)
        #expect(copied.status == 3)
        #expect(copied.err.contains("does not follow the entry before it"), "\(copied.err)")

        let (t, _) = try Self.office()
        _ = try t.sqlite(
            Self.dropGuards
                + "INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms) "
                + "SELECT employee_id, instant_ms + 60000, zone, attendance_date, kind, 'manual', created_at_ms FROM punch WHERE id = 5;"
        )
        let unlinked = try verify(t)
        #expect(unlinked.status == 3)
        #expect(unlinked.err.contains("is not in the chain: it was added outside this program"), "\(unlinked.err)")
    }

    @Test("a deleted audit entry is named")
    func deletedAuditEntry() throws {
        let (s, _) = try Self.office()
        _ = try s.sqlite(Self.dropGuards + "DELETE FROM audit_log WHERE id = 2;")
        let verified = try verify(s)
        #expect(verified.status == 3)
        #expect(verified.err.contains("audit entry #2 is gone"), "\(verified.err)")
    }

    @Test("the last record removed with its link: the chain alone cannot tell, the printed digest can")
    func deletedLastRecord() throws {
        let (s, digest) = try Self.office()
        _ = try s.sqlite(
            Self.dropGuards
                + """
                DELETE FROM punch_correction WHERE id = (SELECT max(id) FROM punch_correction);
                DELETE FROM audit_log WHERE id > (SELECT record_id FROM history_chain WHERE kind = 'audit_log'
                    ORDER BY seq DESC LIMIT 1 OFFSET 1);
                DELETE FROM history_chain WHERE seq > (SELECT max(seq) - 2 FROM history_chain);
                """)
        // The register printed after the correction: its correction and audit entry are gone.
        let local = try verify(s)
        #expect(local.status == 0, "a chain cut at its end still links: \(local.err)")
        let anchored = try verify(s, digest: digest)
        #expect(anchored.status == 3)
        #expect(anchored.err.contains("no longer holds the one whose digest was \(digest)"), "\(anchored.err)")
    }

    @Test("a record changed and the whole chain recomputed: only the printed digest catches it")
    func rewrittenChain() throws {
        let (s, digest) = try Self.office()
        _ = try s.sqlite(Self.dropGuards + "UPDATE punch SET instant_ms = instant_ms - 1800000 WHERE id = 2;")
        #expect(try verify(s).status == 3)
        #expect(try oracle(s, "rewrite").hasPrefix("ok "))
        let local = try verify(s)
        #expect(local.status == 0, "a chain recomputed end to end links again: \(local.err)")
        let anchored = try verify(s, digest: digest)
        #expect(anchored.status == 3, "\(anchored.out)")
    }
}
