import AttendanceCore
import AttendanceTestSupport
import CNetlink
import Testing

@testable import AttendanceWiFi

#if canImport(Glibc)
    import Glibc
#endif

/// Malformed netlink replies, thousands of them, mutated from well-formed ones
/// with a fixed seed, through libnl's receive pipeline and the parser. Every reading ends in a
/// link or a `WiFiError`: no crash, no hang, no read past a buffer.
@Suite("Fuzzing the nl80211 reader", .timeLimit(.minutes(2)))
struct NL80211FuzzTests {
    /// Well-formed answers to start from: what a kiosk's kernel says, and how it fails.
    static func seeds() throws -> (interfaces: [CannedAnswer], scan: [CannedAnswer], station: [CannedAnswer]) {
        let neighbours = try (0..<3).map { index in
            try Fixture.bss(try BSSID(parsing: "02:00:00:00:01:0\(index)"), ssid: Array("Cafe \(index)".utf8))
        }
        let hidden = try CannedMessage.bss(
            interfaceIndex: Fixture.wlan0, bssid: Fixture.office, status: .associated,
            informationElements: Fixture.elements(ssid: [0, 0, 0]),
            beaconElements: Fixture.elements(ssid: Fixture.officeName))
        return (
            interfaces: [
                try Fixture.oneStation(), try Fixture.oneStation(ssid: nil),
                try .dump([
                    try .interface(index: 2, name: "p2p-dev", type: .station),
                    try .interface(
                        index: Fixture.wlan0, name: "wlan0", mac: Fixture.kioskMAC, ssid: Array("Office\u{1B}[2J".utf8)),
                ]),
                try .error(errno: EPERM, message: "not allowed"),
            ],
            scan: [
                try .dump(neighbours + [try Fixture.bss(Fixture.office, status: .associated)], perReceive: 2),
                try .dump([hidden]), try .dump([], interrupted: true), try .dumpError(errno: ENODEV, message: "gone"),
            ],
            station: [
                try Fixture.station(signal: -42), try .error(errno: ENOENT),
                try .reply(.station(interfaceIndex: 3, mac: Fixture.office, signalDBm: nil)),
            ]
        )
    }

    static let interesting32: [UInt32] = [0, 1, 3, 4, 15, 16, 17, 19, 20, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]
    static let interesting16: [UInt16] = [0, 1, 3, 4, 5, 7, 8, 0x7FFF, 0x8000, 0xFFFF]

