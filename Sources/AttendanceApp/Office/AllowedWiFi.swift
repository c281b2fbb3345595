import AttendanceCore
import AttendanceStore

/// The allowed-WiFi table, for the command line and the web console alike. A revoked entry is
/// kept for the record (punches name the network they were verified against).
public enum AllowedWiFi {
    /// The allowed access points, revoked ones too when `includingRevoked`.
    public static func list(includingRevoked: Bool, store: AttendanceStore) throws(StoreError) -> [AllowedNetwork] {
        try store.allowedNetworks(activeOnly: !includingRevoked)
    }

    /// Allows punches from `network` (a revoked one is allowed again), audited as `actor`.
    public static func allow(
        _ network: AllowedNetwork, actor: String, store: AttendanceStore
    ) throws(StoreError) -> AllowedNetwork {
        try store.allow(network, actor: actor)
    }

    /// Stops allowing punches from the access point `bssid`.
    public static func revoke(_ bssid: BSSID, actor: String, store: AttendanceStore) throws(StoreError) {
        try store.revoke(bssid: bssid, actor: actor)
    }
}
