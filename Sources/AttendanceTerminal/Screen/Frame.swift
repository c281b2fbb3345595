/// One full screen: lines of styled spans, drawn from the top-left corner.
public struct Frame: Sendable {
    public var lines: [[Span]] = []
    public init() {}

    public mutating func add(_ spans: [Span]) { lines.append(spans) }
    public mutating func add(_ text: String, _ style: TextStyle = .plain) { lines.append([Span(text, style)]) }
    public mutating func blank(_ count: Int = 1) { for _ in 0..<count { lines.append([]) } }

    /// Adds `spans` centred in `width` columns.
    public mutating func addCentered(_ spans: [Span], width: Int) {
        let used = spans.reduce(0) { $0 + $1.text.terminalSafe.terminalWidth }
        let left = max(0, (width - used) / 2)
        lines.append([Span(String(repeating: " ", count: left))] + spans)
    }

    /// The bytes that draw this frame over the whole screen of `size`, without clearing it
    /// first (no flicker): each row is drawn and the rest of it erased; rows past the frame are
    /// erased. Every span's text is sanitised and cut at the right edge.
    public func render(size: TerminalSize, depth: ColorDepth) -> String {
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
                let sgr = span.style.sgr(depth)
                out += sgr.isEmpty ? text : sgr + text + "\u{1B}[0m"
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
