import ArgumentParser
import AttendanceCore
import AttendanceStore
import AttendanceWiFi
import Foundation

/// `attendance wifi current`: the link the kiosk is on now, and whether it is allowed.
struct WiFiCurrent: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "current",
        abstract: "Show the WiFi link this machine is on now, and whether punches are allowed from it.",
        discussion: "Exit status: 0 allowed, 1 connected but not allowed, 2 no link or it could not be read.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var link: LinkSourceOptions
    @Option(help: "text or json.") var format: OutputFormat = .text

    struct Listing: Encodable {
        let interface: String
        let ssid: String
        let ssid_hex: String
        let bssid: String
        let frequency_mhz: Int?
        let signal_dbm: Int?
        let source: String
        let allowed: Bool
        let location: String?
        let reason: String?
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let reader = try link.reader(for: configuration)
        let current: WiFiLink
        do {
            current = try reader.currentLink()
        } catch {
            throw CommandFailure(error.description, status: .noWiFi)
        }
        let verdict = try store.allowedNetworks(activeOnly: true).verify(current)
        let location: String?
        if case .allowed(_, let network) = verdict { location = network.location } else { location = nil }
        let listing = Listing(
            interface: current.interface, ssid: current.ssid.escaped,
            ssid_hex: current.ssid.bytes.map { String(format: "%02x", $0) }.joined(),
            bssid: current.bssid.description, frequency_mhz: current.frequencyMHz, signal_dbm: current.signalDBm,
            source: current.source.rawValue, allowed: verdict.isAllowed, location: location,
            reason: verdict.isAllowed ? nil : WiFiWording.refusal(verdict))
        if format == .json {
            context.out.write(try JSONOutput.render(listing))
        } else {
            if current.isSimulated { context.out.line("SIMULATED link (not read from the kernel)") }
            context.out.line("interface  \(listing.interface)")
            context.out.line("SSID       \(current.ssid.isHidden ? "(hidden)" : listing.ssid)")
            context.out.line("BSSID      \(listing.bssid)")
            context.out.line("frequency  \(listing.frequency_mhz.map { "\($0) MHz" } ?? "unknown")")
            context.out.line("signal     \(listing.signal_dbm.map { "\($0) dBm" } ?? "unknown")")
            context.out.line("allowed    \(location.map { "yes — \($0)" } ?? "NO — \(WiFiWording.refusal(verdict))")")
        }
        if !verdict.isAllowed { throw ExitCode(ExitStatus.refused.rawValue) }
    }
}
