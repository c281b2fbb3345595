/// The hardware address of an access point, six bytes, shown as `aa:bb:cc:dd:ee:ff`.
///
/// Input may use `:`, `-` or `.` as separators, or none, in any case: `AA-BB-CC-DD-EE-01`,
/// `aabb.ccdd.ee01` and `AABBCCDDEE01` are all the same BSSID. Mixed separators, groups of the
/// wrong size and anything that is not hexadecimal are refused.
public struct BSSID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 6 else { return nil }
        self.bytes = bytes
    }

    public init(parsing text: String) throws(CoreError) {
        guard let bytes = Self.parse(text) else {
            throw .invalidValue(
                what: Phrase("BSSID"), value: text,
                expected: Phrase("six two-digit hex bytes such as aa:bb:cc:dd:ee:ff (separators ':', '-', '.' or none)")
            )
        }
        self.bytes = bytes
    }

    public var description: String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: ":")
    }

    public static func < (a: Self, b: Self) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    private static func parse(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        let separators = Set(chars.filter { !isHex($0) })
        guard separators.count <= 1 else { return nil }
        let groups: [ArraySlice<UInt8>]
        if let separator = separators.first {
            guard [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: ".")].contains(separator) else {
                return nil
            }
            groups = chars.split(separator: separator, omittingEmptySubsequences: false)
            let sixPairs = groups.count == 6 && groups.allSatisfy { $0.count == 2 }
            let threeQuads = groups.count == 3 && groups.allSatisfy { $0.count == 4 }
            guard sixPairs || threeQuads else { return nil }
        } else {
            guard chars.count == 12 else { return nil }
            groups = [chars[...]]
        }
        let digits = groups.flatMap { $0 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(6)
        var index = 0
        while index < digits.count {
            bytes.append(hexValue(digits[index]) << 4 | hexValue(digits[index + 1]))
            index += 2
        }
        return bytes
    }

    private static func isHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }

    private static func hexValue(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        default: return c - 0x61 + 10
        }
    }
}
