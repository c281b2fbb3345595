import AttendanceCore
import AttendanceWiFi

/// Measures the reader's GET_SCAN path: a canned dump of many BSSes through libnl's receive
/// pipeline and the same parsing `NL80211LinkReader` uses.
public enum NL80211Benchmark {
    /// How long parsing one scan dump took.
    public struct ScanDumpTiming: Sendable {
        /// BSS entries in the dump.
        public let bssCount: Int
        /// Times the dump was received and parsed.
        public let iterations: Int
        /// The dump's size on the wire, all datagrams together.
        public let dumpBytes: Int
        /// All iterations together.
        public let total: Duration
        /// The quickest single dump.
        public let fastest: Duration
        /// The slowest single dump.
        public let slowest: Duration

        /// The average time per dump.
        public var mean: Duration { total / iterations }
    }

    /// Builds a GET_SCAN dump of `bssCount` BSSes once, then receives and parses it
    /// `iterations` times on one replaying session; nothing is printed.
    public static func parseScanDump(bssCount: Int, iterations: Int) throws(WiFiError) -> ScanDumpTiming {
        let interfaceIndex: UInt32 = 3
        let kernel = CannedKernel(scan: [try scanDump(bssCount: bssCount, interfaceIndex: interfaceIndex)])
        let client = try NL80211Client(transport: .peer({ CannedConversation(kernel: kernel) }))
        let request = NL80211Client.scanRequest(index: interfaceIndex, name: "wlan0")

        let clock = ContinuousClock()
        var total = Duration.zero
        var fastest = Duration.seconds(Int64.max)
        var slowest = Duration.zero
        for _ in 0..<max(1, iterations) {
            let start = clock.now
            let records = try client.scanResults(for: request)
            let elapsed = start.duration(to: clock.now)
            // A benchmark that parsed less than it was given would flatter the code.
            guard records.count == bssCount, records.allSatisfy({ (try? $0.ssid.get()) != nil }) else {
                throw .malformedReply(
                    action: "benchmark the scan dump", detail: "parsed \(records.count) of \(bssCount) BSSes")
            }
            total += elapsed
            fastest = min(fastest, elapsed)
            slowest = max(slowest, elapsed)
        }
        let answer = kernel.answers[.getScan]?.first
        let bytes = answer?.receives.joined().reduce(0) { $0 + $1.encoded.count } ?? 0
        return ScanDumpTiming(
            bssCount: bssCount, iterations: max(1, iterations), dumpBytes: bytes, total: total, fastest: fastest,
            slowest: slowest)
    }

    /// BSSes with the elements a typical access point sends (SSID, rates, channel, RSN, HT),
    /// eight to a datagram; the last one is the associated access point.
    private static func scanDump(bssCount: Int, interfaceIndex: UInt32) throws(WiFiError) -> CannedAnswer {
        var messages: [CannedMessage] = []
        messages.reserveCapacity(bssCount)
        for index in 0..<bssCount {
            let low = UInt8(truncatingIfNeeded: index)
            let high = UInt8(truncatingIfNeeded: index >> 8)
            guard let bssid = BSSID(bytes: [0x02, 0x11, 0x22, 0x33, high, low]) else { continue }
            let elements = CannedMessage.informationElements([
                (0, Array("Office-\(index)".utf8)),
                (1, [0x82, 0x84, 0x8B, 0x96, 0x0C, 0x12, 0x18, 0x24]),
                (3, [UInt8(1 + index % 11)]),
                (5, [0x00, 0x01, 0x00, 0x00]),
                (7, Array("DE ".utf8) + [0x01, 0x0D, 0x14]),
                (
                    48,
                    [
                        0x01, 0x00, 0x00, 0x0F, 0xAC, 0x04, 0x01, 0x00, 0x00, 0x0F, 0xAC, 0x04, 0x01, 0x00, 0x00, 0x0F,
                        0xAC, 0x02, 0x0C, 0x00,
                    ]
                ),
                (45, [UInt8](repeating: 0x1F, count: 26)),
                (61, [UInt8](repeating: 0x05, count: 22)),
                (127, [0x04, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x40]),
                (221, [0x00, 0x50, 0xF2, 0x02, 0x01, 0x01] + [UInt8](repeating: 0x03, count: 18)),
            ])
            messages.append(
                try .bss(
                    interfaceIndex: interfaceIndex, bssid: bssid, frequencyMHz: 2412 + UInt32(index % 11) * 5,
                    status: index == bssCount - 1 ? .associated : nil, signalMBM: -4000 - Int32(index % 50) * 100,
                    informationElements: elements, beaconElements: elements))
        }
        return try .dump(messages, perReceive: 8)
    }
}
