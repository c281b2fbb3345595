import AttendanceCore
import AttendanceTestSupport
import AttendanceWiFi
import CNetlink
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SSIDs, information elements, signals and broken attributes, each through a whole reading.
@Suite("Parsing nl80211 replies")
struct NL80211ReplyParsingTests {
    // MARK: - SSIDs

    @Test("a hidden SSID (empty or NUL-filled) is kept as its bytes", arguments: [[], [UInt8](repeating: 0, count: 8)])
    func hiddenSSID(bytes: [UInt8]) throws {
        let link = try Fixture.reader(try Fixture.associated(ssid: bytes)).currentLink()

        #expect(link.ssid.bytes == bytes)
        #expect(link.ssid.isHidden)
        #expect(link.ssid.escaped == String(repeating: "\\x00", count: bytes.count))
    }

    @Test("a hidden BSS name gives way to the SSID the interface is connected to")
    func hiddenSSIDFromInterface() throws {
        let kernel = try Fixture.associated(ssid: [0, 0, 0, 0], interfaceSSID: Fixture.officeName)

        #expect(try Fixture.reader(kernel).currentLink().ssid == SSID(bytes: Fixture.officeName))
    }

    @Test("a non-UTF-8 SSID is kept byte for byte and shown escaped")
    func nonUTF8SSID() throws {
        let bytes: [UInt8] = [0x4F, 0xFF, 0x66, 0x0A]

        let link = try Fixture.reader(try Fixture.associated(ssid: bytes)).currentLink()

        #expect(link.ssid.bytes == bytes)
        #expect(link.ssid.escaped == "O\\xfff\\x0a")
    }

    @Test("an SSID of exactly 32 bytes is read whole")
    func thirtyTwoByteSSID() throws {
        let bytes = Array("Head Office Ground Floor Guest 5".utf8)
        try #require(bytes.count == 32)

        let link = try Fixture.reader(try Fixture.associated(ssid: bytes, interfaceSSID: bytes)).currentLink()

        #expect(link.ssid.bytes == bytes)
    }

