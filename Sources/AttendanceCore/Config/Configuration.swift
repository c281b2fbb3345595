/// Everything one configuration file says: the policy, where the store lives, how the WiFi link
/// is read, and how the kiosk behaves. Every key is optional; a missing one takes its default.
public struct Configuration: Sendable {
    public var policy: Policy
    public var store = StoreSettings()
    public var wifi = WiFiSettings()
    public var kiosk = KioskSettings()
    public var register = RegisterSettings()
    /// `[central]`; nil when the file has no such table (one kiosk, one SQLite file).
    public var central: CentralSettings?
    /// The file this came from, or nil for the built-in defaults.
    public var file: String?

    /// The built-in defaults, with the policy in `hostZone`.
    public init(hostZone: LocalZone) { policy = Policy(zone: hostZone) }
}

/// `[store]`
public struct StoreSettings: Sendable, Equatable {
    /// An absolute path, or nil to use the default location.
    public var path: String?
    public init() {}
}

/// `[wifi]`
public struct WiFiSettings: Sendable, Equatable {
    public enum Source: String, Sendable, CaseIterable {
        case nl80211, simulated
    }
    public var source = Source.nl80211
    /// A network interface name, or nil for the first associated station interface.
    public var interface: String?
    /// The simulated link, when `source` is `.simulated`.
    public var simulatedSSID: SSID?
    public var simulatedBSSID: BSSID?
    public init() {}
}

/// `[kiosk]`
public struct KioskSettings: Sendable, Equatable {
    public var officeName = "Head Office"
    public var idleSeconds = 20
    public var confirmSeconds = 4
    public var requirePin = false
    /// The manager's exit code, hashed (`attendance kiosk hash-exit-code` prints one); nil: the
    /// kiosk ends only on SIGTERM or SIGHUP.
    public var exitCodeHash: String?
    /// The office's language: the idle screen's, and everyone's who has none of their own. Nil:
    /// the locale's (``Language/init(environment:)``), else English.
    public var language: Language?
    public init() {}
}

/// `[register]`: what a register, a summary or an export covers when asked for a payroll period.
public struct RegisterSettings: Sendable, Equatable {
    /// The first day of the payroll period, 1–28; 1 (the default) makes every period a calendar month.
    /// The period `--period 2026-11` selects ends in November: with 26, from 26 October to 25 November.
    public var periodStartDay = 1
    public init() {}

    /// The payroll period named after `month`, the month it ends in.
    public func period(_ month: YearMonth) -> DatePeriod {
        DatePeriod(payrollMonth: month, startDay: periodStartDay)
    }
}

/// `[central]`: the organisation's PostgreSQL store that kiosks sync with.
public struct CentralSettings: Sendable, Equatable {
    /// `postgresql://USER@HOST:PORT/DB` (a password in the URL is refused: use `password_file`).
    public var url: String?
    /// This kiosk's name, unique in the organisation; every record it makes carries it.
    public var kioskID: String?
    /// A file holding the password (first line), readable only by the kiosk's user.
    public var passwordFile: String?
    /// Seconds between the kiosk's background sync rounds.
    public var syncSeconds = 10
    public enum TLSMode: String, Sendable, CaseIterable {
        /// No TLS: a socket folder or loopback only.
        case disable
        /// TLS if the server offers it, without checking its certificate.
        case prefer
        /// TLS, with the server's certificate checked against `ca_file` (or the system's).
        case require
    }
    public var tls = TLSMode.prefer
    /// PEM certificates to trust for the server, instead of the system's.
    public var caFile: String?
    public init() {}
}
