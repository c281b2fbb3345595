import AttendanceCore

extension String {
    /// The string made safe to write to a terminal: control characters (C0, DEL, C1) and
    /// invisible bidirectional overrides can never reach the screen from untrusted text.
    ///
    /// C0 controls become their visible Control Pictures (`␛` for ESC), so a manager can see
    /// that a name holds an escape; everything else unsafe becomes `�`.
    public var terminalSafe: String {
        guard unicodeScalars.contains(where: \.isUnsafeForTerminal) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if !scalar.isUnsafeForTerminal {
                out.append(scalar)
            } else if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                out.append(picture)
            } else if scalar.value == 0x7F {
                out.append("\u{2421}")
            } else {
                out.append("\u{FFFD}")
            }
        }
        return String(out)
    }

    /// Columns the string occupies in a terminal: wide (East Asian, emoji) characters take two,
    /// combining marks none.
    public var terminalWidth: Int {
        // Printable ASCII, nearly all of a report, is one column a byte: no need to split it
        // into characters and look each up in the Unicode tables (a register does this 60,000 times).
        if utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return utf8.count }
        var width = 0
        for character in self {
            width += character.terminalWidth
        }
        return width
    }

    /// The string cut to at most `width` columns, ending in `…` when it was cut.
    public func truncated(toWidth width: Int) -> String {
        guard terminalWidth > width else { return self }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        for character in self {
            let w = character.terminalWidth
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// The string broken at spaces into lines of at most `width` columns; a word longer than a
    /// line is cut where it must be. Used where a sentence must be read to its end on a screen
    /// that does not wrap (the kiosk's), rather than cut at the right edge. French puts a space
    /// before ";", ":", "!", "?" and "»" and after "«": no line starts or ends on those.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0, terminalWidth > width else { return [self] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in Self.words(of: self) {
            let wordWidth = String(word).terminalWidth
            if used > 0 && used + 1 + wordWidth > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            if used > 0 {
                line.append(" ")
                used += 1
            }
            if used + wordWidth <= width {
                line += word
                used += wordWidth
                continue
            }
            for character in word {
                let characterWidth = character.terminalWidth
                if used > 0 && used + characterWidth > width {
                    lines.append(line)
                    (line, used) = ("", 0)
                }
                line.append(character)
                used += characterWidth
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The words of `text` between spaces, each French mark that a space sets apart kept with the
    /// word it belongs to.
    private static func words(of text: String) -> [Substring] {
        var words: [Substring] = []
        var opening = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if let last = words.last, opening || [";", ":", "!", "?", "»"].contains(word) {
                // The space between them is the text's own: the mark and its word are one stretch.
                let start = last.startIndex
                words[words.count - 1] = text[start..<word.endIndex]
            } else {
                words.append(word)
            }
            opening = word == "«"
        }
        return words
    }

    /// ``wrapped(toWidth:)``, where `joiner` (a character the text has nowhere else) stands for
    /// a space that must not break a line, and is a space again in the lines.
    public func wrapped(toWidth width: Int, joiner: Character) -> [String] {
        wrapped(toWidth: max(1, width)).map { String($0.map { $0 == joiner ? " " : $0 }) }
    }

    /// Pads with spaces on the right to `width` columns.
    public func padded(toWidth width: Int) -> String {
        let w = terminalWidth
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }

    /// Pads with spaces on the left to `width` columns.
    public func leftPadded(toWidth width: Int) -> String {
        let w = terminalWidth
        return w >= width ? self : String(repeating: " ", count: width - w) + self
    }
}

extension Character {
    /// Columns the character occupies, as a terminal lays it out: the sum of its scalars' widths
    /// (``Unicode/Scalar/terminalWidth``), not one column a cluster. A Devanagari syllable such as
    /// "प्रि" is two columns (प, ्, र, ि: 1 + 0 + 1 + 1 … the vowel sign is a spacing mark).
    /// An emoji joined to the one before by a zero-width joiner adds nothing, nor does the second
    /// letter of a flag: terminals draw each sequence as one picture.
    var terminalWidth: Int {
        var width = 0
        var previous: Unicode.Scalar?
        for scalar in unicodeScalars {
            defer { previous = scalar }
            let joined = previous?.value == 0x200D && scalar.value >= 0x80 && scalar.properties.isEmoji
            let flag = previous.map(\.isRegionalIndicator) == true && scalar.isRegionalIndicator
            if !joined && !flag { width += scalar.terminalWidth }
        }
        return width
    }
}

extension Unicode.Scalar {
    /// One of the 26 letters two of which make a flag.
    var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }

    /// Columns the scalar occupies in a terminal, as the C library's `wcwidth` counts them: none
    /// for combining marks (nonspacing and enclosing), format characters (zero-width space and
    /// joiners, direction marks) and Hangul's medial and final jamo; two for East Asian wide and
    /// fullwidth characters and emoji shown as pictures; one for everything else, spacing marks
    /// (a Devanagari vowel sign) included.
    var terminalWidth: Int {
        let v = value
        if v < 0x300 { return 1 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        if properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
