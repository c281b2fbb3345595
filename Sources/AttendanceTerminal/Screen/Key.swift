/// A key press, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter
    case backspace
    case delete
    case escape
    case tab
    case up, down, left, right
    /// Ctrl plus a letter (Ctrl-C is `.control("c")`). Never acted on by the kiosk.
    case control(Character)
}

/// Turns raw terminal bytes into keys: UTF-8 characters, control bytes, and the common escape
/// sequences for arrows and delete. Unknown sequences are swallowed whole, never shown.
public struct KeyDecoder: Sendable {
    public init() {}

    public func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                let (key, length) = escapeSequence(bytes, at: i)
                if let key { keys.append(key) }
                i += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x00..<0x20: keys.append(.control(Character(Unicode.Scalar(b + 0x60))))
            case 0x20..<0x7F: keys.append(.character(Character(Unicode.Scalar(b))))
            default:
                // A UTF-8 sequence: decode one scalar; a broken one is dropped.
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                let end = min(bytes.count, i + length)
                if let text = String(validating: bytes[i..<end], as: UTF8.self), let c = text.first,
                    !c.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                {
                    keys.append(.character(c))
                }
                i = end
                continue
            }
            i += 1
        }
        return keys
    }

    /// An escape sequence at `start`: the key, and how many bytes it used.
    private func escapeSequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let next = bytes[start + 1]
        // OSC, PM and APC carry a string up to BEL or ST (ESC \\): dropped whole, so a pasted
        // clipboard sequence ("ESC ] 52 ; c ; …") leaves nothing at the code prompt. (DCS and SOS
        // start with ESC P and ESC X, which are also Escape followed by a typed letter.)
        if [UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "_")].contains(next) {
            var i = start + 2
            while i < bytes.count {
                if bytes[i] == 0x07 { return (nil, i - start + 1) }
                if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") {
                    return (nil, i - start + 2)
                }
                i += 1
            }
            return (nil, bytes.count - start)
        }
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else { return (.escape, 1) }
        // The Linux console's F1–F5 ("ESC [ [ A" … "ESC [ [ E", TERM=linux, a kiosk's tty1): the
        // second "[" would otherwise end the sequence and leave the letter typed.
        if next == UInt8(ascii: "["), start + 2 < bytes.count, bytes[start + 2] == UInt8(ascii: "[") {
            return (nil, min(4, bytes.count - start))
        }
        // CSI/SS3: parameters and intermediates up to a final byte in 0x40...0x7E.
        var i = start + 2
        while i < bytes.count, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return (nil, bytes.count - start) }
        let body = Array(bytes[(start + 2)..<i])
        let length = i - start + 1
        switch bytes[i] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "~") where body == [UInt8(ascii: "3")]: return (.delete, length)
        default: return (nil, length)
        }
    }
}
