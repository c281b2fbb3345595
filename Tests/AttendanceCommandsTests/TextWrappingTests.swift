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
            // French sets ";", ":", "!", "?" and "»" apart with a space, and "«" too: none starts or ends a line.
            ("le disque est plein ; rien n'a été écrit", 19, ["le disque est", "plein ; rien n'a", "été écrit"]),
            ("Code employé : E001 !", 12, ["Code", "employé :", "E001 !"]),
            ("dit « bonjour » ici", 12, ["dit", "« bonjour »", "ici"]),
        ])
    func wraps(text: String, width: Int, lines: [String]) {
        #expect(text.wrapped(toWidth: width) == lines)
        #expect(text.wrapped(toWidth: width).allSatisfy { $0.terminalWidth <= width })
    }
}
