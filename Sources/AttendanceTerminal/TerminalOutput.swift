/// The one rule for text on its way to a terminal, shared by ``Console`` and ``StyledText``.
enum TerminalOutput {
    /// `text` with every unsafe character made visible (`terminalSafe`), except the layout
    /// characters: line feeds, tabs, and a carriage return directly before a line feed.
    static func safe(_ text: String) -> String {
        // Nearly all text is safe, or unsafe only by its line breaks and tabs (every line of a
        // report): look before copying anything. Printable ASCII, line feeds and tabs are
        // checked by their bytes (a register's 125,000 cells); other text by its scalars.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x09 }) { return text }
        guard text.unicodeScalars.contains(where: { $0.isUnsafeForTerminal && $0 != "\n" && $0 != "\t" }) else {
            return text
        }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var run = String.UnicodeScalarView()
        func flush() {
            out += String(run).terminalSafe
            run.removeAll()
        }
        for (i, scalar) in scalars.enumerated() {
            let isLayout =
                scalar == "\n" || scalar == "\t"
                || (scalar == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n")
            if isLayout {
                flush()
                out.unicodeScalars.append(scalar)
            } else {
                run.append(scalar)
            }
        }
        flush()
        return out
    }
}