    @Test("an SSID element of 33 bytes is refused")
    func thirtyThreeByteSSID() throws {
        let error = Fixture.failure(
            of: try Fixture.reader(try Fixture.associated(ssid: [UInt8](repeating: 0x41, count: 33))))

        #expect(
            error
                == .malformedReply(
                    action: "read the scan results of wlan0",
                    detail: "BSS aa:bb:cc:dd:ee:01 NL80211_BSS_INFORMATION_ELEMENTS: "
                        + "the SSID element has 33 bytes, at most 32"))
    }

    @Test("the interface and the access point naming different networks is an inconsistent link")
    func disagreeingSSIDs() throws {
        let kernel = try Fixture.associated(ssid: Fixture.officeName, interfaceSSID: Array("EvilNet".utf8))

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(
            error
                == .inconsistentLink(
                    interface: "wlan0",
                    detail: "the access point aa:bb:cc:dd:ee:01 announces \"OfficeNet\" "
                        + "but the interface reports \"EvilNet\""))
        #expect(
            error?.description
                == "the WiFi link on wlan0 changed while it was being read "
                + "(the access point aa:bb:cc:dd:ee:01 announces \"OfficeNet\" but the interface reports \"EvilNet\"); "
                + "try again")
    }

    // MARK: - Information elements

    @Test("an SSID element whose length runs past the buffer is a clear error")
    func elementPastBuffer() throws {
        let elements: [UInt8] = [1, 2, 0x82, 0x84, 0, 40] + Array("OfficeNet!".utf8)
        let kernel = try Fixture.associated(elements: elements)

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(
            error
                == .malformedReply(
                    action: "read the scan results of wlan0",
                    detail: "BSS aa:bb:cc:dd:ee:01 NL80211_BSS_INFORMATION_ELEMENTS: "
                        + "information element 0 at offset 4 claims 40 bytes but only 10 remain"))
        #expect(
            error?.description
                == "the kernel's reply was malformed when trying to read the scan results of wlan0: "
                + "BSS aa:bb:cc:dd:ee:01 NL80211_BSS_INFORMATION_ELEMENTS: "
                + "information element 0 at offset 4 claims 40 bytes but only 10 remain")
    }

    @Test("a lone byte after the last element is a clear error")
    func loneTrailingByte() throws {
        let elements: [UInt8] = [1, 3, 0x82, 0x84, 0x8B, 0xDD]
        let kernel = try Fixture.associated(elements: elements)

        #expect(
            Fixture.failure(of: try Fixture.reader(kernel))
                == .malformedReply(
                    action: "read the scan results of wlan0",
                    detail: "BSS aa:bb:cc:dd:ee:01 NL80211_BSS_INFORMATION_ELEMENTS: "
                        + "a lone byte after the last information element at offset 5"))
    }

    @Test("a neighbour's broken elements do not spoil the kiosk's own link")
    func brokenNeighbour() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [
                try .dump([
                    try .bss(
                        interfaceIndex: Fixture.wlan0, bssid: Fixture.neighbour, informationElements: [0, 200, 1]),
                    try Fixture.bss(Fixture.office, status: .associated),
                ])
            ])

        #expect(try Fixture.reader(kernel).currentLink().bssid == Fixture.office)
    }

    @Test("elements without an SSID fall back to the beacon's elements")
    func beaconFallback() throws {
        let kernel = try Fixture.associated(
            elements: CannedMessage.informationElements([(1, [0x82])]),
            beaconElements: Fixture.elements(ssid: Array("Beacon".utf8)))

        #expect(try Fixture.reader(kernel).currentLink().ssid == SSID(bytes: Array("Beacon".utf8)))
    }

    @Test("a BSS with no SSID anywhere is a clear error")
    func noSSIDAnywhere() throws {
        let kernel = try Fixture.associated(elements: nil)

        #expect(
            Fixture.failure(of: try Fixture.reader(kernel))
                == .malformedReply(
                    action: "read the scan results of wlan0",
                    detail: "BSS aa:bb:cc:dd:ee:01 carries no SSID element and the interface reports no SSID"))
    }

    // MARK: - Signal

    @Test("the station's signal is a signed 8-bit dBm", arguments: [Int8(-40), -90])
    func stationSignal(dBm: Int8) throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated, signalMBM: -7700)])],
            station: [try Fixture.station(signal: dBm)])

        #expect(try Fixture.reader(kernel).currentLink().signalDBm == Int(dBm))
    }

    @Test(
        "without a station entry the scan's signal in mBm is used",
        arguments: [(Int32(-4000), -40), (-9000, -90), (-4050, -40)])
    func signalFromScan(mbm: Int32, dBm: Int) throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated, signalMBM: mbm)])],
            station: [try .error(errno: ENOENT)])

        #expect(try Fixture.reader(kernel).currentLink().signalDBm == dBm)
    }

    @Test("a station entry without a signal falls back to the scan's signal")
    func stationWithoutSignal() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated, signalMBM: -6300)])],
            station: [try Fixture.station(signal: nil)])

        #expect(try Fixture.reader(kernel).currentLink().signalDBm == -63)
    }

    @Test("no signal anywhere leaves the signal unknown")
    func noSignal() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated, signalMBM: nil)])])

        #expect(try Fixture.reader(kernel).currentLink().signalDBm == nil)
    }

    // MARK: - Truncated and malformed attributes

    @Test("a scan result cut off inside its BSS is a clear error")
    func truncatedScanResult() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated).truncated(by: 3)])])

        #expect(
            Fixture.failure(of: try Fixture.reader(kernel))
                == .malformedReply(
                    action: "read the scan results of wlan0",
                    detail: "attribute 47 at offset 8 claims 64 bytes but only 61 remain"))
    }

    @Test("malformed attributes are clear errors", arguments: MalformedCase.all)
    func malformed(_ example: MalformedCase) throws {
        #expect(Fixture.failure(of: try Fixture.reader(try example.kernel())) == example.expected)
    }
}

