/// ANSI Select Graphic Rendition sequences: the only escape sequences reports write.
enum ANSI {
    static let reset = "\u{1B}[0m"

    /// The sequence that turns `style` on.
    static func start(_ style: TextStyle, palette: ColorPalette) -> String {
        var codes: [String] = []
        if style.isBold { codes.append("1") }
        if style.isInverse { codes.append("7") }
        if let color = style.color { codes.append(foreground(color, palette: palette)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The foreground code of `color`. Orange needs the 256-colour palette (208); on a 16-colour
    /// terminal it is the plain "yellow" (33), which the Linux console draws brown-orange, while
    /// yellow itself becomes the bright one (1;33) so the two stay apart.
    static func foreground(_ color: TerminalColor, palette: ColorPalette) -> String {
        switch (color, palette) {
        case (.green, _): "32"
        case (.yellow, .extended): "33"
        case (.yellow, .basic): "1;33"
        case (.orange, .extended): "38;5;208"
        case (.orange, .basic): "33"
        case (.red, _): "31"
        case (.grey, _): "90"
        case (.blue, _): "34"
        case (.magenta, _): "35"
        case (.cyan, _): "36"
        }
    }
}
