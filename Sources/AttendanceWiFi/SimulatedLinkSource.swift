import AttendanceCore

/// A pretend link for demos and tests (`[wifi] source = "simulated"` or `--simulate-wifi`).
///
/// Its links carry `source = .simulated`, so every screen that shows one can label it SIMULATED
/// and every punch verified against one records that it was.
public struct SimulatedLinkSource: WiFiLinkReading {
    public let ssid: SSID
    public let bssid: BSSID
    /// The interface name shown with the link; "sim0" unless the demo names one.
    public let interface: String

    /// A source that always reports `ssid` at `bssid`.
    public init(ssid: SSID, bssid: BSSID, interface: String = "sim0") {
        self.ssid = ssid
        self.bssid = bssid
        self.interface = interface
    }

    /// Always the configured access point; a simulated link is never missing.
    public func currentLink() throws(WiFiError) -> WiFiLink {
        WiFiLink(interface: interface, ssid: ssid, bssid: bssid, source: .simulated)
    }
}
