import AttendanceCore
import Testing

@testable import AttendanceCommands

/// How a refused WiFi is put into words at the kiosk and by `mark`.
@Suite("WiFi wording")
struct WiFiWordingTests {
    @Test("two SSIDs that print the same but are other bytes are told apart by their bytes")
    func lookalikeNames() throws {
        let composed = try SSID(parsing: "Caf\u{E9}")  // é as one code point (NFC)
        let decomposed = try SSID(parsing: "Cafe\u{301}")  // e and a combining accent (NFD)
        #expect(composed.escaped == decomposed.escaped)
        #expect(
            WiFiWording.lookalike(seen: decomposed, approved: composed)
                == "the two names look alike but are different bytes: seen 43 61 66 65 cc 81, approved 43 61 66 c3 a9")
        // Names that read differently need no bytes, and the same name is no mismatch.
        #expect(WiFiWording.lookalike(seen: try SSID(parsing: "Guest"), approved: composed) == nil)
        #expect(WiFiWording.lookalike(seen: composed, approved: composed) == nil)
    }
}
