import AttendanceCore
import AttendanceWiFi
import Testing

@Suite("The simulated link")
struct SimulatedLinkSourceTests {
    @Test("a simulated source gives its access point, labelled simulated")
    func simulatedLink() throws {
        let source = SimulatedLinkSource(ssid: try SSID(parsing: "OfficeNet"), bssid: Fixture.office)

        let link = try source.currentLink()

        #expect(
            link
                == WiFiLink(
                    interface: "sim0", ssid: try SSID(parsing: "OfficeNet"), bssid: Fixture.office, source: .simulated))
        #expect(link.isSimulated)
    }
}
