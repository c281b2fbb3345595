import AttendanceCore
import AttendanceStore
import Foundation
import Testing

/// Values this program cannot have written — put there with the sqlite3 tool — are reported,
/// never skipped: a skipped SSID would allow its access point under any network name, a
/// skipped start date would count days before the employee started.
@Suite("Store: records changed by other means")
struct UnreadableRecordTests {
    let folder = TemporaryFolder()

    func store(after sql: String) throws -> AttendanceStore {
        let path = folder.file("s.sqlite")
        let store = try AttendanceStore(path: path)
        _ = try store.addEmployee(
            NewEmployee(code: try EmployeeCode(parsing: "E1"), name: try PersonName(parsing: "Asha Rao")), actor: "t")
        _ = try store.allow(
            AllowedNetwork(
                bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"), ssid: try SSID(parsing: "OfficeNet"), location: "HQ"),
            actor: "t")
        let changed = try run("/usr/bin/sqlite3", [path, sql])
        try #require(changed.status == 0, "\(changed.output)")
        return store
    }

    @Test(
        "an unreadable BSSID, SSID or employee date is an error that names the table and column",
        arguments: [
            ("UPDATE allowed_wifi SET bssid = 'zz:zz:zz:zz:zz:zz'", "bssid in allowed_wifi"),
            (
                "PRAGMA ignore_check_constraints = ON; UPDATE allowed_wifi SET ssid = zeroblob(40)",
                "ssid in allowed_wifi"
            ),
            ("UPDATE employee SET start_date = '2026-13-45'", "start_date in employee"),
            ("UPDATE employee SET shift_start = '25:99'", "shift_start in employee"),
        ])
    func reported(sql: String, names: String) throws {
        let store = try store(after: sql)
        let error = #expect(throws: StoreError.self) {
            _ = try store.allowedNetworks()
            _ = try store.employees()
        }
        #expect(String(describing: error.map { $0 as Any } ?? "").contains(names), "\(String(describing: error))")
    }
}
