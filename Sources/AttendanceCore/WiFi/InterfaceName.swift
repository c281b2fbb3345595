/// A Linux network interface name such as `wlan0`: 1–15 bytes, no '/', ':' or white space.
public struct InterfaceName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(parsing text: String) throws(CoreError) {
        let bytes = Array(text.utf8)
        guard (1...15).contains(bytes.count), text != ".", text != "..",
            bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ":") })
        else {
            throw .invalidValue(
                what: Phrase("interface name"), value: text, expected: Phrase("a network interface name such as wlan0"))
        }
        rawValue = text
    }

    public var description: String { rawValue }
}
