import AttendanceCore

/// Anything that can say which access point the kiosk is on right now.
///
/// The marking code asks at the moment of each punch (docs/rules.md "WiFi verification"), so an
/// implementation reads afresh on every call and never answers from a cache.
public protocol WiFiLinkReading: Sendable {
    /// The link as it is now, or the reason there is none.
    func currentLink() throws(WiFiError) -> WiFiLink
}
