import AttendanceCore

/// Reads the kiosk's WiFi link from the kernel over nl80211, the way `iw dev IFACE link` does.
///
/// Each call opens its own netlink socket, asks GET_INTERFACE (which interfaces), GET_SCAN
/// (which BSS is associated, its BSSID, frequency and SSID) and GET_STATION (the signal), and
/// closes it again: sockets are not shared between threads, and a punch needs the link as it
/// is now. No receive waits longer than one second.
public struct NL80211LinkReader: WiFiLinkReading {
    /// Where the netlink conversation goes.
    package enum Transport: Sendable {
        /// The running kernel, through a generic netlink socket.
        case kernel
        /// A peer in the kernel's place, through the same libnl pipeline; a fresh one for every
        /// reading (tests and benchmarks).
        case peer(@Sendable () -> any NetlinkPeer)
    }

    /// The interface to read (`[wifi] interface`), or nil for the first associated station.
    public let interface: InterfaceName?
    /// The kernel, or a peer in its place.
    package let transport: Transport

    /// A reader of the running kernel.
    public init(interface: InterfaceName?) {
        self.init(interface: interface, transport: .kernel)
    }

    /// A reader over `transport`.
    package init(interface: InterfaceName?, transport: Transport) {
        self.interface = interface
        self.transport = transport
    }

    /// The link of the configured interface, or of the first associated station interface.
    public func currentLink() throws(WiFiError) -> WiFiLink {
        let client = try NL80211Client(transport: transport)
        let interfaces = try client.interfaces()
        for candidate in try candidates(among: interfaces) {
            let bsses = try client.scanResults(of: candidate)
            // AUTHENTICATED entries are access points a roaming station has merely talked to.
            guard let bss = bsses.first(where: { $0.status == .associated }) else { continue }
            let ssid = try Self.ssid(of: bss, on: candidate)
            let signal = try client.stationSignal(of: candidate, bssid: bss.bssid) ?? bss.signalDBm
            return WiFiLink(
                interface: candidate.name, ssid: ssid, bssid: bss.bssid, frequencyMHz: bss.frequencyMHz,
                signalDBm: signal, source: .nl80211)
        }
        throw .notAssociated(interface: interface?.rawValue)
    }

    // MARK: - Choosing the interface

    /// The configured interface when it is a station; otherwise every station, in kernel order:
    /// the order `iw dev` prints, the most recently added radio first (the WiFi test machine,
    /// `VirtualMachineTests`, checks it). Not the order of association.
    private func candidates(among interfaces: [InterfaceRecord]) throws(WiFiError) -> [InterfaceRecord] {
        guard let wanted = interface else {
            guard !interfaces.isEmpty else { throw .noWirelessInterface }
            return interfaces.filter { $0.type == .station }
        }
        guard let match = interfaces.first(where: { $0.name == wanted.rawValue }) else {
            throw .interfaceNotFound(wanted, available: interfaces.map(\.name))
        }
        guard match.type == .station else { throw .notAStation(wanted, mode: match.type) }
        return [match]
    }

    // MARK: - The SSID

    /// The BSS's SSID cross-checked with the interface's. A hidden network beacons an empty or
    /// NUL-filled SSID while the association knows the real one, so a hidden name gives way to
    /// a visible one; two different visible names mean the link changed while being read.
    private static func ssid(of bss: BSSRecord, on interface: InterfaceRecord) throws(WiFiError) -> SSID {
        let fromElements: SSID?
        switch bss.ssid {
        case .success(let ssid): fromElements = ssid
        case .failure(let error):
            throw .malformedReply(action: "read the scan results of \(interface.name)", detail: error.detail)
        }
        switch (fromElements, interface.ssid) {
        case (nil, nil):
            throw .malformedReply(
                action: "read the scan results of \(interface.name)",
                detail: "BSS \(bss.bssid) carries no SSID element and the interface reports no SSID")
        case (let ssid?, nil), (nil, let ssid?):
            return ssid
        case (let scanned?, let connected?):
            if scanned == connected || connected.isHidden { return scanned }
            if scanned.isHidden { return connected }
            throw .inconsistentLink(
                interface: interface.name,
                detail: "the access point \(bss.bssid) announces \(scanned.escaped.quotedForMessage) "
                    + "but the interface reports \(connected.escaped.quotedForMessage)")
        }
    }
}
