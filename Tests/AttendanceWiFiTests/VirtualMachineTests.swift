import Foundation
import Testing

/// The nl80211 reader and the commands over it against a real Linux kernel: Debian's, under QEMU,
/// with mac80211_hwsim radios carrying hostapd access points and wpa_supplicant stations
/// (``WiFiTestMachine``, `scripts/wifi-vm/`). One boot runs every phase; each test judges one.
///
/// In the machine wlan0 and wlan1 are access points A and B, wlan2 is the kiosk's station and
/// wlan3 a second station. The guest's clock starts at a fixed instant
/// (``WiFiTestMachine/clockBase``) that every process inside shares, so this suite is not in the
/// end-to-end runs that `make test` repeats on other days.
@Suite("The real kernel, in a virtual machine")
struct VirtualMachineTests {
    /// Access points A (wlan0) and B (wlan1), as the machine reported their addresses.
    static func accessPoints(_ machine: WiFiTestMachine) throws -> (a: String, b: String) {
        let both = try machine.record("bssids").out.split(separator: " ").map(String.init)
        try #require(both.count == 2, "bssids: \(both)")
        return (both[0], both[1])
    }

    /// `wifi current --format json` in `json` names the same link `iw dev … link` printed in `iw`.
    static func expectSameLink(
        _ json: WiFiTestMachine.Record, as iw: WiFiTestMachine.Record, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> IWLink {
        let link = try IWLink(iw, sourceLocation: sourceLocation)
        let object = try json.object(sourceLocation: sourceLocation)
        #expect(object["interface"] as? String == link.interface, "\(json)", sourceLocation: sourceLocation)
        #expect(object["ssid"] as? String == link.ssid, "\(json)", sourceLocation: sourceLocation)
        #expect(object["bssid"] as? String == link.bssid, "\(json)", sourceLocation: sourceLocation)
        #expect(object["frequency_mhz"] as? Int == link.frequencyMHz, "\(json)", sourceLocation: sourceLocation)
        #expect(object["signal_dbm"] as? Int == link.signalDBm, "\(json)", sourceLocation: sourceLocation)
        #expect(object["source"] as? String == "nl80211", "\(json)", sourceLocation: sourceLocation)
        return link
    }

    @Test("wifi current reads what iw reads; exit 2 with no link, 1 until wifi allow --current adds it, then 0")
    func current() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, _) = try Self.accessPoints(machine)

