/// Text in runs that each carry a ``TextStyle``: what reports are built as, so one layout can be
/// written in colour to a terminal and as plain text to a pipe, a file or a printer.
///
/// The text of a run is what a person should read; it is sanitised only when written
/// (``Console/write(_:)-(StyledText)``, ``plainText``, ``ansiText(palette:)``), so building a view
/// never has to think about escape sequences.
public struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A piece of text in one style.
    public struct Run: Sendable, Hashable {
        public var text: String
        public var style: TextStyle
    }

    public private(set) var runs: [Run] = []

    public init() {}

    public init(_ text: String, style: TextStyle = .plain) { append(text, style: style) }

    public init(stringLiteral value: String) { self.init(value) }

    // MARK: - Building

    /// Adds `text` in `style`, joining it to the last run when that has the same style.
    public mutating func append(_ text: String, style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].style == style {
            runs[last].text += text
        } else {
            runs.append(Run(text: text, style: style))
        }
    }

    public mutating func append(_ other: StyledText) {
        for run in other.runs { append(run.text, style: run.style) }
    }

    /// Adds `text` and a line break.
    public mutating func appendLine(_ text: String = "", style: TextStyle = .plain) {
        append(text, style: style)
        append("\n")
    }

    /// Adds `line` and a line break.
    public mutating func appendLine(_ line: StyledText) {
        append(line)
        append("\n")
    }

    public static func + (a: StyledText, b: StyledText) -> StyledText {
        var joined = a
        joined.append(b)
        return joined
    }

    // MARK: - Measuring

    /// The text without styles, unsanitised: for measuring and for tests.
    public var description: String { runs.map(\.text).joined() }

    /// Columns the text takes on one line.
    public var terminalWidth: Int { runs.reduce(0) { $0 + $1.text.terminalSafe.terminalWidth } }

    // MARK: - Writing

    /// The text without styles, each run made safe for a terminal (line breaks and tabs kept):
    /// what goes to a pipe, a file or a printer.
    public var plainText: String {
        // Copied run by run into one buffer made big enough, then made a string once: a register
        // page has 1,500 runs, and appending them to a String cost 340 instructions each.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.text.utf8.count })
        for run in runs { bytes.append(contentsOf: TerminalOutput.safe(run.text).utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text with ANSI SGR sequences for its styles, each run made safe first, so only the
    /// sequences written here can reach the terminal.
    public func ansiText(palette: ColorPalette) -> String {
        var out = ""
        for run in runs {
            let text = TerminalOutput.safe(run.text)
            guard !run.style.isPlain else {
                out += text
                continue
            }
            // Styles end before a line break, so a cut-off line never leaves colour behind.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if index > 0 { out += "\n" }
                if !line.isEmpty { out += ANSI.start(run.style, palette: palette) + line + ANSI.reset }
            }
        }
        return out
    }
}

extension StyledText {
    /// `items` two spaces apart, over as many lines of at most `width` columns as they need (an
    /// item wider than that has a line of its own); every line ends with a newline.
    static func flowing(_ items: [StyledText], width: Int) -> StyledText {
        var out = StyledText()
        var line = StyledText()
        for item in items {
            if line.terminalWidth > 0, line.terminalWidth + 2 + item.terminalWidth > width {
                out.appendLine(line)
                line = StyledText()
            }
            if line.terminalWidth > 0 { line.append("  ") }
            line.append(item)
        }
        out.appendLine(line)
        return out
    }
}
