// Turning nl80211 attributes into Swift values: interfaces, BSSes, station signal, and the
// SSID inside a BSS's information elements. Pure Swift over `NetlinkAttributes`; the C calls
// that produced those stay in Netlink.swift.

import AttendanceCore
import CNetlink

// MARK: - Numbers from linux/nl80211.h

/// The nl80211 attributes the reader uses, with the names its error messages show.
package enum NL80211Keys {
    package static let interfaceIndex = AttributeKey(NL80211_ATTR_IFINDEX.rawValue, "NL80211_ATTR_IFINDEX")
    package static let interfaceName = AttributeKey(NL80211_ATTR_IFNAME.rawValue, "NL80211_ATTR_IFNAME")
    package static let interfaceType = AttributeKey(NL80211_ATTR_IFTYPE.rawValue, "NL80211_ATTR_IFTYPE")
    package static let mac = AttributeKey(NL80211_ATTR_MAC.rawValue, "NL80211_ATTR_MAC")
    package static let ssid = AttributeKey(NL80211_ATTR_SSID.rawValue, "NL80211_ATTR_SSID")
    package static let bss = AttributeKey(NL80211_ATTR_BSS.rawValue, "NL80211_ATTR_BSS")
    package static let stationInfo = AttributeKey(NL80211_ATTR_STA_INFO.rawValue, "NL80211_ATTR_STA_INFO")

    // Nested in NL80211_ATTR_BSS.
    package static let bssid = AttributeKey(NL80211_BSS_BSSID.rawValue, "NL80211_BSS_BSSID")
    package static let frequency = AttributeKey(NL80211_BSS_FREQUENCY.rawValue, "NL80211_BSS_FREQUENCY")
    package static let informationElements = AttributeKey(
        NL80211_BSS_INFORMATION_ELEMENTS.rawValue, "NL80211_BSS_INFORMATION_ELEMENTS")
    package static let beaconElements = AttributeKey(NL80211_BSS_BEACON_IES.rawValue, "NL80211_BSS_BEACON_IES")
    package static let signalMBM = AttributeKey(NL80211_BSS_SIGNAL_MBM.rawValue, "NL80211_BSS_SIGNAL_MBM")
    package static let status = AttributeKey(NL80211_BSS_STATUS.rawValue, "NL80211_BSS_STATUS")

    // Nested in NL80211_ATTR_STA_INFO.
    package static let stationSignal = AttributeKey(NL80211_STA_INFO_SIGNAL.rawValue, "NL80211_STA_INFO_SIGNAL")
}

/// nl80211 command numbers, requests and the kernel's reply commands alike.
package enum NL80211Commands {
    package static let getInterface = UInt8(NL80211_CMD_GET_INTERFACE.rawValue)
    package static let newInterface = UInt8(NL80211_CMD_NEW_INTERFACE.rawValue)
    package static let getScan = UInt8(NL80211_CMD_GET_SCAN.rawValue)
    package static let newScanResults = UInt8(NL80211_CMD_NEW_SCAN_RESULTS.rawValue)
    package static let getStation = UInt8(NL80211_CMD_GET_STATION.rawValue)
    package static let newStation = UInt8(NL80211_CMD_NEW_STATION.rawValue)
}

// MARK: - Interfaces

/// One WiFi interface from the GET_INTERFACE dump.
struct InterfaceRecord: Sendable, Equatable {
    var index: UInt32
    var name: String
    var type: NL80211InterfaceType
    var mac: [UInt8]?
    /// The SSID the kernel says the interface is connected to; absent when it is not (or on
    /// kernels too old to say).
    var ssid: SSID?

    /// The record, or nil for a wireless device without a network interface (a P2P device has
    /// no ifindex and cannot carry the kiosk's traffic).
    init?(_ attributes: NetlinkAttributes) throws(MalformedReply) {
        guard let index = try attributes.u32(NL80211Keys.interfaceIndex) else { return nil }
        guard let name = attributes.string(NL80211Keys.interfaceName) else {
            throw MalformedReply(detail: "interface \(index) has no NL80211_ATTR_IFNAME")
        }
        guard let type = try attributes.u32(NL80211Keys.interfaceType) else {
            throw MalformedReply(detail: "interface \(name) has no NL80211_ATTR_IFTYPE")
        }
        let mac = attributes.payload(NL80211Keys.mac).map { Array($0) }
        if let mac, mac.count != 6 {
            throw MalformedReply(detail: "interface \(name): NL80211_ATTR_MAC has \(mac.count) bytes, expected 6")
        }
        var ssid: SSID?
        if let bytes = attributes.payload(NL80211Keys.ssid) {
            guard let parsed = try? SSID(bytes: Array(bytes)) else {
                throw MalformedReply(
                    detail: "interface \(name): NL80211_ATTR_SSID has \(bytes.count) bytes, at most 32")
            }
            ssid = parsed
        }
        self.index = index
        self.name = name
        self.type = NL80211InterfaceType(rawValue: type)
        self.mac = mac
        self.ssid = ssid
    }
}

