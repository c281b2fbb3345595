import CNetlink

/// The mode of a WiFi interface: C `enum nl80211_iftype` (`NL80211_ATTR_IFTYPE`).
///
/// Only `.station` can be associated with the office access point; the others appear in error
/// messages, so each has a name a person recognises.
public struct NL80211InterfaceType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `NL80211_IFTYPE_STATION`: a client that joins an access point, the kiosk's mode.
    public static let station = Self(NL80211_IFTYPE_STATION)
    /// `NL80211_IFTYPE_ADHOC`.
    public static let adHoc = Self(NL80211_IFTYPE_ADHOC)
    /// `NL80211_IFTYPE_AP`.
    public static let accessPoint = Self(NL80211_IFTYPE_AP)
    /// `NL80211_IFTYPE_MONITOR`.
    public static let monitor = Self(NL80211_IFTYPE_MONITOR)
    /// `NL80211_IFTYPE_MESH_POINT`.
    public static let meshPoint = Self(NL80211_IFTYPE_MESH_POINT)
    /// `NL80211_IFTYPE_P2P_CLIENT`.
    public static let p2pClient = Self(NL80211_IFTYPE_P2P_CLIENT)
    /// `NL80211_IFTYPE_P2P_DEVICE`: has no network device, so the interface list skips it.
    public static let p2pDevice = Self(NL80211_IFTYPE_P2P_DEVICE)

    private init(_ type: nl80211_iftype) { rawValue = type.rawValue }

    public var description: String {
        switch self {
        case .station: return "station"
        case .adHoc: return "ad-hoc"
        case .accessPoint: return "access point"
        case .monitor: return "monitor"
        case .meshPoint: return "mesh point"
        case .p2pClient: return "P2P client"
        case .p2pDevice: return "P2P device"
        case Self(NL80211_IFTYPE_AP_VLAN): return "AP VLAN"
        case Self(NL80211_IFTYPE_WDS): return "WDS"
        case Self(NL80211_IFTYPE_P2P_GO): return "P2P group owner"
        case Self(NL80211_IFTYPE_OCB): return "OCB"
        case Self(NL80211_IFTYPE_NAN): return "NAN"
        default: return "unknown (type \(rawValue))"
        }
    }
}
