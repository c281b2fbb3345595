/// The access point a WiFi interface is associated with, as read at one moment.
public struct WiFiLink: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        case nl80211
        case simulated
    }

    public var interface: String
    public var ssid: SSID
    public var bssid: BSSID
    /// Centre frequency in MHz, when known.
    public var frequencyMHz: Int?
    /// Signal strength in dBm (negative), when known.
    public var signalDBm: Int?
    public var source: Source

    public init(
        interface: String, ssid: SSID, bssid: BSSID, frequencyMHz: Int? = nil, signalDBm: Int? = nil,
        source: Source
    ) {
        self.interface = interface
        self.ssid = ssid
        self.bssid = bssid
        self.frequencyMHz = frequencyMHz
        self.signalDBm = signalDBm
        self.source = source
    }

    public var isSimulated: Bool { source == .simulated }
}
