/// The exit statuses of every command, documented in `attendance --help`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// The rules refused the request (a punch refused; the WiFi link is not allowed).
    case refused = 1
    /// No WiFi link, or it could not be read.
    case noWiFi = 2
    /// `mark`: IN refused, already marked in.
    case alreadyIn = 10
    /// `mark`: OUT refused, not marked in today.
    case notIn = 11
    /// `mark`: the same punch was recorded moments ago; nothing new stored.
    case duplicate = 12
    /// `mark`: the WiFi link is not an allowed one.
    case wifiNotAllowed = 13
    /// `mark`: unknown code, or wrong PIN (deliberately the same).
    case unknownCodeOrPIN = 14
    /// `mark`: the code is locked after too many wrong PINs, or must wait before trying again.
    case locked = 15
    /// `mark`: OUT refused, the clock is earlier than the mark-in it would close.
    case clockBehind = 16
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
          10  mark: already marked in          11  mark: not marked in today
          12  mark: already recorded moments ago
          13  mark: the WiFi link is not allowed
          14  mark: unknown code or wrong PIN  15  mark: locked, or wait before retrying
          16  mark: the clock is earlier than the mark-in (ask a manager)
          64  wrong command line
          65  invalid or unknown value (code, date, BSSID, duplicate)
          69  a needed service is missing (e.g. CUPS for printing)
          74  the store could not be read or written (disk full, read-only, damaged)
          75  the store was busy; nothing was saved, try again
          78  the configuration file is wrong
        """
    }
}
