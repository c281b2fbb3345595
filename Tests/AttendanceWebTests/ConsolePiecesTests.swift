import Testing

@testable import AttendanceWeb

/// The console's small pieces that decide what a browser may be sent.
@Suite("Console pieces")
struct ConsolePiecesTests {
    @Test("untrusted text is escaped for HTML, control characters shown as replacement marks")
    func escaping() {
        #expect(
            "<script>alert('x')</script> & \"q\"".escaped
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        #expect("a\u{1B}[2Jb".escaped == "a\u{FFFD}[2Jb")
        #expect("प्रिया शर्मा".escaped == "प्रिया शर्मा")
        // Every control character, C0, DEL and C1, whatever else the text holds.
        for control in [0x00, 0x07, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F] {
            let scalar = Unicode.Scalar(UInt8(control))
            #expect("é\(scalar)x".escaped == "é\u{FFFD}x", "U+\(String(control, radix: 16))")
            #expect("\(scalar)".escaped == "\u{FFFD}", "U+\(String(control, radix: 16))")
        }
        #expect("line\nand\ttab".escaped == "line\nand\ttab")
        #expect("Zoë ¡ \u{A0} Ā".escaped == "Zoë ¡ \u{A0} Ā")
    }

    @Test("a URL part: unreserved characters as they are, everything else percent-encoded")
    func urlParts() {
        #expect("E-001_a.b~".urlComponent == "E-001_a.b~")
        #expect("a b/c?d&é".urlComponent == "a%20b%2Fc%3Fd%26%C3%A9")
    }

    @Test("after signing in only a path of this console is followed, never another site")
    func nextPath() {
        #expect(Console.localPath("/register?month=2026-11") == "/register?month=2026-11")
        for hostile in ["//evil.example/", "https://evil.example/", "/\\evil.example", "register", "/a b", nil] {
            #expect(Console.localPath(hostile) == nil, "\(String(describing: hostile))")
        }
    }

    @Test("listen addresses: host and port, IPv6 in brackets, loopback told from the rest")
    func listen() throws {
        let local = try ListenAddress(parsing: "127.0.0.1:8080")
        #expect(local.host == "127.0.0.1" && local.port == 8080 && local.isLoopback)
        let six = try ListenAddress(parsing: "[::1]:0")
        #expect(six.host == "::1" && six.port == 0 && six.isLoopback && six.description == "[::1]:0")
        #expect(try !ListenAddress(parsing: "0.0.0.0:443").isLoopback)
        for bad in ["8080", "host:", "host:99999", ":80", "[::1]80"] {
            #expect(throws: (any Error).self, "\(bad)") { try ListenAddress(parsing: bad) }
        }
    }

    @Test("form fields: percent and plus decoded, the first of a repeated field counts")
    func forms() {
        let form = Form(urlEncoded: "reason=forgot+to+mark%20out&at=2026-11-24+18%3A00&reason=second&empty=")
        #expect(form["reason"] == "forgot to mark out")
        #expect(form["at"] == "2026-11-24 18:00")
        #expect(form.trimmed("empty") == nil && form["missing"] == nil)
    }

    @Test("a query string is read as a browser writes a GET form: a plus is a space, %2B a plus")
    func queries() {
        let query = QueryFields("month=2026-11&department=Stores+%26+Co&code=R%2BD")
        #expect(query["department"] == "Stores & Co" && query["code"] == "R+D" && query["month"] == "2026-11")
        #expect(QueryFields(nil)["month"] == nil)
    }
}
