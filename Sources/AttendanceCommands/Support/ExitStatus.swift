/// The exit statuses of every command, documented in `attendance --help`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// The rules refused the request (a punch refused; the WiFi link is not allowed).
    case refused = 1
    /// No WiFi link, or it could not be read.
    case noWiFi = 2
    /// The command line was wrong.
    case usage = 64
    /// A value given was invalid, or names nothing (an unknown code, a duplicate).
    case badInput = 65
    /// A service the command needs is missing (printing).
    case unavailable = 69
    /// The store could not be read or written (disk full, read-only, damaged).
    case storeFailure = 74
    /// The store stayed busy past its timeout; trying again later may work.
    case storeBusy = 75
    /// The configuration file is wrong.
    case configuration = 78

    /// One line per status for `--help`.
    static var helpText: String {
        """
        EXIT STATUS
          0   success
          1   refused by the rules (e.g. already marked in; WiFi not allowed)
          2   no WiFi link, or the link could not be read
          64  wrong command line
          65  invalid or unknown value (code, date, BSSID, duplicate)
          69  a needed service is missing (e.g. CUPS for printing)
          74  the store could not be read or written (disk full, read-only, damaged)
          75  the store was busy; nothing was saved, try again
          78  the configuration file is wrong
        """
    }
}