    /// One mutation of a message's bytes.
    static func mutate(_ message: CannedMessage, _ random: inout SeededGenerator) -> CannedMessage {
        var bytes = message.encoded
        var family = message.carriesFamilyType
        switch Int.random(in: 0..<9, using: &random) {
        case 0:  // flip bits
            for _ in 0...Int.random(in: 0..<8, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
                    UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            }
        case 1:  // overwrite bytes with random or boundary values
            for _ in 0...Int.random(in: 0..<4, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = [
                    0, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &random),
                ].randomElement(using: &random)!
            }
        case 2:  // cut short, the length left claiming more
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 3:  // cut short, the length saying so
            return message.truncated(by: Int.random(in: 0...max(0, bytes.count - 1), using: &random))
        case 4:  // a lying nlmsg_len
            if bytes.count >= 4 {
                let value =
                    interesting32.randomElement(using: &random)!
                    &+ (Bool.random(using: &random) ? UInt32(bytes.count) : 0)
                withUnsafeBytes(of: value) { for index in 0..<4 { bytes[index] = $0[index] } }
            }
        case 5:  // a lying attribute length somewhere after the headers
            if bytes.count >= 26 {
                let at = 20 + 4 * Int.random(in: 0..<((bytes.count - 22) / 4), using: &random)
                let value = interesting16.randomElement(using: &random)!
                withUnsafeBytes(of: value) {
                    for index in 0..<2 where at + index < bytes.count { bytes[at + index] = $0[index] }
                }
            }
        case 6:  // garbage appended, or bytes inserted
            let garbage = (0..<Int.random(in: 1...64, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let at = Int.random(in: 0...bytes.count, using: &random)
            bytes.insert(contentsOf: garbage, at: at)
        case 7:  // a chunk of the message repeated
            if bytes.count > 4 {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = Int.random(in: start...bytes.count, using: &random)
                bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &random))
            }
        default:  // another message type: the family's, or a control one
            family.toggle()
            if bytes.count >= 6 {
                let type = [
                    UInt16(NLMSG_NOOP), UInt16(NLMSG_ERROR), UInt16(NLMSG_DONE), UInt16(NLMSG_OVERRUN), 0x10, 0xFFFF,
                ]
                .randomElement(using: &random)!
                withUnsafeBytes(of: type) { for index in 0..<2 { bytes[4 + index] = $0[index] } }
            }
        }
        return CannedMessage(encoded: bytes, carriesFamilyType: family)
    }

    /// One mutation of a whole answer: of one message, or of how the messages arrive.
    static func mutate(_ answer: CannedAnswer, _ random: inout SeededGenerator) -> CannedAnswer {
        var receives = answer.receives
        let all = receives.indices.flatMap { r in receives[r].indices.map { (r, $0) } }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6 where !all.isEmpty:
            for _ in 0...Int.random(in: 0..<2, using: &random) {
                let (r, m) = all.randomElement(using: &random)!
                receives[r][m] = mutate(receives[r][m], &random)
            }
        case 6 where !all.isEmpty:  // a message lost
            let (r, m) = all.randomElement(using: &random)!
            receives[r].remove(at: m)
        case 7 where !all.isEmpty:  // a message delivered twice
            let (r, m) = all.randomElement(using: &random)!
            receives[r].insert(receives[r][m], at: m)
        case 8:  // datagrams merged, split or reordered
            let flat = receives.flatMap { $0 }.shuffled(using: &random)
            receives =
                flat.isEmpty
                ? []
                : stride(from: 0, to: flat.count, by: 1 + Int.random(in: 0..<3, using: &random)).map {
                    Array(flat[$0..<min($0 + 2, flat.count)])
                }
        default:  // an empty or garbage datagram in between
            let garbage = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            receives.insert([CannedMessage(encoded: garbage)], at: Int.random(in: 0...receives.count, using: &random))
        }
        return CannedAnswer(receives: receives)
    }

    @Test("20,000 mutated kernel conversations through libnl: each ends in a link or a WiFiError")
    func mutatedConversations() throws {
        let seeds = try Self.seeds()
        var random = SeededGenerator(seed: 0x4E4C_3830_3231_3120)
        var outcomes = (links: 0, errors: 0)
        for _ in 0..<20_000 {
            var interfaces = seeds.interfaces.randomElement(using: &random)!
            var scan = seeds.scan.randomElement(using: &random)!
            var station = seeds.station.randomElement(using: &random)!
            // At least one answer is broken, sometimes all three, some more than once.
            let broken = Int.random(in: 1...7, using: &random)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if broken & 1 != 0 { interfaces = Self.mutate(interfaces, &random) }
                if broken & 2 != 0 { scan = Self.mutate(scan, &random) }
                if broken & 4 != 0 { station = Self.mutate(station, &random) }
            }
            let family: CannedKernel.Family =
                Int.random(in: 0..<20, using: &random) == 0 ? .missing : .registered(id: 0x1c)
            let kernel = CannedKernel(nl80211: family, interfaces: [interfaces], scan: [scan], station: [station])
            let reader = NL80211LinkReader(interface: nil, replaying: kernel)
            do {
                let link = try reader.currentLink()
                #expect(link.ssid.bytes.count <= 32)
                outcomes.links += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.errors += 1
            }
        }
        // The mutations are neither all harmless nor all fatal.
        #expect(outcomes.links > 300 && outcomes.errors > 5000, "\(outcomes)")
    }

    @Test("20,000 random and mutated attribute streams: walked or refused, never read past the end")
    func attributeStreams() throws {
        var random = SeededGenerator(seed: 0x4154_5452_5321)
        let wellFormed = try Self.seeds().scan.flatMap { $0.receives.flatMap { $0 } }.map {
            Array($0.encoded.dropFirst(20))
        }
        var outcomes = (walked: 0, refused: 0, records: 0, ssids: 0)
        for _ in 0..<20_000 {
            var bytes: [UInt8]
            if Bool.random(using: &random) {
                bytes = (0..<Int.random(in: 0...96, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = wellFormed.randomElement(using: &random)!
                for _ in 0...Int.random(in: 0..<6, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
            }
            let attributes: NetlinkAttributes
            do {
                attributes = try NetlinkAttributes(walking: bytes)
                outcomes.walked += 1
            } catch {
                #expect(!error.detail.isEmpty)
                outcomes.refused += 1
                continue
            }
            // Whatever was walked is parsed or refused, as the reader does; a read past the end
            // would stop the test with a bounds trap.
            _ = try? InterfaceRecord(attributes)
            if let bss = try? BSSRecord(attributes) {
                outcomes.records += 1
                if let ssid = try? bss.ssid.get() {
                    #expect(ssid.bytes.count <= 32)
                    outcomes.ssids += 1
                }
            }
            _ = try? StationRecord(attributes)
            if let elements = attributes.payload(NL80211Keys.informationElements) {
                _ = try? InformationElements.ssid(in: elements)
            }
            _ = try? InformationElements.ssid(in: ArraySlice(bytes))
        }
        // The streams are neither all walked nor all refused, and a few, cut after their BSS, still
        // make one with its SSID.
        #expect(outcomes.walked > 2000 && outcomes.refused > 2000 && outcomes.ssids > 10, "\(outcomes)")
    }
}
