import AttendanceCore
import AttendanceStore
import Foundation

/// What stops an office from working as its configuration says, found by reading the store beside
/// the configuration: the preflight `attendance config check` runs before a kiosk is turned on.
/// Each finding is a warning, not an error: the office may be half set up on purpose.
public struct OfficeCheck: Sendable, Equatable {
    /// One thing the office lacks.
    public enum Finding: Sendable, Equatable {
        /// `require_pin = true`, and these employees, who may mark today or later, have no PIN:
        /// the kiosk refuses each of them. `codes` holds every one, in code order.
        case employeesWithoutPIN(codes: [EmployeeCode], employed: Int)
        /// No access point is allowed: every punch is refused.
        case noAllowedAccessPoint
        /// The configuration names a zone other than the machine's.
        case zoneDiffers(policy: String, host: String)
        /// `[kiosk] exit_code_hash` is not set: the kiosk ends only when its service is stopped.
        case noExitCode
        /// There is no store at the configured path yet: nothing of it could be checked.
        case noStore(path: String)
        /// The store was made by an older version: a check does not upgrade it, so nothing of it
        /// was checked. The kiosk, or any command that writes, upgrades it.
        case olderStore(path: String)
    }

    public let findings: [Finding]

    public init(findings: [Finding]) { self.findings = findings }

    /// Checks `configuration` against the store at `storePath` and the machine's zone. The store
    /// is only read: a missing one is not made, an older one not upgraded.
    public static func run(
        _ configuration: Configuration, hostZone: LocalZone, storePath: String, now: Date
    ) throws(StoreError) -> OfficeCheck {
        var findings: [Finding] = []
        var store: AttendanceStore?
        if FileAccess.isMissing(storePath) {
            findings.append(.noStore(path: storePath))
        } else {
            do {
                store = try AttendanceStore(readingOnly: storePath)
            } catch .needsUpgrade(let path) {
                findings.append(.olderStore(path: path))
            }
        }
        if let store {
            let today = configuration.policy.attendanceDate(of: now)
            // Someone who left marks no more; someone who starts later will need a PIN by then.
            let employed = try store.employees().filter {
                if case .left = $0.employment(on: today) { return false }
                return true
            }
            if configuration.kiosk.requirePin {
                let missing = employed.filter { !$0.hasPIN }.map(\.code).sorted { $0.rawValue < $1.rawValue }
                if !missing.isEmpty { findings.append(.employeesWithoutPIN(codes: missing, employed: employed.count)) }
            }
            if try store.allowedNetworks(activeOnly: true).isEmpty { findings.append(.noAllowedAccessPoint) }
        }
        let zone = configuration.policy.zone.identifier
        if zone != hostZone.identifier { findings.append(.zoneDiffers(policy: zone, host: hostZone.identifier)) }
        if configuration.kiosk.exitCodeHash == nil { findings.append(.noExitCode) }
        return OfficeCheck(findings: findings)
    }
}
