/// Everything one configuration file says: the policy, where the store lives, how the WiFi link
/// is read, and how the kiosk behaves. Every key is optional; a missing one takes its default.
public struct Configuration: Sendable {
    public var policy: Policy
    public var store = StoreSettings()
    public var wifi = WiFiSettings()
    public var kiosk = KioskSettings()
    /// The file this came from, or nil for the built-in defaults.
    public var file: String?

    /// The built-in defaults, with the policy in `hostZone`.
    public init(hostZone: LocalZone) { policy = Policy(zone: hostZone) }
}

/// `[store]`
public struct StoreSettings: Sendable, Equatable {
    /// An absolute path, or nil to use the default location.
    public var path: String?
    public init() {}
}

/// `[wifi]`
public struct WiFiSettings: Sendable, Equatable {
    public enum Source: String, Sendable, CaseIterable {
        case nl80211, simulated
    }
    public var source = Source.nl80211
    /// A network interface name, or nil for the first associated station interface.
    public var interface: String?
    /// The simulated link, when `source` is `.simulated`.
    public var simulatedSSID: SSID?
    public var simulatedBSSID: BSSID?
    public init() {}
}

/// `[kiosk]`
public struct KioskSettings: Sendable, Equatable {
    public var officeName = "Head Office"
    public var idleSeconds = 20
    public var confirmSeconds = 4
    public var requirePin = false
    /// The manager's exit code, hashed (`attendance kiosk hash-exit-code` prints one); nil: the
    /// kiosk ends only on SIGTERM or SIGHUP.
    public var exitCodeHash: String?
    public init() {}
}
