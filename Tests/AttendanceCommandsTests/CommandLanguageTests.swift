import Foundation
import Testing

/// What the command line says about what it did, or why it refused, in the reader's language:
/// `--language` for the commands that take it, else the locale's.
@Suite("The command line's own sentences in French and Spanish")
struct CommandLanguageTests {
    let h = CommandHarness()

    init() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-10-01")
        h.readBuiltCatalogs()
    }

    @Test("register --language fr says in French that it wrote the workbook, and refuses options in French")
    func registerInFrench() {
        let path = h.folder + "/registre.xlsx"
        let written = h.run("register", "--format", "xlsx", "--output", path, "--language", "fr")
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out == "registre de novembre 2026 (1 employé) écrit dans \(path)\n")
        #expect(written.err == "")
        let refused = h.run("register", "--printer", "Bureau", "--language", "fr")
        #expect(refused.status == 64)
        #expect(refused.err.hasPrefix("Error: --printer va avec --print\n"), "\(refused.err)")
        // English without a language, and the same refusal in the locale's Spanish.
        #expect(
            h.run("register", "--format", "xlsx", "--output", path).out
                == "wrote the register for November 2026 (1 employee) to \(path)\n")
        h.environment["LANG"] = "es_ES.UTF-8"
        #expect(h.run("register", "--printer", "Bureau").err.hasPrefix("Error: --printer va con --print\n"))
    }
}