        let unassociated = try machine.record("open.unassociated", status: 2)
        #expect(
            unassociated.err == "attendance: no WiFi interface is associated; connect the kiosk to the office network\n"
        )
        #expect(unassociated.out.isEmpty)

        try machine.record("open.joined", status: 0)
        let link = try Self.expectSameLink(
            machine.record("open.current-json", status: 1), as: machine.record("open.iw"))
        #expect(
            link
                == IWLink(
                    bssid: a, interface: "wlan2", ssid: "OfficeNet", frequencyMHz: 2412, signalDBm: link.signalDBm))
        #expect(
            try machine.record("open.current", status: 1).out == """
                interface  wlan2
                SSID       OfficeNet
                BSSID      \(a)
                frequency  2412 MHz
                signal     \(link.signalDBm) dBm
                allowed    NO — not an approved office WiFi, NOT recorded: SSID OfficeNet, BSSID \(a)

                """)

        #expect(try machine.record("open.allow", status: 0).out == "allowed \(a) (OfficeNet) at HQ lobby\n")
        let allowed = try machine.record("open.allowed-json", status: 0).object()
        #expect(allowed["allowed"] as? Bool == true)
        #expect(allowed["location"] as? String == "HQ lobby")
    }

    @Test(
        "mark in stores source nl80211 and the BSSID; after roaming to B mark out exits 13; with no AP, 2; nothing refused is stored"
    )
    func markAndRoam() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, b) = try Self.accessPoints(machine)
        // The guest's clock started where the test set it, whatever today is.
        #expect(try machine.record("clock").out.hasPrefix(String(WiFiTestMachine.clockBase.prefix(15))))
        #expect(try machine.record("open.mark-in", status: 0).out.hasPrefix("IN E001 Asha Rao at "))

        try machine.record("roam.joined", status: 0)
        let roamed = try Self.expectSameLink(
            machine.record("roam.current-json", status: 1), as: machine.record("roam.iw"))
        #expect(roamed.bssid == b && roamed.frequencyMHz == 2437)
        let refused = try machine.record("roam.mark-out", status: 13)
        #expect(refused.err == "attendance: not an approved office WiFi, NOT recorded: SSID OfficeNet, BSSID \(b)\n")

        try machine.record("gone.unlinked", status: 0)
        #expect(
            try machine.record("gone.current", status: 2).err
                == "attendance: no WiFi interface is associated; connect the kiosk to the office network\n")
        #expect(
            try machine.record("gone.mark-out", status: 2).err
                == "attendance: WiFi could not be checked, NOT recorded: no WiFi interface is associated; "
                + "connect the kiosk to the office network\n")

        // After both refusals (and the kiosk's, below), the one punch is the IN on A.
        let punches = try machine.record("gone.punches", status: 0).objects()
        try #require(punches.count == 1, "\(punches)")
        #expect(punches[0]["kind"] as? String == "in")
        #expect(punches[0]["source"] as? String == "nl80211")
        #expect(punches[0]["bssid"] as? String == a)
        #expect(punches[0]["ssid"] as? String == "OfficeNet")
        #expect(punches[0]["location"] as? String == "HQ lobby")
    }

    @Test(
        "the kiosk on a pseudo-terminal turns its WiFi line from approved to not approved when the station roams, and refuses the punch"
    )
    func kioskSeesTheRoam() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, b) = try Self.accessPoints(machine)
        let before = try machine.record("kiosk.allowed", status: 0)
        #expect(before.out.contains("✓ WiFi OfficeNet (\(a)) — HQ lobby"), "\(before)")
        // The roam happened after that screen was read.
        #expect(before.uptime < (try machine.record("roam.joined").uptime))
        let after = try machine.record("kiosk.roamed", status: 0)
        #expect(after.out.contains("✗ WiFi not approved: OfficeNet (\(b))"), "\(after)")
        try machine.record("kiosk.menu", status: 0)
        let refused = try machine.record("kiosk.refused", status: 0)
        #expect(refused.out.contains("✗ WiFi not approved — NOT recorded"), "\(refused)")
        #expect(refused.out.contains("Seen: SSID OfficeNet, BSSID \(b)"), "\(refused)")
        // With the access points gone, the line says there is no link.
        try machine.record("kiosk.gone", status: 0)
    }

    @Test("a WPA2-PSK network (CCMP, with the kernel's ccm and ctr modules) is read like an open one")
    func wpa2() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, _) = try Self.accessPoints(machine)
        // CCMP in mac80211 is the kernel's ccm(aes): the image loads ccm and ctr for it.
        let modules = try machine.record("modules").out.split(separator: "\n").map { $0.split(separator: " ").first }
        #expect(modules.contains("ccm") && modules.contains("ctr"), "\(modules)")
        let joined = try machine.record("wpa2.joined", status: 0)
        for line in ["key_mgmt=WPA2-PSK", "pairwise_cipher=CCMP", "wpa_state=COMPLETED"] {
            #expect(joined.out.contains(line + "\n"), "\(joined)")
        }
        let link = try Self.expectSameLink(
            machine.record("wpa2.current-json", status: 1), as: machine.record("wpa2.iw"))
        #expect(link.bssid == a && link.ssid == "Secure Office" && link.frequencyMHz == 2462)
    }

    @Test("a hidden SSID is read by its real name, as iw reads it, though the access point beacons none")
    func hidden() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, _) = try Self.accessPoints(machine)
        try machine.record("hidden.joined", status: 0)
        let link = try Self.expectSameLink(
            machine.record("hidden.current-json", status: 1), as: machine.record("hidden.iw"))
        #expect(link.ssid == "Back Office")
        // The kernel keeps the beacon, which names no network, beside the probe response that does.
        let scan = try machine.record("hidden.scan", status: 0)
        let beacons = scan.out.components(separatedBy: "BSS \(a)(on wlan2)").filter { $0.hasPrefix("\n") }
        #expect(beacons.contains { $0.contains("\tSSID: \n") }, "no entry of \(a) without a name:\n\(scan)")
    }

    @Test("an SSID that is not UTF-8 is shown escaped as iw shows it, and stored as its bytes")
    func notUTF8() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, _) = try Self.accessPoints(machine)
        try machine.record("latin1.joined", status: 0)
        let link = try IWLink(machine.record("latin1.iw"))
        #expect(link.ssid == #"Caf\xe9-Net"#)
        let current = try machine.record("latin1.current", status: 1)
        #expect(current.out.contains("SSID       Caf\\xe9-Net\nBSSID      \(a)\n"), "\(current)")
        #expect(try machine.record("latin1.allow", status: 0).out == "allowed \(a) (Caf\\xe9-Net) at Cafe\n")
        #expect(try machine.record("latin1.mark-out", status: 0).out.hasPrefix("OUT E001 Asha Rao at "))
        // The allowed entry and the punch keep the bytes, e9 included; nothing refused was stored.
        #expect(
            try machine.record("latin1.stored", status: 0).out == """
                allowed \(a) 436166E92D4E6574
                punch in nl80211 \(a) 4F66666963654E6574
                punch out nl80211 \(a) 436166E92D4E6574

                """)
    }

    @Test("5 GHz: with the regulatory domain set to DE an access point on channel 36 is read at 5180 MHz")
    func fiveGigahertz() throws {
        let machine = try WiFiTestMachine.shared.get()
        #expect(try machine.record("5ghz.reg-get", status: 0).out.contains("country DE"))
        try machine.record("5ghz.ap", status: 0)
        try machine.record("5ghz.joined", status: 0)
        let link = try Self.expectSameLink(
            machine.record("5ghz.current-json", status: 1), as: machine.record("5ghz.iw"))
        #expect(link.frequencyMHz == 5180 && link.ssid == "Office 5")
    }

    @Test(
        "two associated stations and no [wifi] interface: the first the kernel lists (as iw dev does) is read, not the first to join"
    )
    func twoStations() throws {
        let machine = try WiFiTestMachine.shared.get()
        let (a, b) = try Self.accessPoints(machine)
        let wlan2 = try machine.record("two.joined-wlan2", status: 0)
        let wlan3 = try machine.record("two.joined-wlan3", status: 0)
        #expect(wlan2.uptime < wlan3.uptime, "wlan2 joined first")
        // iw dev lists the interfaces in the kernel's order: the newest radio first.
        let listed = try machine.record("two.iw-dev", status: 0).out.split(separator: "\n")
            .compactMap { $0.wholeMatch(of: /\s*Interface (\w+)/).map { String($0.1) } }
        #expect(listed.filter { $0 == "wlan2" || $0 == "wlan3" } == ["wlan3", "wlan2"], "\(listed)")

        let both = try machine.record("two.both", status: 1).object()
        #expect(both["interface"] as? String == "wlan3" && both["bssid"] as? String == a, "\(both)")
        try machine.record("two.wlan3-unlinked", status: 0)
        let one = try machine.record("two.only-wlan2", status: 1).object()
        #expect(one["interface"] as? String == "wlan2" && one["bssid"] as? String == b, "\(one)")
        #expect(
            try machine.record("two.named-wlan3", status: 2).err
                == "attendance: WiFi interface wlan3 is not associated with an access point; connect it to the office network\n"
        )
    }
}
