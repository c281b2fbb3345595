import Foundation
import Testing

@Suite("An employee's language through the central store (real PostgreSQL)", .serialized)
struct CentralLanguageTests {
    @Test("a language set at the desk reaches the kiosks through the centre, and so does clearing it")
    func languageReachesKiosks() throws {
        let org = try Organisation()
        try org.setUp(employees: 2)
        let edited = try org.desk("employee", "edit", "W001", "--language", "es")
        #expect(edited.status == 0, "\(edited.err)")
        #expect(
            try org.server.psql("SELECT code || ':' || coalesce(language, '-') FROM employee ORDER BY code")
                == "W001:es\nW002:-")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(
            try org.sqlite("a", "SELECT code || ':' || coalesce(language, '-') FROM employee ORDER BY code")
                == "W001:es\nW002:-")

        #expect(try org.desk("employee", "edit", "W001", "--language", "none").status == 0)
        #expect(try org.server.psql("SELECT coalesce(language, '-') FROM employee WHERE code = 'W001'") == "-")
        #expect(try org.kiosk("a", "sync").status == 0)
        #expect(try org.sqlite("a", "SELECT coalesce(language, '-') FROM employee WHERE code = 'W001'") == "-")
        // The centre refuses a value that is not a language code, whoever writes it.
        let refused = org.server.psqlError("UPDATE employee SET language = 'Spanish' WHERE code = 'W002'")
        #expect(refused.contains("employee_language"), "\(refused)")
    }
}
