import AttendanceCore
import AttendanceWiFi
import CNetlink

/// One netlink message of a canned answer, as bytes. Its sequence number and port are stamped
/// with the request's when delivered, and so is the nl80211 family id for nl80211 messages.
public struct CannedMessage: Sendable, Hashable {
    /// The message as encoded, header included.
    public let encoded: [UInt8]
    /// Whether the message's type is the nl80211 family (stamped on delivery).
    public let carriesFamilyType: Bool

    /// A message from raw bytes, for replies no well-behaved kernel would send.
    public init(encoded: [UInt8], carriesFamilyType: Bool = false) {
        self.encoded = encoded
        self.carriesFamilyType = carriesFamilyType
    }

    /// An nl80211 message with any attributes, built with genlmsg_put and nla_put.
    public static func nl80211(command: UInt8, attributes: [CannedAttribute]) throws(WiFiError) -> CannedMessage {
        CannedMessage(
            encoded: try CannedEncoder.generic(command: command, flags: 0, attributes: attributes),
            carriesFamilyType: true)
    }

    /// One entry of the GET_INTERFACE dump (`NL80211_CMD_NEW_INTERFACE`).
    public static func interface(
        index: UInt32, name: String, type: NL80211InterfaceType = .station, mac: [UInt8]? = nil, ssid: [UInt8]? = nil
    ) throws(WiFiError) -> CannedMessage {
        var attributes: [CannedAttribute] = [
            .u32(NL80211Keys.interfaceIndex.number, index),
            .string(NL80211Keys.interfaceName.number, name),
            .u32(NL80211Keys.interfaceType.number, type.rawValue),
        ]
        if let mac { attributes.append(.bytes(NL80211Keys.mac.number, mac)) }
        if let ssid { attributes.append(.bytes(NL80211Keys.ssid.number, ssid)) }
        return try .nl80211(command: NL80211Commands.newInterface, attributes: attributes)
    }

    /// One entry of the GET_SCAN dump (`NL80211_CMD_NEW_SCAN_RESULTS`), its BSS nested in
    /// `NL80211_ATTR_BSS` as the kernel sends it.
    public static func bss(
        interfaceIndex: UInt32, bssid: BSSID, frequencyMHz: UInt32? = 2412, status: NL80211BSSStatus? = nil,
        signalMBM: Int32? = nil, informationElements: [UInt8]? = nil, beaconElements: [UInt8]? = nil
    ) throws(WiFiError) -> CannedMessage {
        var bss: [CannedAttribute] = [.bytes(NL80211Keys.bssid.number, bssid.bytes)]
        if let frequencyMHz { bss.append(.u32(NL80211Keys.frequency.number, frequencyMHz)) }
        if let informationElements { bss.append(.bytes(NL80211Keys.informationElements.number, informationElements)) }
        if let beaconElements { bss.append(.bytes(NL80211Keys.beaconElements.number, beaconElements)) }
        if let signalMBM { bss.append(.s32(NL80211Keys.signalMBM.number, signalMBM)) }
        if let status { bss.append(.u32(NL80211Keys.status.number, status.rawValue)) }
        return try .nl80211(
            command: NL80211Commands.newScanResults,
            attributes: [.u32(NL80211Keys.interfaceIndex.number, interfaceIndex), .nested(NL80211Keys.bss.number, bss)])
    }

    /// The GET_STATION reply (`NL80211_CMD_NEW_STATION`), the signal in `NL80211_ATTR_STA_INFO`.
    public static func station(interfaceIndex: UInt32, mac: BSSID, signalDBm: Int8?) throws(WiFiError) -> CannedMessage
    {
        var info: [CannedAttribute] = []
        if let signalDBm { info.append(.u8(NL80211Keys.stationSignal.number, UInt8(bitPattern: signalDBm))) }
        return try .nl80211(
            command: NL80211Commands.newStation,
            attributes: [
                .u32(NL80211Keys.interfaceIndex.number, interfaceIndex), .bytes(NL80211Keys.mac.number, mac.bytes),
                .nested(NL80211Keys.stationInfo.number, info),
            ])
    }

    /// Information elements (802.11 "id, length, body" records) as a BSS carries them.
    public static func informationElements(_ elements: [(id: UInt8, body: [UInt8])]) -> [UInt8] {
        elements.flatMap { [$0.id, UInt8(truncatingIfNeeded: $0.body.count)] + $0.body }
    }

    /// The message with its last `count` bytes cut off and its length field saying so: the
    /// framing stays valid, the last attribute runs past the end.
    public func truncated(by count: Int) -> CannedMessage {
        var bytes = Array(encoded.dropLast(count))
        if bytes.count >= 4 {
            bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt32($0.count), toByteOffset: 0, as: UInt32.self) }
        }
        return CannedMessage(encoded: bytes, carriesFamilyType: carriesFamilyType)
    }

    /// The message with extra `nlmsg_flags` set.
    func adding(flags: UInt16) -> CannedMessage {
        var bytes = encoded
        if bytes.count >= 8 {
            bytes.withUnsafeMutableBytes { raw in
                let current = raw.loadUnaligned(fromByteOffset: 6, as: UInt16.self)
                raw.storeBytes(of: current | flags, toByteOffset: 6, as: UInt16.self)
            }
        }
        return CannedMessage(encoded: bytes, carriesFamilyType: carriesFamilyType)
    }
}
