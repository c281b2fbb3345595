import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import AttendanceWiFi

/// `attendance wifi`
struct WiFiCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "wifi", Phrase("The allowed-WiFi table, and the link the kiosk is on."),
            subcommands: [WiFiCurrent.self, WiFiAllow.self, WiFiList.self, WiFiRevoke.self])
    }
}

/// An allowed network as listings and JSON show it; the text table's words in `words`' language.
enum AllowedNetworkListing {
    static func listing(_ words: Speech) -> Listing<AllowedNetwork> {
        Listing<AllowedNetwork>([
            .init("bssid", header: ColumnHeader.ctr("column header", "BSSID")) { .text($0.bssid.description) },
            .init(
                "ssid", header: ColumnHeader.ctr("column header", "SSID"),
                cell: { $0.ssid?.escaped ?? words.ctr("any SSID", "(any)") }
            ) {
                .text($0.ssid?.escaped)
            },
            .init("location", header: ColumnHeader.ctr("column header", "LOCATION")) { .text($0.location) },
            .init(
                "active", header: ColumnHeader.ctr("column header", "STATE"),
                cell: {
                    $0.isActive ? words.ctr("an access point", "allowed") : words.ctr("an access point", "revoked")
                }
            ) { .bool($0.isActive) },
        ])
    }
}

/// `attendance wifi allow --bssid B [--ssid S] --location L`
struct WiFiAllow: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "allow", Phrase("Allow punches from an access point."),
            discussion: Phrase(
                "The BSSID may be written with ':', '-', '.' or no separators, in any case. With --ssid, the link's network name must also match byte for byte; write a non-text byte as \\xNN."
            ))
    }

    @OptionGroup var change: ChangeOptions
    @Option(help: .tr("The access point's BSSID, e.g. aa:bb:cc:dd:ee:01.")) var bssid: BSSID?
    @Option(help: .tr("The network name it must also have.")) var ssid: SSID?
    @Flag(help: .tr("Allow the access point this machine is on now (its BSSID and SSID).")) var current = false
    @OptionGroup var link: LinkSourceOptions
    @Option(help: .tr("A label people recognise, e.g. \"HQ ground floor\".")) var location: LocationText

    func validate() throws {
        let words = CommandWords.locale
        guard current != (bssid != nil) else {
            throw ValidationError(words.tr("give either --bssid (with an optional --ssid) or --current"))
        }
        guard !(current && ssid != nil) else {
            throw ValidationError(words.tr("--current takes the SSID from the link; leave out --ssid"))
        }
    }

    func run(in context: Context) throws {
        let (configuration, store, actor) = try change.open(in: context, creating: true)
        let words = context.words
        let location = location.rawValue
        let network: AllowedNetwork
        if let bssid {
            network = AllowedNetwork(bssid: bssid, ssid: ssid, location: location)
        } else {
            // validate() allows no BSSID only with --current.
            let link: WiFiLink
            do {
                link = try self.link.reader(for: configuration, words: words).currentLink()
            } catch let error as WiFiError {
                throw CommandFailure(
                    words.tr("cannot read the current link: {reason}", ["reason": words.sentence(for: error)]),
                    status: .noWiFi)
            }
            network = AllowedNetwork(bssid: link.bssid, ssid: link.ssid.isHidden ? nil : link.ssid, location: location)
            if link.isSimulated { context.out.line(words.tr("note: the current link is SIMULATED")) }
        }
        let allowed = try AllowedWiFi.allow(network, actor: actor, store: store)
        let values = ["bssid": "\(allowed.bssid)", "location": allowed.location]
        context.out.line(
            allowed.ssid.map {
                words.tr("allowed {bssid} ({ssid}) at {location}", values.merging(["ssid": $0.escaped]) { $1 })
            } ?? words.tr("allowed {bssid} at {location}", values))
    }
}

/// `attendance wifi list`
struct WiFiList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List the allowed access points."))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text
    @Flag(help: .tr("Include revoked entries.")) var all = false

    func run(in context: Context) throws {
        let (_, store) = try global.open(in: context)
        try AllowedNetworkListing.listing(context.words).write(
            try AllowedWiFi.list(includingRevoked: all, store: store), as: format, to: context,
            empty: context.words.tr("no access points allowed yet; add one with `attendance wifi allow`"))
    }
}

/// `attendance wifi revoke BSSID`
struct WiFiRevoke: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("revoke", Phrase("Stop allowing punches from an access point (kept for the record)."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The access point's BSSID.")) var bssid: BSSID

    func run(in context: Context) throws {
        let (_, store, actor) = try change.open(in: context)
        try AllowedWiFi.revoke(bssid, actor: actor, store: store)
        context.out.line(context.words.tr("revoked {bssid}", ["bssid": "\(bssid)"]))
    }
}
