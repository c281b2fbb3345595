/// The name of a kiosk or a manager's desk in the organisation: what every record it makes
/// carries, so records from many kiosks never collide. 1–64 of `A–Z a–z 0–9 . - _ @`.
public struct NodeName: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// ASCII letters and digits, '.', '-', '_' and '@': safe in a file name and a log line.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || ".-_@".unicodeScalars.contains(scalar))
    }

    /// `text` with every character a name may not have replaced by '_', at most `limit` long.
    public static func sanitised(_ text: String, limit: Int = 64) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowed($0) ? $0 : "_" }.prefix(limit)))
    }

    public init(parsing text: String) throws(CoreError) {
        guard (1...64).contains(text.count), text.unicodeScalars.allSatisfy(Self.isAllowed) else {
            throw .invalidValue(
                what: Phrase("kiosk id"), value: text, expected: Phrase("1–64 letters, digits, '.', '-', '_' or '@'"))
        }
        rawValue = text
    }

    public var description: String { rawValue }
}
