import Foundation
import Testing

/// The web console's accounts through the central store: made at a desk, taken by every kiosk,
/// never sent by a kiosk.
@Suite("Console accounts through the central store (real PostgreSQL)", .serialized)
struct CentralAccountsTests {
    static let password = "correct horse battery"

    /// The account `name` at the centre and at kiosk A: "role:removed:hash" each.
    static func account(_ name: String, in org: Organisation) throws -> (centre: String, kiosk: String) {
        (
            try org.server.psql(
                "SELECT role || ':' || removed || ':' || password_hash FROM manager_account WHERE name = '\(name)'"),
            try org.sqlite(
                "a",
                "SELECT role || ':' || CASE WHEN removed_at_ms IS NULL THEN 'false' ELSE 'true' END || ':' "
                    + "|| password_hash FROM manager WHERE name = '\(name)'")
        )
    }

    @Test("an account made at a desk reaches the kiosks, and so do a new password and its removal")
    func accountsTravel() throws {
        let org = try Organisation()
        try org.setUp(employees: 1)
        let added = try org.desk("manager", "add", "ana", "--role", "viewer", input: Self.password + "\n")
        #expect(added.status == 0, "\(added.err)")
        #expect(try org.kiosk("a", "sync").status == 0)
        var (centre, kiosk) = try Self.account("ana", in: org)
        #expect(centre.hasPrefix("viewer:false:pbkdf2-sha256$"), "\(centre)")
        #expect(kiosk == centre, "the kiosk holds the centre's account, its password as the same hash")
        let listed = try org.kiosk("a", "manager", "list", "--format", "csv")
        #expect(listed.out.contains("ana,viewer,"), "\(listed.out)")

        let before = centre
        #expect(try org.desk("manager", "passwd", "ana", input: "another long password\n").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        (centre, kiosk) = try Self.account("ana", in: org)
        #expect(centre != before && kiosk == centre, "the new password reached the kiosk")

        #expect(try org.desk("manager", "remove", "ana").status == 0)
        #expect(try org.kiosk("a", "sync").status == 0)
        (centre, kiosk) = try Self.account("ana", in: org)
        #expect(centre.hasPrefix("viewer:true:") && kiosk == centre, "the removal reached the kiosk: \(kiosk)")

        // A kiosk of the central store leaves accounts to the centre, as it leaves employees.
        let onKiosk = try org.kiosk("a", "manager", "add", "mallory", "--role", "manager", input: Self.password + "\n")
        #expect(onKiosk.status == 64 && onKiosk.err.contains("changed at the centre"), "\(onKiosk.err)")
    }

    @Test("a kiosk's login cannot send an account, nor the owner store a hash that would stall a sign-in")
    func onlyDesksSendAccounts() throws {
        let org = try KioskLoginTests.organisation()
        #expect(try org.desk("manager", "add", "ana", "--role", "manager", input: Self.password + "\n").status == 0)
        let hash = try org.server.psql("SELECT password_hash FROM manager_account WHERE name = 'ana'")
        // A thief with kiosk A's password sends a manager of their own, or ana with their password.
        for name in ["mallory", "ana", "ANA"] {
            let refused = KioskLoginTests.pushAsKioskA(
                org, #"{"managers": [{"name": "\#(name)", "role": "manager", "password_hash": "\#(hash)"}]}"#)
            #expect(refused.contains("a kiosk does not send console accounts"), "\(name): \(refused)")
        }
        #expect(try org.server.psql("SELECT string_agg(name, ',') FROM manager_account") == "ana")
        #expect(try org.server.psql("SELECT password_hash FROM manager_account WHERE name = 'ana'") == hash)

        // Rounds beyond the hasher's bounds would freeze every console's sign-in: refused at the centre.
        let rounds = hash.split(separator: "$", omittingEmptySubsequences: false)
        let slow = (["pbkdf2-sha256", "9999999"] + rounds.dropFirst(2)).joined(separator: "$")
        let refused = org.server.psqlError("UPDATE manager_account SET password_hash = '\(slow)' WHERE name = 'ana'")
        #expect(refused.contains("manager_account_values"), "\(refused)")
        // The owner's own SQL change is audited at every store, without the hash.
        _ = try org.server.psql("UPDATE manager_account SET role = 'viewer' WHERE name = 'ana'")
        let audited = try org.server.psql(
            "SELECT action || ' ' || entity || ' ' || entity_key || ' ' || new_value FROM audit_log "
                + "WHERE node = '(central store)' AND entity = 'manager'")
        #expect(audited.hasPrefix("edit manager ana ") && !audited.contains("pbkdf2"), "\(audited)")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.sqlite("a", "SELECT role FROM manager WHERE name = 'ana'") == "viewer")
    }
}
