/// The colours reports use, named for what they mean on screen rather than for a terminal's codes.
public enum TerminalColor: Sendable, Hashable, CaseIterable {
    case green, yellow, orange, red, grey, blue, magenta, cyan
}

/// How a run of text looks: an optional colour, bold, inverse.
public struct TextStyle: Sendable, Hashable {
    public var color: TerminalColor?
    public var isBold: Bool
    /// Foreground and background swapped: how today is marked.
    public var isInverse: Bool

    public init(color: TerminalColor? = nil, isBold: Bool = false, isInverse: Bool = false) {
        self.color = color
        self.isBold = isBold
        self.isInverse = isInverse
    }

    /// No colour, no emphasis.
    public static let plain = TextStyle()
    public static let bold = TextStyle(isBold: true)

    public static func color(_ color: TerminalColor) -> TextStyle { TextStyle(color: color) }

    /// Whether the style changes anything.
    public var isPlain: Bool { self == .plain }

    /// This style with inverse added.
    public var inverted: TextStyle {
        var copy = self
        copy.isInverse = true
        return copy
    }
}

/// How many colours the terminal shows, which decides how orange is drawn.
public enum ColorPalette: Sendable, Hashable {
    /// xterm and nearly every terminal emulator: the 256-colour palette.
    case extended
    /// The Linux console (`TERM=linux`) and other 16-colour terminals.
    case basic

    /// The palette for a full-screen program on a terminal with this environment, nil when
    /// colours must stay off (`NO_COLOR`, a dumb terminal).
    public static func forScreen(environment: [String: String]) -> ColorPalette? {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return nil }
        return ColorPalette(term: term)
    }

    /// The palette for a terminal of type `term` (`$TERM`).
    public init(term: String?) {
        let term = term ?? ""
        self = term == "linux" || term.hasPrefix("vt") || term == "ansi" || term.hasPrefix("cons") ? .basic : .extended
    }
}