/// One broken reply and the error it must give.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let kernel: @Sendable () throws -> CannedKernel
    let expected: WiFiError

    static let scanAction = "read the scan results of wlan0"

    static let all: [MalformedCase] = [
        MalformedCase(
            testDescription: "an interface index of two bytes",
            kernel: { try interfaces([.bytes(attribute(NL80211_ATTR_IFINDEX), [3, 0])]) },
            expected: .malformedReply(
                action: "list the WiFi interfaces", detail: "NL80211_ATTR_IFINDEX has 2 bytes, expected 4")),
        MalformedCase(
            testDescription: "an interface without a type",
            kernel: {
                try interfaces([
                    .u32(attribute(NL80211_ATTR_IFINDEX), 3), .string(attribute(NL80211_ATTR_IFNAME), "wlan0"),
                ])
            },
            expected: .malformedReply(
                action: "list the WiFi interfaces", detail: "interface wlan0 has no NL80211_ATTR_IFTYPE")),
        MalformedCase(
            testDescription: "a scan result without its BSS",
            kernel: { try scan([.u32(attribute(NL80211_ATTR_IFINDEX), 3)]) },
            expected: .malformedReply(action: scanAction, detail: "a scan result has no NL80211_ATTR_BSS")),
        MalformedCase(
            testDescription: "a BSSID of five bytes",
            kernel: {
                try scan([.nested(attribute(NL80211_ATTR_BSS), [.bytes(bss(NL80211_BSS_BSSID), [1, 2, 3, 4, 5])])])
            },
            expected: .malformedReply(action: scanAction, detail: "NL80211_BSS_BSSID has 5 bytes, expected 6")),
        MalformedCase(
            testDescription: "a frequency of two bytes",
            kernel: {
                try scan([
                    .nested(
                        attribute(NL80211_ATTR_BSS),
                        [.bytes(bss(NL80211_BSS_BSSID), Fixture.office.bytes), .u16(bss(NL80211_BSS_FREQUENCY), 2412)])
                ])
            },
            expected: .malformedReply(
                action: scanAction, detail: "BSS aa:bb:cc:dd:ee:01: NL80211_BSS_FREQUENCY has 2 bytes, expected 4")),
        MalformedCase(
            testDescription: "a nested attribute running past its parent",
            kernel: {
                try scan([
                    .bytes(
                        attribute(NL80211_ATTR_BSS),
                        [10, 0, 1, 0] + Fixture.office.bytes + [0, 0] + [40, 0, 2, 0, 0x6C, 0x09, 0, 0])
                ])
            },
            expected: .malformedReply(
                action: scanAction,
                detail: "in NL80211_ATTR_BSS: attribute 2 at offset 12 claims 40 bytes but only 8 remain")),
        MalformedCase(
            testDescription: "an attribute claiming less than its own header",
            kernel: { try scan([.bytes(attribute(NL80211_ATTR_BSS), [2, 0, 1, 0, 0, 0, 0, 0])]) },
            expected: .malformedReply(
                action: scanAction,
                detail: "in NL80211_ATTR_BSS: attribute 1 at offset 0 claims an impossible length of 2 bytes")),
        MalformedCase(
            testDescription: "stray bytes inside a nested attribute",
            kernel: { try scan([.bytes(attribute(NL80211_ATTR_BSS), [1, 2])]) },
            expected: .malformedReply(
                action: scanAction, detail: "in NL80211_ATTR_BSS: 2 stray bytes after the last attribute at offset 0")),
        MalformedCase(
            testDescription: "a message too short for its generic netlink header",
            kernel: {
                let header: [UInt8] = [16, 0, 0, 0, 0, 0, UInt8(NLM_F_MULTI), 0] + [UInt8](repeating: 0, count: 8)
                return CannedKernel(
                    interfaces: [CannedAnswer(receives: [[CannedMessage(encoded: header, carriesFamilyType: true)]])])
            },
            expected: .malformedReply(
                action: "list the WiFi interfaces", detail: "a reply is too short for its generic netlink header")),
        MalformedCase(
            testDescription: "a station signal of two bytes",
            kernel: {
                CannedKernel(
                    interfaces: [try Fixture.oneStation()],
                    scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated)])],
                    station: [
                        try .reply(
                            try .nl80211(
                                command: UInt8(NL80211_CMD_NEW_STATION.rawValue),
                                attributes: [
                                    .nested(
                                        attribute(NL80211_ATTR_STA_INFO),
                                        [.u16(UInt16(NL80211_STA_INFO_SIGNAL.rawValue), 0xFFD8)])
                                ]))
                    ])
            },
            expected: .malformedReply(
                action: "read the signal of wlan0's access point",
                detail: "in NL80211_ATTR_STA_INFO: NL80211_STA_INFO_SIGNAL has 2 bytes, expected 1")),
    ]

    private static func attribute(_ value: nl80211_attrs) -> UInt16 { UInt16(value.rawValue) }
    private static func bss(_ value: nl80211_bss) -> UInt16 { UInt16(value.rawValue) }

    /// An interface dump of one message carrying `attributes`.
    private static func interfaces(_ attributes: [CannedAttribute]) throws -> CannedKernel {
        CannedKernel(
            interfaces: [
                try .dump([try .nl80211(command: UInt8(NL80211_CMD_NEW_INTERFACE.rawValue), attributes: attributes)])
            ])
    }

    /// wlan0 with a scan dump of one message carrying `attributes`.
    private static func scan(_ attributes: [CannedAttribute]) throws -> CannedKernel {
        CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [
                try .dump([try .nl80211(command: UInt8(NL80211_CMD_NEW_SCAN_RESULTS.rawValue), attributes: attributes)])
            ])
    }
}
