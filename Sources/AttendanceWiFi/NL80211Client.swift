import AttendanceCore

/// The three nl80211 questions the reader asks, over one session: a table of requests in the
/// manner of iw, each turned into Swift records.
package struct NL80211Client {
    private let session: NetlinkSession
    private let family: UInt16

    /// Opens a session (to the kernel or a peer in its place) and looks nl80211 up.
    package init(transport: NL80211LinkReader.Transport) throws(WiFiError) {
        switch transport {
        case .kernel: session = try NetlinkSession(peer: nil)
        case .peer(let makePeer): session = try NetlinkSession(peer: makePeer())
        }
        family = try session.resolveNL80211()
    }

    /// The WiFi interfaces that have a network device, in the kernel's order.
    func interfaces() throws(WiFiError) -> [InterfaceRecord] {
        let request = NetlinkRequest(
            command: NL80211Commands.getInterface, isDump: true, attributes: [], action: "list the WiFi interfaces")
        var records: [InterfaceRecord] = []
        for message in try session.perform(request, family: family).messages {
            do {
                if let record = try InterfaceRecord(message) { records.append(record) }
            } catch {
                throw .malformedReply(action: request.action, detail: error.detail)
            }
        }
        return records
    }

    /// Every BSS the interface knows, the associated one among them.
    func scanResults(of interface: InterfaceRecord) throws(WiFiError) -> [BSSRecord] {
        try scanResults(for: Self.scanRequest(index: interface.index, name: interface.name))
    }

    package static func scanRequest(index: UInt32, name: String) -> NetlinkRequest {
        NetlinkRequest(
            command: NL80211Commands.getScan, isDump: true, attributes: [.u32(NL80211Keys.interfaceIndex, index)],
            action: "read the scan results of \(name)")
    }

    /// The GET_SCAN dump of `request`, parsed; shared with the benchmark so it times this code.
    package func scanResults(for request: NetlinkRequest) throws(WiFiError) -> [BSSRecord] {
        let messages = try session.perform(request, family: family).messages
        var records: [BSSRecord] = []
        records.reserveCapacity(messages.count)
        for message in messages {
            do {
                records.append(try BSSRecord(message))
            } catch {
                throw .malformedReply(action: request.action, detail: error.detail)
            }
        }
        return records
    }

    /// The signal the interface hears from `bssid`, or nil when the kernel has no station entry.
    ///
    /// A refusal here is not the punch's business: the signal is shown, never checked, so the
    /// caller falls back to the scan's figure instead of failing the reading.
    func stationSignal(of interface: InterfaceRecord, bssid: BSSID) throws(WiFiError) -> Int? {
        let request = NetlinkRequest(
            command: NL80211Commands.getStation, isDump: false,
            attributes: [.u32(NL80211Keys.interfaceIndex, interface.index), .bytes(NL80211Keys.mac, bssid.bytes)],
            action: "read the signal of \(interface.name)'s access point")
        let messages: [NetlinkAttributes]
        do {
            messages = try session.perform(request, family: family).messages
        } catch .kernelError {
            return nil
        }
        for message in messages {
            do {
                if let signal = try StationRecord(message).signalDBm { return signal }
            } catch {
                throw .malformedReply(action: request.action, detail: error.detail)
            }
        }
        return nil
    }
}
