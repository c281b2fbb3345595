/// One row of the allowed-WiFi table: an access point the kiosk may punch from.
public struct AllowedNetwork: Sendable, Hashable {
    public var bssid: BSSID
    /// When set, the link's SSID must equal it byte for byte.
    public var ssid: SSID?
    /// A label people recognise: "HQ ground floor".
    public var location: String
    /// False once revoked; revoked entries are kept for the record but allow nothing.
    public var isActive: Bool

    public init(bssid: BSSID, ssid: SSID?, location: String, isActive: Bool = true) {
        self.bssid = bssid
        self.ssid = ssid
        self.location = location
        self.isActive = isActive
    }
}
