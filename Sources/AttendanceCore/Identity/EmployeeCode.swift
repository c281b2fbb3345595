/// The code an employee types at the kiosk: 1–32 of `A–Z a–z 0–9 _ -`.
///
/// Codes are compared without regard to case (`e001` finds `E001`) because people at a kiosk
/// do not think about the shift key; the code keeps the spelling it was created with.
public struct EmployeeCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(parsing text: String) throws(CoreError) {
        let valid =
            (1...32).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                    || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
            }
        guard valid else {
            throw .invalidValue(
                what: Phrase("employee code"), value: text,
                expected: Phrase("1–32 letters, digits, '_' or '-' (for example E001)"))
        }
        rawValue = text
    }

    /// A code read back from the store, kept as is even if direct SQL broke the rules; the
    /// terminal edge sanitises it where it is written.
    public init(stored: String) { rawValue = stored }

    public var description: String { rawValue }

    public static func == (a: Self, b: Self) -> Bool {
        a.rawValue.lowercased() == b.rawValue.lowercased()
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.lowercased()) }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue.lowercased() < b.rawValue.lowercased() }
}
