import AttendanceTerminal
import Testing

/// `String.wrapped(toWidth:)`: what the kiosk uses to show a long message to its end.
@Suite("Wrapping text for the kiosk")
struct TextWrappingTests {
    @Test(
        "lines break at spaces, a word longer than a line is cut, wide characters count twice",
        arguments: [
            ("short", 10, ["short"]),
            ("the disk is full; nothing was saved", 12, ["the disk is", "full;", "nothing was", "saved"]),
            ("a /very/long/path/name here", 8, ["a", "/very/lo", "ng/path/", "name", "here"]),
            ("日本語のテキスト ok", 6, ["日本語", "のテキ", "スト", "ok"]),
            ("  spaces   collapse  ", 30, ["  spaces   collapse  "]),
            ("  spaces   collapse  ", 8, ["spaces", "collapse"]),
        ])
    func wraps(text: String, width: Int, lines: [String]) {
        #expect(text.wrapped(toWidth: width) == lines)
        #expect(text.wrapped(toWidth: width).allSatisfy { $0.terminalWidth <= width })
    }
}
