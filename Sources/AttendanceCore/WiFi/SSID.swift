/// A network name as the radio carries it: 0–32 raw bytes, not necessarily UTF-8.
///
/// Hidden networks broadcast an empty SSID or one filled with NUL bytes. Two SSIDs are equal
/// only when their bytes are (docs/rules.md: "byte for byte"). Text from a person is taken as UTF-8
/// and may spell any byte as `\xNN`, the same escape `escaped` prints.
public struct SSID: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 32
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) throws(CoreError) {
        guard bytes.count <= Self.maximumLength else {
            throw .invalidValue(
                what: Phrase("SSID"), value: Self.escape(bytes), expected: Phrase("at most 32 bytes"))
        }
        self.bytes = bytes
    }

    /// An SSID typed by a person: UTF-8 text in which `\xNN` stands for the byte NN and `\\`
    /// for a backslash.
    public init(parsing text: String) throws(CoreError) {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 1 < utf8.count {
                if utf8[i + 1] == UInt8(ascii: "\\") {
                    bytes.append(UInt8(ascii: "\\"))
                    i += 2
                    continue
                }
                if utf8[i + 1] == UInt8(ascii: "x"), i + 3 < utf8.count,
                    let byte = UInt8(String(decoding: utf8[(i + 2)...(i + 3)], as: UTF8.self), radix: 16)
                {
                    bytes.append(byte)
                    i += 4
                    continue
                }
            }
            bytes.append(utf8[i])
            i += 1
        }
        try self.init(bytes: bytes)
    }

    /// Hidden networks: no bytes, or only NUL bytes.
    public var isHidden: Bool { bytes.allSatisfy { $0 == 0 } }

    /// The SSID in printable form, like `iw` shows it: printable characters as they are,
    /// a backslash doubled, every other byte (controls, invalid UTF-8, a leading or trailing
    /// space) as `\xNN`. Safe to write to a terminal.
    public var escaped: String { Self.escape(bytes) }

    public var description: String { escaped }

    static func escape(_ bytes: [UInt8]) -> String {
        let hex: (UInt8) -> String = { "\\x" + String($0, radix: 16).leftPadded(to: 2) }
        var out = ""
        var position = 0
        var rest = bytes[...]
        while !rest.isEmpty {
            let (scalar, length) = decodeScalar(rest)
            let chunk = rest.prefix(length)
            let atEdge = position == 0 || position + length == bytes.count
            switch scalar {
            case "\\":
                out += "\\\\"
            case " " where atEdge:
                out += hex(0x20)
            case let scalar? where !scalar.isUnsafeForTerminal:
                out.unicodeScalars.append(scalar)
            default:  // invalid UTF-8 or a control character
                for byte in chunk { out += hex(byte) }
            }
            position += length
            rest = rest.dropFirst(length)
        }
        return out
    }

    /// Decodes one UTF-8 scalar at the start of `bytes`; nil with length 1 when the first byte
    /// does not begin a valid sequence.
    private static func decodeScalar(_ bytes: ArraySlice<UInt8>) -> (Unicode.Scalar?, Int) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            return (scalar, UTF8.width(scalar))
        case .emptyInput, .error:
            return (nil, 1)
        }
    }
}
