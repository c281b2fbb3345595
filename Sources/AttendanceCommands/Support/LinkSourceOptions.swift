import ArgumentParser
import AttendanceCore
import AttendanceWiFi

/// Which WiFi link to read: the configured source, or one given on the command line.
struct LinkSourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Pretend to be on this access point (demos and tests); shown as SIMULATED.", valueName: "SSID@BSSID"))
    var simulateWifi: String?

    @Option(help: ArgumentHelp("The WiFi interface to read (default: [wifi] interface).", valueName: "name"))
    var interface: String?

    /// The reader for `configuration`, with this command line's choices on top.
    func reader(for configuration: Configuration) throws -> any WiFiLinkReading {
        if let simulateWifi {
            guard let at = simulateWifi.lastIndex(of: "@") else {
                throw CommandFailure("--simulate-wifi takes SSID@BSSID, e.g. OfficeNet@aa:bb:cc:dd:ee:01", status: .usage)
            }
            return SimulatedLinkSource(
                ssid: try SSID(parsing: String(simulateWifi[..<at])),
                bssid: try BSSID(parsing: String(simulateWifi[simulateWifi.index(after: at)...])))
        }
        let wifi = configuration.wifi
        if wifi.source == .simulated, let bssid = wifi.simulatedBSSID {
            let ssid = try wifi.simulatedSSID ?? SSID(bytes: [])
            return SimulatedLinkSource(ssid: ssid, bssid: bssid)
        }
        let name = try (interface ?? wifi.interface).map { try InterfaceName(parsing: $0) }
        return NL80211LinkReader(interface: name)
    }
}
