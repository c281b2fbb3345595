import AttendanceApp
import AttendanceCentral
import AttendanceCore
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

    /// Any error a command can meet, as a message and a status: every error type of the
    /// modules below is mapped here and nowhere else. Nothing here prints a stack trace or a raw
    /// SQLite code.
    static func from(_ error: any AttendanceError) -> CommandFailure {
        switch error {
        case let failure as CommandFailure:
            return failure
        case let error as AppFailure:
            return CommandFailure(error.message, status: error.kind == .files ? .storeFailure : .badInput)
        case let error as CorrectionError:
            return CommandFailure(error.description, status: .badInput)
        case let error as EmploymentError:
            return CommandFailure(error.description, status: .badInput)
        case let error as WiFiError:
            return CommandFailure(error.description, status: .noWiFi)
        case let error as CoreError:
            if case .configuration = error { return CommandFailure(error.description, status: .configuration) }
            return CommandFailure(error.description, status: .badInput)
        case let error as CentralError:
            switch error {
            // A password or CA file that cannot be used is the configuration's to mend, not the network's.
            case .passwordFile, .tls: return CommandFailure(error.description, status: .configuration)
            default: return CommandFailure(error.description, status: .unavailable)
            }
        case let error as StoreError:
            switch error {
            case .busy: return CommandFailure(error.description, status: .storeBusy)
            case .backupTarget: return CommandFailure(error.description, status: .badInput)
            case .duplicateEmployee, .unknownEmployee, .duplicateManager, .unknownManager, .unknownNetwork,
                .duplicateHoliday, .unknownHoliday, .noHolidays,
                .duplicateLeave, .unknownLeave, .unknownRequest, .requestAnswered:
                return CommandFailure(error.description, status: .badInput)
            default: return CommandFailure(error.description, status: .storeFailure)
            }
        default:
            return CommandFailure(String(describing: error), status: .badInput)
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
