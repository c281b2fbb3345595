import AttendanceCore
import AttendanceStore
import Foundation

/// A benchmark that cannot run on this machine as it is set up (a central store it needs is not
/// given). A whole run lists it as skipped, with what it needs; named on the command line, it fails.
struct BenchSkipped: Error, CustomStringConvertible {
    let description: String
}

/// Why a benchmark could not produce its figure.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    var milliseconds: Double { seconds * 1000 }
}

/// The office the benchmarks of the real program run in: a simulated link on the office's access
/// point, which is allowed, and employees to mark.
enum BenchOffice {
    static let bssid = "aa:bb:cc:dd:ee:01"

    /// Writes the configuration: `zone`, the duplicate window at 0 s (so IN and OUT can follow
    /// each other at once), the simulated link; then `extra` tables.
    static func writeConfiguration(to path: String, zone: LocalZone, extra: String = "") throws {
        let text = """
            [policy]
            timezone = "\(zone.identifier)"
            duplicate_punch_seconds = 0
            [wifi]
            source = "simulated"
            ssid = "OfficeNet"
            bssid = "\(bssid)"

            """
        try Data((text + extra).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Makes the store at `path` with `employees` employees coded `code`1, `code`2, … and named
    /// `name` 1, `name` 2, …, and the office's access point allowed: the codes.
    static func seed(store path: String, employees: Int, code: String, name: String) throws -> [String] {
        let store = try AttendanceStore(path: path)
        var codes: [String] = []
        for number in 1...employees {
            _ = try store.addEmployee(
                NewEmployee(
                    code: try EmployeeCode(parsing: code + String(number)),
                    name: try PersonName(parsing: "\(name) \(number)")),
                actor: "bench")
            codes.append(code + String(number))
        }
        _ = try store.allow(
            AllowedNetwork(
                bssid: try BSSID(parsing: bssid), ssid: try SSID(parsing: "OfficeNet"), location: "HQ lobby"),
            actor: "bench")
        return codes
    }
}
