import AttendanceCore
import AttendanceTestSupport
import AttendanceWiFi
import CNetlink
import Testing

/// Which link the reader reports and which interface it reads, through libnl's receive path.
@Suite("Reading the link from nl80211")
struct NL80211LinkReaderTests {
    @Test("the associated BSS is the link, not an authenticated one or a neighbour")
    func associatedAmongOthers() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [
                try .dump([
                    try Fixture.bss(Fixture.neighbour, ssid: Array("Cafe".utf8)),
                    try Fixture.bss(Fixture.officeSecondRadio, status: .authenticated, frequencyMHz: 2437),
                    try Fixture.bss(Fixture.office, status: .associated, frequencyMHz: 5180, signalMBM: -5500),
                    try Fixture.bss(try BSSID(parsing: "02:00:00:00:00:42"), ssid: Array("Guest".utf8)),
                ])
            ],
            station: [try Fixture.station(signal: -40)])

        let link = try Fixture.reader(kernel).currentLink()

        #expect(
            link
                == WiFiLink(
                    interface: "wlan0", ssid: try SSID(bytes: Fixture.officeName), bssid: Fixture.office,
                    frequencyMHz: 5180, signalDBm: -40, source: .nl80211))
        #expect(
            kernel.requests == [
                .resolveFamily("nl80211"),
                .nl80211(.getInterface, dump: true, interfaceIndex: nil, mac: nil),
                .nl80211(.getScan, dump: true, interfaceIndex: Fixture.wlan0, mac: nil),
                .nl80211(.getStation, dump: false, interfaceIndex: Fixture.wlan0, mac: Fixture.office),
            ])
    }

    @Test("with no interface configured, the first associated station is read")
    func firstAssociatedStation() throws {
        let kernel = CannedKernel(
            interfaces: [
                try .dump([
                    try .interface(index: 2, name: "ap0", type: .accessPoint),
                    try .interface(index: 4, name: "wlan1", type: .station),
                    try .interface(index: 5, name: "wlan2", type: .station, ssid: Fixture.officeName),
                ])
            ],
            scan: [
                try .dump([try Fixture.bss(Fixture.office, status: .authenticated)]),
                try .dump([try Fixture.bss(Fixture.office, status: .associated)]),
            ])

        let link = try Fixture.reader(kernel).currentLink()

        #expect(link.interface == "wlan2")
        #expect(link.bssid == Fixture.office)
        let scanned = kernel.requests.compactMap { request -> UInt32? in
            guard case .nl80211(.getScan, _, let index, _) = request else { return nil }
            return index
        }
        #expect(scanned == [4, 5])
    }

    @Test("a wireless device without a network interface (P2P device) is passed over")
    func deviceWithoutInterfaceSkipped() throws {
        let p2pDevice = try CannedMessage.nl80211(
            command: UInt8(NL80211_CMD_NEW_INTERFACE.rawValue),
            attributes: [.u32(UInt16(NL80211_ATTR_IFTYPE.rawValue), NL80211InterfaceType.p2pDevice.rawValue)])
        let kernel = CannedKernel(
            interfaces: [
                try .dump([p2pDevice, try .interface(index: Fixture.wlan0, name: "wlan0", type: .station)])
            ],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated)])])

        #expect(try Fixture.reader(kernel).currentLink().interface == "wlan0")
    }

    @Test("nl80211 missing from the kernel gives the plain message")
    func nl80211Missing() throws {
        let kernel = CannedKernel(nl80211: .missing)

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .nl80211Unavailable)
        #expect(error?.description == "this machine's kernel has no WiFi (nl80211) support")
        #expect(kernel.requests == [.resolveFamily("nl80211")])
    }

    @Test("no associated BSS on any station is 'not associated'")
    func notAssociated() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation(ssid: nil)],
            scan: [
                try .dump([
                    try Fixture.bss(Fixture.office, status: .authenticated),
                    try Fixture.bss(Fixture.neighbour),
                ])
            ])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .notAssociated(interface: nil))
        #expect(error?.description == "no WiFi interface is associated; connect the kiosk to the office network")
    }

    @Test("a named station without an associated BSS is 'not associated' by name")
    func namedNotAssociated() throws {
        let kernel = CannedKernel(interfaces: [try Fixture.oneStation(ssid: nil)], scan: [try .dump([])])

        let error = Fixture.failure(of: try Fixture.reader(kernel, interface: "wlan0"))

        #expect(error == .notAssociated(interface: "wlan0"))
        #expect(
            error?.description
                == "WiFi interface wlan0 is not associated with an access point; connect it to the office network")
    }

    @Test("a named interface the kernel does not list is refused, naming the ones it does")
    func namedInterfaceMissing() throws {
        let kernel = CannedKernel(
            interfaces: [
                try .dump([
                    try .interface(index: 3, name: "wlan0"), try .interface(index: 4, name: "wlan1"),
                ])
            ])

        let error = Fixture.failure(of: try Fixture.reader(kernel, interface: "wlp2s0"))

        #expect(error == .interfaceNotFound(try InterfaceName(parsing: "wlp2s0"), available: ["wlan0", "wlan1"]))
        #expect(
            error?.description
                == "there is no WiFi interface named \"wlp2s0\" (WiFi interfaces here: wlan0, wlan1); "
                + "set [wifi] interface to one of them or leave it empty")
        #expect(!kernel.requests.contains { if case .nl80211(.getScan, _, _, _) = $0 { true } else { false } })
    }

    @Test("a named interface in access point mode is refused as not a station")
    func namedInterfaceNotStation() throws {
        let kernel = CannedKernel(interfaces: [try .dump([try .interface(index: 3, name: "wlan0", type: .accessPoint)])]
        )

        let error = Fixture.failure(of: try Fixture.reader(kernel, interface: "wlan0"))

        #expect(error == .notAStation(try InterfaceName(parsing: "wlan0"), mode: .accessPoint))
        #expect(
            error?.description
                == "WiFi interface wlan0 is in access point mode, not station (client) mode; "
                + "the kiosk must join the office network as a client")
    }

    @Test("a kernel that lists no WiFi interface at all says so")
    func noWirelessInterface() throws {
        let error = Fixture.failure(of: try Fixture.reader(CannedKernel(interfaces: [try .dump([])])))

        #expect(error == .noWirelessInterface)
        #expect(error?.description == "this machine has no WiFi interface; fit a WiFi adapter or load its driver")
    }
}
