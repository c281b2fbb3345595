/// A table of text aligned in columns, for listings in a terminal or a plain file.
///
/// Cells are sanitised here, where they become output, so names from the store cannot carry
/// control characters to the screen.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]? = nil) {
        self.headers = headers
        self.alignments = alignments ?? Array(repeating: .left, count: headers.count)
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The table as lines: a header, a rule, then the rows; two spaces between columns.
    public func render() -> String {
        let safeRows = rows.map { $0.map(\.terminalSafe) }
        var widths = headers.map(\.terminalWidth)
        for row in safeRows {
            for (i, cell) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], cell.terminalWidth)
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, width) in widths.enumerated() {
                let cell = i < cells.count ? cells[i] : ""
                let isLast = i == widths.count - 1
                switch alignments[i] {
                case .right: parts.append(cell.leftPadded(toWidth: width))
                case .left: parts.append(isLast ? cell : cell.padded(toWidth: width))
                }
            }
            return parts.joined(separator: "  ")
        }
        var out = [line(headers), line(widths.map { String(repeating: "-", count: $0) })]
        out += safeRows.map(line)
        return out.joined(separator: "\n") + "\n"
    }
}
