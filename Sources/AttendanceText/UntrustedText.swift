/// Untrusted text echoed to a person: in error messages, on a terminal. Shared by the TOML
/// reader and everything above it, so that no module writes a control character to a screen.
extension String {
    /// The string in double quotes with control characters shown as escapes, short enough for
    /// one line of an error message. Used for echoing untrusted input back to a person.
    public var quotedForMessage: String { "\"" + escapedForMessage(quoting: true) + "\"" }

    /// The same without the quotes, for untrusted names set inside a sentence ("unknown key
    /// shfit_end"): control characters shown as escapes, at most 60 characters, then "…".
    public var clippedForMessage: String { escapedForMessage(quoting: false) }

    private func escapedForMessage(quoting: Bool) -> String {
        var out = ""
        var count = 0
        for scalar in unicodeScalars {
            if count == 60 {
                out += "…"
                break
            }
            count += 1
            if quoting && (scalar == "\"" || scalar == "\\") {
                out += "\\" + String(scalar)
            } else if scalar.isUnsafeForTerminal {
                out +=
                    scalar.value <= 0xFF
                    ? "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                    : "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension Unicode.Scalar {
    /// Control characters (C0, DEL, C1) and the invisible bidirectional overrides and isolates,
    /// which can reorder or hide what a terminal shows. None of them may reach a screen from
    /// untrusted text.
    public var isUnsafeForTerminal: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Unicode's Bidi_Control set: the Arabic letter mark, the left-to-right and right-to-left
        // marks, embeddings, overrides and isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators move the cursor too
        default: return false
        }
    }
}
