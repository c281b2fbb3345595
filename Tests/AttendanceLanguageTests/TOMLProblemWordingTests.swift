import AttendanceCore
import AttendanceLanguage
import AttendanceTOML
import Testing

/// The TOML reader's refusals, worded by AttendanceLanguage: English word for word as the reader
/// says it itself, French and Spanish from the catalogs.
@Suite("TOML syntax errors in the reader's language", .serialized)
struct TOMLProblemWordingTests {
    /// One broken file for each sentence the reader can say (and each branch of a sentence).
    static let brokenFiles = [
        "# a bell \u{7}", "a = 1 # \r", "\u{7}x = 1", "a = 1\u{7}", "a = \u{7}", "x = \"a\u{1B}b\"", "x = 'a\u{1B}b'",
        "x = \"\"\"a\u{1B}\"\"\"", "x = '''a\u{1B}'''", "x = 'a\rb'", "\u{FEFF}\u{FEFF}x = 1", "[a] x", "x = 1 y = 2",
        "=1", "x.= 1", "x 1", "[" + Array(repeating: "a", count: 40).joined(separator: ".") + "]", "[a", "[[a]\n",
        "x = ", "x = ]", "x = [1,", "x = [1 2]", "x = " + String(repeating: "[", count: 40), "a = { b = 1, }",
        "a = { b = 1 c = 2 }", "x = \"abc", "x = 'abc", "x = \"\"\"open\n", "x = '''open\n", "x = \"\"\"a\\  x\n\"\"\"",
        "x = \"a\\", "x = \"\\x41\"", "x = \"\\\u{7}\"", "x = \"\\u12\"", "x = \"\\U12\"", "x = \"\\uD800\"",
        "x = \"\\U00110000\"", "x = 07:32", "x = 2023-02-29", "x = +0x1", "x = .5", "x = 1.", "x = 1e", "x = 03.14",
        "x = 015", "x = 9223372036854775808", "x = 1__0", "x = hello", "a = { b = 1 }\n[a.c]", "a = 1\n[a.c]",
        "[a]\n[a]", "a.b = 1\n[a]", "[[a]]\n[a]", "a = 1\n[a]", "a = [1]\n[[a]]", "[a]\n[[a]]", "[a.b]\n[a]\nb.c = 1",
        "a = 1\na.b = 2", "a = { b = 1 }\na.c = 2", "x = 1\nx = 2", "x = [1]\nx = 2", "a.b = 1\na = 2",
        "[a.b]\n[a]\nb = 1", "a = {}\n[a]", "\"a\\u0007\" = 1\n[\"a\\u0007\"]",
    ]

    static func refusal(_ text: String) throws -> TOMLError {
        do {
            _ = try TOMLDocument(parsing: text, file: "a.toml")
        } catch {
            return error
        }
        throw Unexpected.accepted(text)
    }

    enum Unexpected: Error { case accepted(String) }

    @Test("in English, each refusal is the reader's own sentence, byte for byte, with and without the catalogs")
    func englishIsTheReaders() throws {
        let withCatalog = Speech(.english, catalog: catalog)
        for text in Self.brokenFiles {
            let error = try Self.refusal(text)
            let issue = ConfigIssue(file: error.file, line: error.line, problem: .syntax(error.problem))
            #expect(Speech.english.sentence(for: issue) == error.description, "\(text.debugDescription)")
            #expect(withCatalog.sentence(for: issue) == error.description, "\(text.debugDescription)")
        }
    }

    @Test("in French and Spanish, every refusal is translated")
    func translated() throws {
        for language in [Language.french, .spanish] {
            let speech = Speech(language, catalog: catalog)
            for text in Self.brokenFiles {
                let error = try Self.refusal(text)
                #expect(
                    speech.sentence(for: error.problem) != error.problem.description,
                    "\(language): \(text.debugDescription)")
            }
        }
    }

    @Test("a key from the file stays clipped and escaped in every language")
    func untrustedKey() throws {
        let error = try Self.refusal("\"a\\u0007b\" = 1\n\"a\\u0007b\" = 2")
        #expect(error.description == "a.toml:2: a\\x07b is set twice (first at line 1)")
        #expect(
            Speech(.french, catalog: catalog).sentence(for: error.problem)
                == "a\\x07b est défini deux fois (la première à la ligne 1)")
        #expect(
            Speech(.spanish, catalog: catalog).sentence(for: error.problem)
                == "a\\x07b se define dos veces (la primera en la línea 1)")
    }
}
