import CNetlink

/// How an interface relates to one BSS of its scan results: C `enum nl80211_bss_status`
/// (`NL80211_BSS_STATUS`). Absent for access points the interface merely heard.
public struct NL80211BSSStatus: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `NL80211_BSS_STATUS_AUTHENTICATED`: authenticated but not (yet, or no longer) associated;
    /// a roaming station can be authenticated with several, so this is never "the link".
    public static let authenticated = Self(rawValue: NL80211_BSS_STATUS_AUTHENTICATED.rawValue)
    /// `NL80211_BSS_STATUS_ASSOCIATED`: the access point the interface is on.
    public static let associated = Self(rawValue: NL80211_BSS_STATUS_ASSOCIATED.rawValue)
}
