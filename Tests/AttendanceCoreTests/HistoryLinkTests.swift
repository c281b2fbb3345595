import AttendanceCore
import Testing

/// The history chain's encoding never changes (docs/rules.md "History"): a chain made today is
/// checked the same way in ten years. The expected bytes and hash were written by an independent
/// reading of that rule (Python's struct and hashlib), not by this program.
@Suite("History link encoding")
struct HistoryLinkTests {
    static let fields: [HistoryLink.Field] = [
        .integer(42), .integer(-7), .null, .real(1.5), .text("E001"), .text("Café Ω"), .bytes([0, 0xFF, 0x61, 0x62]),
        .text(""), .bytes([]),
    ]

    static let expectedEncoding =
        "617474656e64616e63652d686973746f72792d763100000000000000000570756e636800000000000000090100000000"
        + "0000002a01fffffffffffffff900023ff800000000000003000000000000000445303031030000000000000008436166"
        + "c3a920cea904000000000000000400ff6162030000000000000000040000000000000000"

    @Test("a record's encoding: label, kind, count, then each value tagged, numbers 8-byte big-endian")
    func encoding() {
        #expect(HistoryLink.encoding(kind: "punch", fields: Self.fields).hexText == Self.expectedEncoding)
    }

    @Test("a link is SHA-256 of the link before and the encoding, written whole or a value at a time")
    func link() {
        let previous = (0..<32).map { UInt8($0) }
        let expected = "972e233f15eba8f5c768e6753c3acde0bbe2af29fc77a6b2dea3a65b7662ffd7"
        #expect(HistoryLink.hash(previous: previous, kind: "punch", fields: Self.fields).hexText == expected)
        var encoder = HistoryLink.Encoder(kind: "punch", count: Self.fields.count)
        encoder.append(integer: 42)
        encoder.append(integer: -7)
        encoder.appendNull()
        encoder.append(real: 1.5)
        Array("E001".utf8).withUnsafeBytes { encoder.append(utf8: $0) }
        encoder.append(text: "Café Ω")
        [UInt8]([0, 0xFF, 0x61, 0x62]).withUnsafeBytes { encoder.append(bytes: $0) }
        encoder.append(text: "")
        [UInt8]().withUnsafeBytes { encoder.append(bytes: $0) }
        #expect(HistoryLink.hash(previous: previous, encoding: encoder.bytes).hexText == expected)
    }
}
