import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceWiFi

/// The errors this product words itself; anything else is ArgumentParser's (help, usage).
public protocol AttendanceError: Error {}

extension CommandFailure: AttendanceError {}
extension CoreError: AttendanceError {}
extension CorrectionError: AttendanceError {}
extension EmploymentError: AttendanceError {}
extension StoreError: AttendanceError {}
extension CentralError: AttendanceError {}
extension WiFiError: AttendanceError {}
extension AppFailure: AttendanceError {}

/// A failure a command reports itself: a message for the person and the exit status.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let status: ExitStatus

    public init(_ message: String, status: ExitStatus = .badInput) {
        self.message = message
        self.status = status
    }

    public var description: String { message }

    /// Any error a command can meet, as a message in `words`' language and a status: every error
    /// type of the modules below is mapped here and nowhere else. Nothing here prints a stack trace
    /// or a raw SQLite code.
    static func from(_ error: any AttendanceError, words: Speech = .english) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        return CommandFailure(words.sentence(for: error), status: status(of: error))
    }

    /// A busy store is "try again"; a bad value, a rule's refusal or a record the command names
    /// that is missing or there already is the input's to mend; a configuration (a password or CA
    /// file that cannot be used too, not the network's fault) is the configuration's; anything
    /// else is the store's, the network's or the WiFi's.
    private static func status(of error: any AttendanceError) -> ExitStatus {
        switch error {
        case let error as AppFailure: return error.kind == .files ? .storeFailure : .badInput
        case is CorrectionError, is EmploymentError: return .badInput
        case is WiFiError: return .noWiFi
        case let error as CoreError:
            if case .configuration = error { return .configuration }
            return .badInput
        case let error as CentralError:
            switch error {
            case .passwordFile, .tls: return .configuration
            default: return .unavailable
            }
        case let error as StoreError:
            if error.isAboutNamedRecord { return .badInput }
            switch error {
            case .busy: return .storeBusy
            case .backupTarget: return .badInput
            default: return .storeFailure
            }
        default: return .badInput
        }
    }
}

extension StringProtocol {
    /// The line cut to at most `limit` characters, ending in "…" when it was cut: an error is
    /// read by a person, and the path or argument it repeats can be a megabyte long.
    func clipped(to limit: Int = 1_000) -> String {
        var end = startIndex
        var count = 0
        while end < endIndex && count < limit {
            formIndex(after: &end)
            count += 1
        }
        return end == endIndex ? String(self) : String(self[..<end]) + "…"
    }
}