// MARK: - BSSes

/// One BSS from the GET_SCAN dump.
package struct BSSRecord: Sendable {
    var bssid: BSSID
    var frequencyMHz: Int?
    var status: NL80211BSSStatus?
    /// From NL80211_BSS_SIGNAL_MBM (hundredths of a dBm), truncated to whole dBm.
    var signalDBm: Int?
    /// The SSID element of the BSS's information elements (or, failing those, its beacon's):
    /// nil when neither carries one; an error when the elements are malformed. Kept per BSS,
    /// so a neighbour's broken elements never spoil the reading of the kiosk's own link.
    package var ssid: Result<SSID?, MalformedReply>

    init(_ attributes: NetlinkAttributes) throws(MalformedReply) {
        guard let bss = try attributes.nested(NL80211Keys.bss) else {
            throw MalformedReply(detail: "a scan result has no NL80211_ATTR_BSS")
        }
        guard let bytes = bss.payload(NL80211Keys.bssid) else {
            throw MalformedReply(detail: "a scan result has no NL80211_BSS_BSSID")
        }
        guard let bssid = BSSID(bytes: Array(bytes)) else {
            throw MalformedReply(detail: "NL80211_BSS_BSSID has \(bytes.count) bytes, expected 6")
        }
        do {
            self.frequencyMHz = try bss.u32(NL80211Keys.frequency).map { Int($0) }
            self.status = try bss.u32(NL80211Keys.status).map { NL80211BSSStatus(rawValue: $0) }
            self.signalDBm = try bss.s32(NL80211Keys.signalMBM).map { Int($0) / 100 }
        } catch {
            throw MalformedReply(detail: "BSS \(bssid): \(error.detail)")
        }
        self.bssid = bssid
        self.ssid = Result { () throws(MalformedReply) -> SSID? in
            try Self.ssid(of: bss, bssid: bssid)
        }
    }

    /// Element 0 of NL80211_BSS_INFORMATION_ELEMENTS, else of NL80211_BSS_BEACON_IES.
    private static func ssid(of bss: NetlinkAttributes, bssid: BSSID) throws(MalformedReply) -> SSID? {
        for key in [NL80211Keys.informationElements, NL80211Keys.beaconElements] {
            guard let elements = bss.payload(key) else { continue }
            do {
                if let ssid = try InformationElements.ssid(in: elements) { return ssid }
            } catch {
                throw MalformedReply(detail: "BSS \(bssid) \(key.name): \(error.detail)")
            }
        }
        return nil
    }
}

// MARK: - Information elements

/// The 802.11 information elements of a BSS: records of one id byte, one length byte and that
/// many bytes of body.
enum InformationElements {
    static let ssidID: UInt8 = 0

    /// The body of the first SSID element, or nil when there is none. A length that runs past
    /// the end ends the walk with an error: bytes beyond the buffer are never read.
    static func ssid(in elements: ArraySlice<UInt8>) throws(MalformedReply) -> SSID? {
        var offset = elements.startIndex
        while offset < elements.endIndex {
            guard elements.endIndex - offset >= 2 else {
                throw MalformedReply(
                    detail: "a lone byte after the last information element at offset \(offset - elements.startIndex)")
            }
            let id = elements[offset]
            let length = Int(elements[offset + 1])
            let body = offset + 2
            guard length <= elements.endIndex - body else {
                throw MalformedReply(
                    detail: "information element \(id) at offset \(offset - elements.startIndex) claims "
                        + "\(length) bytes but only \(elements.endIndex - body) remain")
            }
            if id == ssidID {
                guard let ssid = try? SSID(bytes: Array(elements[body..<body + length])) else {
                    throw MalformedReply(detail: "the SSID element has \(length) bytes, at most 32")
                }
                return ssid
            }
            offset = body + length
        }
        return nil
    }
}

// MARK: - Stations

/// The GET_STATION reply: the signal the interface hears from its access point.
struct StationRecord: Sendable {
    /// NL80211_STA_INFO_SIGNAL, a signed 8-bit dBm carried as a u8.
    var signalDBm: Int?

    init(_ attributes: NetlinkAttributes) throws(MalformedReply) {
        let info = try attributes.nested(NL80211Keys.stationInfo)
        do {
            signalDBm = try info?.u8(NL80211Keys.stationSignal).map { Int(Int8(bitPattern: $0)) }
        } catch {
            throw MalformedReply(detail: "in NL80211_ATTR_STA_INFO: \(error.detail)")
        }
    }
}
