/// A piece of text and its style, the unit a frame's lines are built from. The text is
/// untrusted until it is rendered: rendering sanitises it.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One full screen: lines of styled spans, drawn from the top-left corner.
public struct Frame: Sendable {
    public var lines: [[Span]] = []
    public init() {}

    public mutating func add(_ spans: [Span]) { lines.append(spans) }
    public mutating func add(_ text: String, _ style: TextStyle = .plain) { lines.append([Span(text, style)]) }
    /// Adds each line of `text` (split at line breaks), keeping its styles.
    public mutating func add(_ text: StyledText, indent: Int = 0) {
        var line: [Span] = indent > 0 ? [Span(String(repeating: " ", count: indent))] : []
        for run in text.runs {
            let parts = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    lines.append(line)
                    line = indent > 0 ? [Span(String(repeating: " ", count: indent))] : []
                }
                if !part.isEmpty { line.append(Span(String(part), run.style)) }
            }
        }
        if !line.isEmpty { lines.append(line) }
    }

    public mutating func blank(_ count: Int = 1) { for _ in 0..<count { lines.append([]) } }

    /// Adds `spans` centred in `width` columns.
    public mutating func addCentered(_ spans: [Span], width: Int) {
        let used = spans.reduce(0) { $0 + $1.text.terminalSafe.terminalWidth }
        let left = max(0, (width - used) / 2)
        lines.append([Span(String(repeating: " ", count: left))] + spans)
    }

    /// Adds `text` centred in `width` columns, on as many lines as it takes to show all of it.
    public mutating func addCenteredWrapping(_ text: String, _ style: TextStyle = .plain, width: Int) {
        for line in text.terminalSafe.wrapped(toWidth: max(1, width - 2)) {
            addCentered([Span(line, style)], width: width)
        }
    }

    /// The bytes that draw this frame over the whole screen of `size`, without clearing it
    /// first (no flicker): each row is drawn and the rest of it erased; rows past the frame are
    /// erased. Every span's text is sanitised and cut at the right edge.
    /// `palette` nil (NO_COLOR, a dumb terminal) leaves colours out but keeps bold and inverse,
    /// which carry meaning (the selected action) rather than decoration.
    public func render(size: TerminalSize, palette: ColorPalette?) -> String {
        var out = "\u{1B}[H"
        for row in 0..<size.rows {
            if row > 0 { out += "\r\n" }
            guard row < lines.count else {
                out += "\u{1B}[K"
                continue
            }
            var used = 0
            for span in lines[row] {
                guard used < size.columns else { break }
                var text = span.text.terminalSafe
                let width = text.terminalWidth
                if used + width > size.columns { text = text.truncated(toWidth: size.columns - used) }
                used += text.terminalWidth
                var style = span.style
                if palette == nil { style.color = nil }
                out += style.isPlain ? text : ANSI.start(style, palette: palette ?? .basic) + text + ANSI.reset
            }
            out += "\u{1B}[K"
        }
        return out
    }

    /// The frame as plain text lines (for tests and logs): no escape sequences at all.
    public var plainText: String {
        lines.map { $0.map { $0.text.terminalSafe }.joined() }.joined(separator: "\n")
    }
}

/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
