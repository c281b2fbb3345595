import ArgumentParser
import AttendanceCore
import AttendanceLanguage
import AttendanceWiFi

/// Which WiFi link to read: the configured source, or — only where the configuration itself
/// says `[wifi] source = "simulated"` — another simulated access point named on the command line.
///
/// No flag or environment variable turns a kiosk configured for nl80211 into a simulated one
/// (docs/rules.md, WiFi verification 5): whoever can run `attendance mark` could otherwise
/// punch from anywhere by naming the office's access point.
struct LinkSourceOptions: ParsableArguments {
    @Option(
        help: .tr(
            "Pretend to be on this access point, shown as SIMULATED; only where [wifi] source = \"simulated\".",
            valueName: "SSID@BSSID"))
    var simulateWifi: String?

    @Option(help: .tr("The WiFi interface to read (default: [wifi] interface).", valueName: "name"))
    var interface: InterfaceName?

    /// The reader for `configuration`, with this command line's choices on top.
    func reader(for configuration: Configuration, words: Speech) throws -> any WiFiLinkReading {
        if let simulateWifi {
            guard configuration.wifi.source == .simulated else {
                throw CommandFailure(
                    words.tr(
                        "--simulate-wifi works only where the configuration says [wifi] source = \"simulated\"; this one reads the kernel (nl80211), so nothing was read or recorded"
                    ), status: .usage)
            }
            guard let at = simulateWifi.lastIndex(of: "@") else {
                throw CommandFailure(
                    words.tr("--simulate-wifi takes SSID@BSSID, e.g. OfficeNet@aa:bb:cc:dd:ee:01"), status: .usage)
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
        let name = try interface ?? wifi.interface.map { try InterfaceName(parsing: $0) }
        return NL80211LinkReader(interface: name)
    }
}
