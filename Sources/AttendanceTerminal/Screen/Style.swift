/// A colour the kiosk and calendars use, by meaning rather than by escape code.
public enum TerminalColor: Sendable, Hashable {
    case green, yellow, orange, red, grey, blue, magenta, cyan, white

    /// The SGR foreground parameter: 256-colour where the terminal has it, else the nearest of
    /// the 16 colours every terminal (including the Linux console) has.
    func foreground(_ depth: ColorDepth) -> String {
        switch (self, depth) {
        case (.orange, .indexed256): return "38;5;208"
        case (.grey, .indexed256): return "38;5;245"
        case (.green, _): return "32"
        case (.yellow, _): return "33"
        case (.orange, _): return "33"
        case (.red, _): return "31"
        case (.grey, _): return "90"
        case (.blue, _): return "34"
        case (.magenta, _): return "35"
        case (.cyan, _): return "36"
        case (.white, _): return "37"
        }
    }
}

/// How many colours the terminal can show.
public enum ColorDepth: Sendable {
    case none, basic16, indexed256

    /// From the environment: none with `NO_COLOR` or a dumb terminal, 16 on the Linux console,
    /// 256 elsewhere.
    public static func from(environment: [String: String], isTerminal: Bool) -> ColorDepth {
        if !isTerminal { return .none }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        switch environment["TERM"] ?? "" {
        case "", "dumb": return .none
        case "linux", "vt100", "vt220", "ansi": return .basic16
        default: return .indexed256
        }
    }
}

/// How a run of text looks.
public struct TextStyle: Sendable, Hashable {
    public var color: TerminalColor?
    public var bold = false
    public var inverse = false
    public var dim = false

    public init(color: TerminalColor? = nil, bold: Bool = false, inverse: Bool = false, dim: Bool = false) {
        self.color = color
        self.bold = bold
        self.inverse = inverse
        self.dim = dim
    }

    public static let plain = TextStyle()

    /// The SGR sequence for this style (empty for plain); colour is left out at depth `.none`,
    /// but bold and inverse stay, since NO_COLOR asks for no colour, not no emphasis.
    func sgr(_ depth: ColorDepth) -> String {
        var parameters: [String] = []
        if bold { parameters.append("1") }
        if dim { parameters.append("2") }
        if inverse { parameters.append("7") }
        if let color, depth != .none { parameters.append(color.foreground(depth)) }
        return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}

/// A piece of text and its style. The text is untrusted until it is rendered: rendering
/// sanitises it.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}
