import AttendanceLanguage
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
    /// these words are written; `words` translates them for the help of another language.
    func meaning(_ words: Speech) -> String {
        (command.map { $0 + ": " } ?? "") + what(words)
    }

    /// The command a status is only given by, named before its meaning ("mark: …") in every
    /// language: a command's name is not translated.
    private var command: String? {
        switch self {
        case .refused: "wifi current"
        case .historyChanged: "store verify"
        case .officeWarnings: "config check --strict"
        case .alreadyIn, .notIn, .duplicate, .wifiNotAllowed, .unknownCodeOrPIN, .locked, .clockBehind: "mark"
        default: nil
        }
    }

    /// What the status means, without the command it belongs to.
    private func what(_ words: Speech) -> String {
        switch self {
        case .success: words.ctr("exit status", "success")
        case .refused: words.ctr("exit status", "this link is not an allowed office WiFi")
        case .noWiFi: words.ctr("exit status", "no WiFi link, or the link could not be read")
        case .historyChanged: words.ctr("exit status", "the history was changed outside this program")
        case .officeWarnings: words.ctr("exit status", "the office is not ready (warnings listed)")
        case .alreadyIn: words.ctr("exit status", "already marked in")
        case .notIn: words.ctr("exit status", "not marked in today")
        case .duplicate: words.ctr("exit status", "already recorded moments ago")
        case .wifiNotAllowed: words.ctr("exit status", "the WiFi link is not allowed")
        case .unknownCodeOrPIN: words.ctr("exit status", "unknown code or wrong PIN")
        case .locked: words.ctr("exit status", "locked, or wait before retrying")
        case .clockBehind: words.ctr("exit status", "the clock is earlier than the mark-in (ask a manager)")
        case .usage: words.ctr("exit status", "wrong command line")
        case .badInput: words.ctr("exit status", "invalid or unknown value (code, date, BSSID, duplicate)")
        case .unavailable:
            words.ctr("exit status", "a needed service is missing or unreachable (CUPS; the central store)")
        case .outputFailure:
            words.ctr("exit status", "the output could not be written (disk full); the command itself was done")
        case .storeFailure:
            words.ctr("exit status", "the store could not be read or written (disk full, read-only, damaged)")
        case .storeBusy: words.ctr("exit status", "the store was busy; nothing was saved, try again")
        case .configuration: words.ctr("exit status", "the configuration file is wrong")
        }
    }

    /// One line per status for `--help` (and, word for word, the README).
    public static var helpText: String { helpText(.english) }

    /// The statuses in `words`' language, for `attendance --help` in the reader's language.
    public static func helpText(_ words: Speech) -> String {
        words.ctr("help heading", "EXIT STATUS") + "\n"
            + allCases.map {
                "  " + String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning(words)
            }
            .joined(separator: "\n")
    }

    /// The statuses of `attendance mark`, for its help.
    static func markText(_ words: Speech) -> String {
        let mark: [ExitStatus] = [
            .success, .alreadyIn, .notIn, .duplicate, .wifiNotAllowed, .noWiFi, .unknownCodeOrPIN, .locked,
            .clockBehind, .outputFailure, .storeFailure, .storeBusy,
        ]
        return mark.map { "\($0.rawValue) \($0.what(words))" }
            .joined(separator: ", ")
    }
}
