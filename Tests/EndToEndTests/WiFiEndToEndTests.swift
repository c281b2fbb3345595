import Foundation
import Testing

@Suite("WiFi commands, end to end")
struct WiFiEndToEndTests {
    @Test("wifi current on this kernel: the plain nl80211 message, exit 2, within a second")
    func currentWithoutWireless() throws {
        // Machines with a wireless stack answer differently; this is about kernels without one.
        try #require(!FileManager.default.fileExists(atPath: "/sys/class/ieee80211"))
        let s = Sandbox()
        let result = try s.run("wifi", "current")
        #expect(result.status == 2)
        #expect(result.err == "attendance: this machine's kernel has no WiFi (nl80211) support\n")
        #expect(result.out.isEmpty)
        #expect(result.seconds < 1.0, "took \(result.seconds) s")
    }

    @Test("mark through nl80211 on this kernel refuses the punch and records nothing")
    func markWithoutWireless() throws {
        try #require(!FileManager.default.fileExists(atPath: "/sys/class/ieee80211"))
        let s = Sandbox()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        let result = try s.run("mark", "in", "E001")
        #expect(result.status == 2)
        #expect(
            result.err
                == "attendance: WiFi could not be checked, NOT recorded: this machine's kernel has no WiFi (nl80211) support\n"
        )
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    /// A sandbox whose configuration uses the simulated source, which --simulate-wifi needs.
    static func simulated() -> Sandbox {
        Sandbox(config: "[wifi]\nsource = \"simulated\"\nssid = \"Elsewhere\"\nbssid = \"02:00:00:00:00:99\"\n")
    }

