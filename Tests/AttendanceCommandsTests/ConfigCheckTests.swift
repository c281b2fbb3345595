import AttendanceCommands
import AttendanceCore
import AttendanceTestKit
import Foundation
import Testing

@Suite("config check: the office against its configuration")
struct ConfigCheckTests {
    let h = CommandHarness()

    /// The lines after "# configuration OK (…)".
    func officeLines(_ out: String) -> String {
        guard let ok = out.range(of: "# configuration OK (\(h.folder)/none.toml)\n") else { return "(no OK line)" }
        return String(out[ok.upperBound...])
    }

    @Test("employees without a PIN while require_pin, no access point, another zone and no exit code are warnings")
    func warnings() throws {
        h.writeConfig("[policy]\ntimezone = \"Europe/Berlin\"\n\n[kiosk]\nrequire_pin = true\n")
        for number in 1...8 { h.run("employee", "add", "E00\(number)", "--name", "Person \(number)") }
        h.input = ["2468", "2468"]
        #expect(h.run("employee", "set-pin", "E004").status == 0)
        // Someone who has left needs no PIN any more.
        #expect(h.run("employee", "deactivate", "E008").status == 0)

        let result = h.run("config", "check")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(
            officeLines(result.out) == """
                # warning: require_pin = true, but 6 of 7 employees have no PIN (E001, E002, E003, E005, E006 and 1 more): \
                the kiosk refuses each of them; set one with `attendance employee set-pin CODE`
                # warning: no access point is allowed: the kiosk refuses every punch; on the kiosk, run \
                `attendance wifi allow --current --location NAME`
                # warning: [policy] timezone is "Europe/Berlin" but this machine's zone is "Asia/Kolkata": every time is \
                stamped and shown in "Europe/Berlin"; remove timezone from [policy] to use the machine's, or set the \
                machine's (timedatectl set-timezone)
                # warning: no exit code ([kiosk] exit_code_hash): the kiosk ends only when its service is stopped; make \
                one with `attendance kiosk hash-exit-code` and add its line to [kiosk]
                # office: 4 warnings above; the kiosk runs, but not as configured

                """)

        let strict = h.run("config", "check", "--strict")
        #expect(strict.status == 4)
        #expect(strict.out == result.out)
        #expect(strict.err == "attendance: config check --strict: 4 warnings about the office (listed above)\n")
    }

    @Test("an office set up as configured passes, --strict too")
    func ready() throws {
        h.input = ["Exit9000"]
        let exitCode = h.run("kiosk", "hash-exit-code").out
        h.writeConfig("[policy]\ntimezone = \"Asia/Kolkata\"\n\n[kiosk]\nrequire_pin = true\n" + exitCode)
        h.run("employee", "add", "E001", "--name", "Asha Rao")
        h.input = ["2468", "2468"]
        #expect(h.run("employee", "set-pin", "E001").status == 0)
        #expect(h.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ").status == 0)

        let result = h.run("config", "check", "--strict")
        #expect(result.status == 0, "\(result.err)")
        #expect(officeLines(result.out) == "# office OK: ready for the kiosk\n")
    }

    @Test("without a store the check says so and makes none")
    func noStore() {
        h.writeConfig("[kiosk]\nrequire_pin = true\n")
        let result = h.run("config", "check")
        #expect(result.status == 0, "\(result.err)")
        #expect(
            officeLines(result.out) == """
                # warning: no store at \(h.storePath) yet, so its employees and access points were not checked; set \
                the office up with `attendance employee add` and `attendance wifi allow`
                # warning: no exit code ([kiosk] exit_code_hash): the kiosk ends only when its service is stopped; make \
                one with `attendance kiosk hash-exit-code` and add its line to [kiosk]
                # office: 2 warnings above; the kiosk runs, but not as configured

                """)
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
    }

    @Test("a store made by an older version is named and left as it was: a check upgrades nothing")
    func olderStore() throws {
        h.writeConfig("[kiosk]\nrequire_pin = false\n")
        #expect(h.run("employee", "add", "E001", "--name", "Asha Rao").status == 0)
        // The store as the version before the last migration left it (its own tables are not
        // read once the migrations say it is older).
        let last = "SELECT max(identifier) FROM grdb_migrations"
        let removed = try sqlite(last)
        _ = try sqlite("DELETE FROM grdb_migrations WHERE identifier = (\(last))")
        let before = try Data(contentsOf: URL(fileURLWithPath: h.storePath))

        let result = h.run("config", "check")
        #expect(result.status == 0, "\(result.err)")
        #expect(
            officeLines(result.out).hasPrefix(
                """
                # warning: the store at \(h.storePath) was made by an older version, which a check does not upgrade, so \
                its employees and access points were not checked; the kiosk upgrades it when it starts, as does any \
                command that writes

                """), "\(result.out)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: h.storePath)) == before)
        #expect(try sqlite(last) != removed)
    }

    /// One query through Debian's sqlite3 tool, on the harness's store.
    func sqlite(_ query: String) throws -> String {
        try ChildProcess.run("/usr/bin/sqlite3", [h.storePath, query], environment: [:]).outputText
    }

    @Test("the installed example configuration leaves the zone to the machine")
    func exampleZone() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let example = try String(contentsOf: root.appendingPathComponent("config/attendance.toml"), encoding: .utf8)
        h.writeConfig(example.replacingOccurrences(of: "/var/lib/attendance/attendance.sqlite", with: h.storePath))
        let result = h.run("config", "check")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("timezone = \"Asia/Kolkata\"\n"))
        #expect(!result.out.contains("# warning: [policy] timezone"))
    }
}
