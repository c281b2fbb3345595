import AttendanceApp
import AttendanceCore
import AttendanceStore
import Foundation
import Testing

@testable import AttendanceWeb

/// The console's `/requests` page: the corrections employees asked for at the kiosk, against a
/// real SQLite store on Wednesday 2026-11-25 at 10:00 UTC.
@Suite("Console requests page")
struct RequestsPageTests {
    typealias Office = AdministrationPagesTests.Office

    /// E001 marked in on Tuesday 24 at 09:00 and never out, then asked: "I left at 18:00".
    func askedOffice(reason: String = "<b>forgot</b> & left") async throws -> Office {
        let office = try Office()
        _ = try await office.console.addEmployee(
            office.form(["code": "E001", "name": "Asha Rao", "start": "2026-11-02"]), office.manager)
        let employee = try #require(try office.employee("E001"))
        let zone = LocalZone(identifier: "UTC")!
        let instant = try zone.instant(parsingLocal: "2026-11-24 09:00")
        let policy = Policy(zone: zone)
        let attempt = PunchAttempt(
            employeeID: employee.id, kind: .in, instant: instant, zone: "UTC", source: .simulated,
            ssid: try SSID(parsing: "OfficeNet"), bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"), location: "HQ")
        _ = try office.store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
            policy.decide(.in, at: instant, recent: $0)
        }
        _ = try AskedCorrections.ask(
            employee, date: try AttendanceDate(parsing: "2026-11-24"), leftAt: try WallClockTime(parsing: "18:00"),
            reason: reason, policy: policy, now: office.now, store: office.store)
        return office
    }

    @Test("waiting requests are listed escaped; a manager gets approve and refuse forms with the token, a viewer none")
    func listing() async throws {
        let office = try await askedOffice()
        let managerPage = try await office.console.requestsPage(office.manager)
        #expect(managerPage.body.contains("<td>2026-11-24</td>") && managerPage.body.contains("<td>18:00</td>"))
        #expect(managerPage.body.contains("&lt;b&gt;forgot&lt;/b&gt; &amp; left"), "\(managerPage.body)")
        #expect(!managerPage.body.contains("<b>forgot"))
        #expect(managerPage.body.contains("<form method=\"post\" action=\"/requests/approve\""))
        #expect(managerPage.body.contains("<form method=\"post\" action=\"/requests/refuse\""))
        #expect(managerPage.body.contains(office.manager.csrf))
        let viewerPage = try await office.console.requestsPage(office.viewer)
        #expect(viewerPage.body.contains("&lt;b&gt;forgot&lt;/b&gt; &amp; left"))
        #expect(!viewerPage.body.contains("<form method=\"post\""), "a viewer is offered a form")
        // The navigation and the missing mark-outs page lead here.
        let missing = try await office.console.missingPage(office.manager)
        #expect(missing.body.contains("<a href=\"/requests\">"))
        #expect(missing.body.contains("<tr><td>2026-11-24</td>"), "\(missing.body)")
        #expect(Layout(office: "HQ", session: office.viewer).render(viewerPage).contains("<a href=\"/requests\""))
    }

    @Test("approving makes the correction as NAME via web and empties the list; refusing needs a reason")
    func answering() async throws {
        let office = try await askedOffice(reason: "forgot to mark out")
        let refused = await AdministrationPagesTests().refusal {
            try await office.console.refuseRequest(office.form(["id": "1", "reason": " "]), office.manager)
        }
        #expect(refused?.status == .badRequest)
        let page = try await office.console.approveRequest(office.form(["id": "1", "note": "ok"]), office.manager)
        #expect(page.body.contains("Approved: Asha Rao OUT at 2026-11-24 18:00. 2026-11-24 is now"), "\(page.body)")
        #expect(page.body.contains("No requests are waiting."))
        let corrections = try office.audit().filter { $0.actor == "boss via web" && $0.entity == "punch" }
        #expect(corrections.count == 1 && corrections.first?.reason == "asked at the kiosk: forgot to mark out")
        let again = await AdministrationPagesTests().refusal {
            try await office.console.refuseRequest(office.form(["id": "1", "reason": "too late"]), office.manager)
        }
        #expect(again?.status == .badRequest && again?.message.contains("approved already") == true)
    }
}
