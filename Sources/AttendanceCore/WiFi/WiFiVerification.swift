/// The verdict on one WiFi link against the allowed table (docs/rules.md "WiFi verification").
public enum WiFiVerdict: Sendable, Hashable {
    /// The link matches an active entry; the punch records this entry's location.
    case allowed(WiFiLink, AllowedNetwork)
    /// The BSSID is allowed but under another SSID: someone may be imitating the office network.
    case ssidMismatch(WiFiLink, expected: SSID)
    /// No active entry has this BSSID.
    case notAllowed(WiFiLink)

    public var isAllowed: Bool {
        if case .allowed = self { return true }
        return false
    }

    public var link: WiFiLink {
        switch self {
        case .allowed(let link, _), .ssidMismatch(let link, _), .notAllowed(let link): link
        }
    }
}

extension Array where Element == AllowedNetwork {
    /// Checks `link` against this table: allowed when its BSSID equals an active entry's BSSID
    /// and, when that entry names an SSID, its SSID equals that one byte for byte.
    public func verify(_ link: WiFiLink) -> WiFiVerdict {
        let candidates = filter { $0.isActive && $0.bssid == link.bssid }
        if let match = candidates.first(where: { $0.ssid == nil || $0.ssid == link.ssid }) {
            return .allowed(link, match)
        }
        if let expected = candidates.compactMap(\.ssid).first {
            return .ssidMismatch(link, expected: expected)
        }
        return .notAllowed(link)
    }
}
