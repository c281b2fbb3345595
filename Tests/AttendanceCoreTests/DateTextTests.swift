import AttendanceTestKit
import Testing

@testable import AttendanceCore

/// `AttendanceDate(parsing:)`, `YearMonth(parsing:)` and `WallClockTime(parsing:)` read bytes; they must accept
/// exactly what their definition by characters accepts, and give the same value.
@Suite("Dates, months and times read from text")
struct DateTextTests {
    /// The definition: fields split at the separator, each of the lengths and all ASCII digits.
    static func byCharacters(_ text: String, lengths: [[Int]], separator: Character) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard lengths.contains(where: { $0 == parts.map(\.count) }),
            parts.allSatisfy({ $0.allSatisfy { $0.asciiValue.map { (0x30...0x39).contains($0) } ?? false } })
        else { return nil }
        return parts.map { Int($0)! }
    }

    static func texts() -> [String] {
        var random = SeededGenerator(seed: 0xDA7E)
        let pieces = [
            "0", "1", "2", "9", "-", ":", " ", "\u{663}", "\u{FF11}", "\u{301}", "a", "\r\n", "\n", "+", "é", "00",
            "12", "31", "29", "2024", "2026", "0000", "9999",
        ]
        var texts = [
            "", "2026-11-23", "2024-02-29", "2026-02-29", "0000-01-01", "9999-12-31", "9:30", "09:30", "23:59",
        ]
        texts += [
            "24:00", "7:5", "007:30", "2026-11-23\u{301}", "2026-1\u{301}1-23", "\u{FEFF}2026-11-23", "12:3\u{663}",
        ]
        for _ in 0..<20_000 {
            texts.append(
                (0..<Int.random(in: 1...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        // The right shape, with now and then a neighbour of a digit (":" and "/" are the bytes
        // either side of "0"…"9"), another separator or a character of more than one byte.
        let near = [":", "/", "-", " ", "\u{663}", "\u{301}", "\r\n", "\u{FF10}"]
        for _ in 0..<20_000 {
            let shape = ["DDDD-DD-DD", "DDDD-DD", "D:DD", "DD:DD", "DDDD:DD:DD", "DD-DD"].randomElement(using: &random)!
            texts.append(
                shape.map { slot -> String in
                    if Int.random(in: 0..<12, using: &random) == 0 { return near.randomElement(using: &random)! }
                    return slot == "D" ? String(Int.random(in: 0...9, using: &random)) : String(slot)
                }.joined())
        }
        for _ in 0..<5_000 {
            let (y, m, d) = (
                Int.random(in: 0...10_000, using: &random), Int.random(in: 0...13, using: &random),
                Int.random(in: 0...32, using: &random)
            )
            texts.append("\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)")
            texts.append("\(y)-\(m < 10 ? "0" : "")\(m)")
            texts.append("\(Int.random(in: 0...25, using: &random)):\(Int.random(in: 0...61, using: &random))")
        }
        return texts
    }

    @Test("the same dates as reading by characters, over 50,000 texts")
    func dates() {
        for text in Self.texts() {
            let expected = Self.byCharacters(text, lengths: [[4, 2, 2]], separator: "-").flatMap {
                AttendanceDate(year: $0[0], month: $0[1], day: $0[2])
            }
            let read = try? AttendanceDate(parsing: text)
            #expect(read == expected, "\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
        }
    }

    @Test("the same months as reading by characters, over 50,000 texts")
    func months() {
        for text in Self.texts() {
            let expected = Self.byCharacters(text, lengths: [[4, 2]], separator: "-").flatMap {
                YearMonth(year: $0[0], month: $0[1])
            }
            let read = try? YearMonth(parsing: text)
            #expect(read == expected, "\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
        }
    }

    @Test("the same times as reading by characters, over 50,000 texts")
    func times() {
        for text in Self.texts() {
            let expected = Self.byCharacters(text, lengths: [[1, 2], [2, 2]], separator: ":").flatMap {
                WallClockTime(hour: $0[0], minute: $0[1])
            }
            let read = try? WallClockTime(parsing: text)
            #expect(read == expected, "\(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())")
        }
    }
}
