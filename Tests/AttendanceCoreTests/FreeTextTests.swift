import AttendanceCore
import Testing

/// One rule set for notes, reasons and locations.
@Suite("Free text")
struct FreeTextTests {
    @Test(
        "plain text up to 500 characters is kept, trimmed",
        arguments: [
            ("  HQ ground floor ", "HQ ground floor"),
            ("Diwali — दिवाली", "Diwali — दिवाली"),
            (String(repeating: "x", count: 500), String(repeating: "x", count: 500)),
        ])
    func accepted(text: String, kept: String) throws {
        #expect(try FreeText(parsing: text, what: Phrase("note")).rawValue == kept)
    }

    @Test(
        "empty, too long, control characters and invisible-only text are refused with a message",
        arguments: [
            ("", "invalid note \"\": expected at most 500 characters without control characters"),
            ("   ", "invalid note \"   \": expected at most 500 characters without control characters"),
            (
                String(repeating: "x", count: 501),
                "invalid note \"\(String(repeating: "x", count: 60))…\": expected at most 500 characters without control characters"
            ),
            ("tab\there", "invalid note \"tab\\x09here\": expected at most 500 characters without control characters"),
            ("a\u{1b}[2J", "invalid note \"a\\x1b[2J\": expected at most 500 characters without control characters"),
            (
                "right\u{202e}left",
                "invalid note \"right\\u{202e}left\": expected at most 500 characters without control characters"
            ),
            (
                "\u{200b}\u{200d}",
                "invalid note \"\u{200b}\u{200d}\": expected at least one visible letter, digit or mark"
            ),
        ])
    func refused(text: String, message: String) {
        #expect(throws: CoreError.self) { try FreeText(parsing: text, what: Phrase("note")) }
        do {
            _ = try FreeText(parsing: text, what: Phrase("note"))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("optional text: nil or blank is none")
    func optional() throws {
        #expect(try FreeText.optional(nil, what: Phrase("note")) == nil)
        #expect(try FreeText.optional(" \t", what: Phrase("note")) == nil)
        #expect(try FreeText.optional(" late bus ", what: Phrase("note"))?.rawValue == "late bus")
    }

    @Test("a correction's reason follows the same rules, refused as a correction error")
    func correctionReason() {
        #expect(throws: CorrectionError.invalidText(what: Phrase("reason"), value: "\u{200b}")) {
            try CorrectionText.reason("\u{200b}")
        }
        #expect(
            CorrectionError.invalidText(what: Phrase("reason"), value: "\u{200b}").description
                == "invalid reason \"\u{200b}\": expected at least one visible letter, digit or mark")
        #expect(throws: CorrectionError.invalidText(what: Phrase("note"), value: "a\u{7}")) {
            try CorrectionText.note("a\u{7}")
        }
    }
}
