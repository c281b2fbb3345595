import Foundation
import Testing

/// What `iw dev IFACE link` says of a connected station.
struct IWLink: Equatable {
    var bssid: String
    var interface: String
    var ssid: String
    var frequencyMHz: Int
    var signalDBm: Int
}

extension IWLink {
    /// The link in `record`'s output, which must start "Connected to BSSID (on IFACE)".
    init(_ record: WiFiTestMachine.Record, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = record.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let header = try #require(
            lines.first?.wholeMatch(of: /Connected to ([0-9a-f:]{17}) \(on (\w+)\)/),
            "iw says the station is not connected: \(record)", sourceLocation: sourceLocation)
        let value = { (key: String) in
            lines.first { $0.hasPrefix(key + ": ") }.map { String($0.dropFirst(key.count + 2)) }
        }
        bssid = String(header.1)
        interface = String(header.2)
        ssid = try #require(value("SSID"), "no SSID in \(record)", sourceLocation: sourceLocation)
        let frequency = try #require(
            value("freq").flatMap(Double.init), "no freq in \(record)", sourceLocation: sourceLocation)
        frequencyMHz = Int(frequency)
        let signal = try #require(
            value("signal").flatMap { Int($0.replacingOccurrences(of: " dBm", with: "")) }, "no signal in \(record)",
            sourceLocation: sourceLocation)
        signalDBm = signal
    }
}
