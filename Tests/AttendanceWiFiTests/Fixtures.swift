import AttendanceCore
import AttendanceTestSupport
import AttendanceWiFi

/// Access points, interfaces and canned kernels the tests share.
enum Fixture {
    static let office = try! BSSID(parsing: "aa:bb:cc:dd:ee:01")
    static let officeSecondRadio = try! BSSID(parsing: "aa:bb:cc:dd:ee:02")
    static let neighbour = try! BSSID(parsing: "02:00:00:00:00:99")
    static let officeName = Array("OfficeNet".utf8)
    static let wlan0: UInt32 = 3
    static let kioskMAC: [UInt8] = [0x02, 0x4b, 0x49, 0x4f, 0x53, 0x4b]

    /// Elements as an access point sends them: the SSID first, then supported rates.
    static func elements(ssid: [UInt8]) -> [UInt8] {
        CannedMessage.informationElements([(0, ssid), (1, [0x82, 0x84, 0x8B, 0x96])])
    }

    /// The GET_INTERFACE dump of a kiosk with one station interface, wlan0.
    static func oneStation(ssid: [UInt8]? = officeName) throws -> CannedAnswer {
        try .dump([.interface(index: wlan0, name: "wlan0", type: .station, mac: kioskMAC, ssid: ssid)])
    }

    /// A scan result for wlan0.
    static func bss(
        _ bssid: BSSID, ssid: [UInt8] = officeName, status: NL80211BSSStatus? = nil, frequencyMHz: UInt32 = 2412,
        signalMBM: Int32? = -5000
    ) throws -> CannedMessage {
        try .bss(
            interfaceIndex: wlan0, bssid: bssid, frequencyMHz: frequencyMHz, status: status, signalMBM: signalMBM,
            informationElements: elements(ssid: ssid))
    }

    /// The station reply for the office access point.
    static func station(signal: Int8?) throws -> CannedAnswer {
        try .reply(.station(interfaceIndex: wlan0, mac: office, signalDBm: signal))
    }

    /// wlan0 associated with the office access point, which reports `ssid`.
    static func associated(ssid: [UInt8], interfaceSSID: [UInt8]? = nil) throws -> CannedKernel {
        CannedKernel(
            interfaces: [try oneStation(ssid: interfaceSSID)],
            scan: [try .dump([try bss(office, ssid: ssid, status: .associated)])],
            station: [try station(signal: -40)])
    }

    /// wlan0, which reports no SSID of its own, associated with the office access point, whose
    /// scan result carries exactly these elements.
    static func associated(elements: [UInt8]?, beaconElements: [UInt8]? = nil) throws -> CannedKernel {
        CannedKernel(
            interfaces: [try oneStation(ssid: nil)],
            scan: [
                try .dump([
                    try .bss(
                        interfaceIndex: wlan0, bssid: office, status: .associated, informationElements: elements,
                        beaconElements: beaconElements)
                ])
            ])
    }

    static func reader(_ kernel: CannedKernel, interface: String? = nil) throws -> NL80211LinkReader {
        NL80211LinkReader(interface: try interface.map { try InterfaceName(parsing: $0) }, replaying: kernel)
    }

    /// The error a reading ends with, or nil when it succeeds.
    static func failure(of reader: NL80211LinkReader) -> WiFiError? {
        do {
            _ = try reader.currentLink()
            return nil
        } catch {
            return error
        }
    }
}
