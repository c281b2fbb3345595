import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import AttendanceWiFi
import Foundation

/// `attendance wifi current`: the link the kiosk is on now, and whether it is allowed.
struct WiFiCurrent: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "current", Phrase("Show the WiFi link this machine is on now, and whether punches are allowed from it."),
            discussion: Phrase(
                "Exit status: 0 allowed, 1 connected but not allowed, 2 no link or it could not be read."))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var link: LinkSourceOptions
    @Option(help: .tr("text or json.")) var format: DocumentFormat = .text

    /// The link and its verdict, as `--format json` writes them (one object).
    static let listing = Listing<(link: WiFiLink, verdict: WiFiVerdict)>([
        .init("interface") { .text($0.link.interface) },
        .init("ssid") { .text($0.link.ssid.escaped) },
        .init("ssid_hex") { .text($0.link.ssid.bytes.map { String(format: "%02x", $0) }.joined()) },
        .init("bssid") { .text($0.link.bssid.description) },
        .init("frequency_mhz") { .integer($0.link.frequencyMHz.map(Int64.init)) },
        .init("signal_dbm") { .integer($0.link.signalDBm.map(Int64.init)) },
        .init("source") { .text($0.link.source.rawValue) },
        .init("allowed") { .bool($0.verdict.isAllowed) },
        .init("location") { .text(location(of: $0.verdict)) },
        .init("reason") { .text($0.verdict.isAllowed ? nil : WiFiWording.refusal($0.verdict)) },
    ])

    /// The allowed entry's location, nil when the link is not allowed.
    static func location(of verdict: WiFiVerdict) -> String? {
        if case .allowed(_, let network) = verdict { return network.location }
        return nil
    }

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let reader = try link.reader(for: configuration, words: context.words)
        let current: WiFiLink
        do {
            current = try reader.currentLink()
        } catch {
            throw CommandFailure(error.worded(context.words), status: .noWiFi)
        }
        // Shows the link while an office is set up, before any store exists (the step before
        // `wifi allow`): with no store nothing is allowed yet, and none is created.
        let isCentral = global.storeArgument(in: context).map(CentralAddress.names) ?? false
        let path = global.storePath(configuration: configuration, in: context)
        let allowed =
            isCentral || FileManager.default.fileExists(atPath: path)
            ? try global.open(in: context).1.allowedNetworks(activeOnly: true) : []
        let verdict = allowed.verify(current)
        if format == .json {
            context.out.write(try JSONOutput.render(Self.listing.object((current, verdict))))
        } else {
            let words = context.words
            if current.isSimulated { context.out.line(words.tr("SIMULATED link (not read from the kernel)")) }
            let unknown = words.tr("unknown")
            context.out.line(words.tr("interface  {value}", ["value": current.interface]))
            context.out.line(
                words.tr(
                    "SSID       {value}", ["value": current.ssid.isHidden ? words.tr("(hidden)") : current.ssid.escaped]
                ))
            context.out.line(words.tr("BSSID      {value}", ["value": "\(current.bssid)"]))
            context.out.line(
                words.tr("frequency  {value}", ["value": current.frequencyMHz.map { "\($0) MHz" } ?? unknown]))
            context.out.line(
                words.tr("signal     {value}", ["value": current.signalDBm.map { "\($0) dBm" } ?? unknown]))
            context.out.line(
                Self.location(of: verdict).map { words.tr("allowed    yes — {location}", ["location": $0]) }
                    ?? words.tr("allowed    NO — {reason}", ["reason": WiFiWording.refusal(verdict, words)]))
        }
        if !verdict.isAllowed { throw ExitCode(ExitStatus.refused.rawValue) }
    }
}