    @Test("wifi current with a simulated link: labelled SIMULATED; exit 1 until allowed, then 0")
    func currentSimulated() throws {
        let s = Self.simulated()
        let link = ["--simulate-wifi", "Office Net@AA-BB-CC-DD-EE-01"]
        var result = try Executable.run(["wifi", "current"] + link, environment: s.environment)
        #expect(result.status == 1)
        #expect(
            result.out == """
                SIMULATED link (not read from the kernel)
                interface  sim0
                SSID       Office Net
                BSSID      aa:bb:cc:dd:ee:01
                frequency  unknown
                signal     unknown
                allowed    NO — not an approved office WiFi, NOT recorded: SSID Office Net, BSSID aa:bb:cc:dd:ee:01 [SIMULATED]

                """)
        result = try Executable.run(
            ["wifi", "allow", "--current", "--location", "HQ"] + link, environment: s.environment)
        #expect(result.status == 0)
        #expect(result.out == "note: the current link is SIMULATED\nallowed aa:bb:cc:dd:ee:01 (Office Net) at HQ\n")
        result = try Executable.run(["wifi", "current", "--format", "json"] + link, environment: s.environment)
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(json?["allowed"] as? Bool == true)
        #expect(json?["location"] as? String == "HQ")
        #expect(json?["source"] as? String == "simulated")
        #expect(json?["ssid_hex"] as? String == "4f6666696365204e6574")
    }

    @Test("the same BSSID under another SSID is not allowed, and says which SSID it needs")
    func ssidMismatch() throws {
        let s = Self.simulated()
        _ = try s.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--ssid", "OfficeNet", "--location", "HQ")
        let result = try Executable.run(
            ["wifi", "current", "--simulate-wifi", "EvilTwin@aa:bb:cc:dd:ee:01"], environment: s.environment)
        #expect(result.status == 1)
        #expect(result.out.contains("(this BSSID is approved only with SSID OfficeNet)"))
    }

    @Test("a punch records the SSID, BSSID, location and source it was verified against")
    func punchRecordsEvidence() throws {
        let s = Self.simulated()
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        _ = try s.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--location", "HQ lobby")
        let result = try Executable.run(
            ["mark", "in", "E001", "--simulate-wifi", "Caf\\xe9@aa:bb:cc:dd:ee:01"], environment: s.environment)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("(HQ lobby [SIMULATED WiFi])"))
        #expect(
            try s.sqlite("SELECT hex(ssid), bssid, location, source FROM punch")
                == "436166E9|aa:bb:cc:dd:ee:01|HQ lobby|simulated\n")
    }

    @Test("--simulate-wifi without an @ is a usage error")
    func badSimulation() throws {
        let s = Self.simulated()
        let result = try Executable.run(
            ["wifi", "current", "--simulate-wifi", "OfficeNet"], environment: s.environment)
        #expect(result.status == 64)
        #expect(result.err == "attendance: --simulate-wifi takes SSID@BSSID, e.g. OfficeNet@aa:bb:cc:dd:ee:01\n")
    }

    @Test("--simulate-wifi on an nl80211 configuration is refused: no flag makes a real kiosk simulated")
    func noBypass() throws {
        let s = Sandbox(config: "[wifi]\nsource = \"nl80211\"\n")
        _ = try s.run("employee", "add", "E001", "--name", "Asha")
        _ = try s.run("wifi", "allow", "--bssid", "aa:bb:cc:dd:ee:01", "--ssid", "OfficeNet", "--location", "HQ")
        for command in [
            ["mark", "in", "E001"], ["wifi", "current"], ["wifi", "allow", "--current", "--location", "X"],
        ] {
            let result = try Executable.run(
                command + ["--simulate-wifi", "OfficeNet@aa:bb:cc:dd:ee:01"], environment: s.environment)
            #expect(result.status == 64, "\(command): \(result.err)")
            #expect(result.err.contains("--simulate-wifi works only where the configuration says"), "\(result.err)")
        }
        #expect(try s.sqlite("SELECT count(*) FROM punch; SELECT count(*) FROM allowed_wifi") == "0\n1\n")
    }

    @Test(
        "a punch on a simulated link, and one a manager entered, are marked in the register, the calendar and their CSV and JSON"
    )
    func simulatedAndManualMarked() throws {
        let s = Self.simulated()
        _ = try s.run("employee", "add", "E001", "--name", "Asha", "--start-date", ScenarioClock.day(-7))
        _ = try s.run("employee", "add", "E002", "--name", "Bo", "--start-date", ScenarioClock.day(-7))
        _ = try s.run("wifi", "allow", "--bssid", "02:00:00:00:00:99", "--location", "HQ")
        #expect(try s.run("mark", "in", "E001").status == 0)
        let added = try s.run(
            "punch", "add", "E002", "--at", ScenarioClock.typed(day: 0, time: "09:00"), "--kind", "in", "--reason",
            "forgot")
        #expect(added.status == 0, "\(added.err)")
        let day = String(ScenarioClock.weekday(0).day)
        let month = ScenarioClock.month()

        let text = try s.run("register", "--month", month).out
        #expect(text.contains("Punches on SIMULATED WiFi: E001 \(day)\n"), "\(text)")
        #expect(text.contains("Corrected by a manager (punches added, voided or re-timed): E002 \(day)\n"), "\(text)")
        let csv = try s.run("register", "--month", month, "--format", "csv").out.components(separatedBy: "\r\n")
            .filter { !$0.isEmpty }
        #expect(csv.first?.hasSuffix(",hours,simulated_wifi_days,corrected_days,imported_days") == true)
        #expect(csv.count == 3 && csv[1].hasSuffix(",\(day),,") && csv[2].hasSuffix(",,\(day),"), "\(csv)")
        let json = try s.run("register", "--month", month, "--format", "json").out
        let employees =
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["employees"]
            as? [[String: Any]]
        #expect(employees?.first?["simulated_wifi_dates"] as? [String] == [ScenarioClock.day(0)])
        #expect(employees?.last?["corrected_dates"] as? [String] == [ScenarioClock.day(0)])

        // A calendar's day lists each punch's source; its JSON marks the date.
        let detail = try s.run("calendar", "E001", "--day", ScenarioClock.day(0)).out
        #expect(detail.contains("SIMULATED"), "\(detail)")
        let calendar = try s.run("calendar", "E001", "--month", month, "--format", "json").out
        let days =
            (try JSONSerialization.jsonObject(with: Data(calendar.utf8)) as? [String: Any])?["days"] as? [[String: Any]]
        #expect(
            days?.filter { $0["simulated_wifi"] as? Bool == true }.map { $0["date"] as? String } == [
                ScenarioClock.day(0)
            ])
    }
}
