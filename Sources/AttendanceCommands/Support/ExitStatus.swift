import Foundation

/// The exit statuses of every command, documented in `attendance --help`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// `wifi current`: the link is not an allowed one. (A refused mark has its own status, 10–16;
    /// a refused correction is 65, a value the rules do not accept.)
    case refused = 1
    /// No WiFi link, or it could not be read.
    case noWiFi = 2
    /// `store verify`: the history was changed, removed or added to outside the program.
    case historyChanged = 3
    /// `config check --strict`: the configuration is valid, but the office is not ready for it
    /// (employees without the PIN it requires, no allowed access point, …).
    case officeWarnings = 4
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
    /// A service the command needs is missing (printing) or cannot be reached (the central store).
    case unavailable = 69
    /// The output could not be written (a full disk, a device error); the command's work itself
    /// (a punch, a change) was done.
    case outputFailure = 73
    /// The store could not be read or written (disk full, read-only, damaged).
    case storeFailure = 74
    /// The store stayed busy past its timeout; trying again later may work.
    case storeBusy = 75
    /// The configuration file is wrong.
    case configuration = 78

    /// What the status means, as `attendance --help` and the README list it: the one place
    /// these words are written.
    var meaning: String {
        switch self {
        case .success: "success"
        case .refused: "wifi current: this link is not an allowed office WiFi"
        case .noWiFi: "no WiFi link, or the link could not be read"
        case .historyChanged: "store verify: the history was changed outside this program"
        case .officeWarnings: "config check --strict: the office is not ready (warnings listed)"
        case .alreadyIn: "mark: already marked in"
        case .notIn: "mark: not marked in today"
        case .duplicate: "mark: already recorded moments ago"
        case .wifiNotAllowed: "mark: the WiFi link is not allowed"
        case .unknownCodeOrPIN: "mark: unknown code or wrong PIN"
        case .locked: "mark: locked, or wait before retrying"
        case .clockBehind: "mark: the clock is earlier than the mark-in (ask a manager)"
        case .usage: "wrong command line"
        case .badInput: "invalid or unknown value (code, date, BSSID, duplicate)"
        case .unavailable: "a needed service is missing or unreachable (CUPS; the central store)"
        case .outputFailure: "the output could not be written (disk full); the command itself was done"
        case .storeFailure: "the store could not be read or written (disk full, read-only, damaged)"
        case .storeBusy: "the store was busy; nothing was saved, try again"
        case .configuration: "the configuration file is wrong"
        }
    }

    /// One line per status for `--help` (and, word for word, the README).
    public static var helpText: String {
        "EXIT STATUS\n"
            + allCases.map { "  " + String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning }
            .joined(separator: "\n")
    }

    /// The statuses of `attendance mark`, for its help.
    static var markText: String {
        let mark: [ExitStatus] = [
            .success, .alreadyIn, .notIn, .duplicate, .wifiNotAllowed, .noWiFi, .unknownCodeOrPIN, .locked,
            .clockBehind, .outputFailure, .storeFailure, .storeBusy,
        ]
        return mark.map { "\($0.rawValue) \($0.meaning.replacingOccurrences(of: "mark: ", with: ""))" }
            .joined(separator: ", ")
    }
}
