import AttendanceCore
import Testing

@testable import AttendanceWeb

/// A refused form's page drawn again: what was typed comes back, escaped, in that form only.
@Suite("Console forms kept after a refusal")
struct KeptFormTests {
    /// How many times `text` stands in `page`.
    private func count(_ text: String, in page: Page) -> Int {
        page.body.components(separatedBy: text).count - 1
    }

    @Test("a refused re-time keeps its time and reason in that punch's form only, escaped")
    func dayPage() async throws {
        let office = try await RequestsPageTests().askedOffice()
        let date = try AttendanceDate(parsing: "2026-11-24")
        let code = try EmployeeCode(parsing: "E001")
        let sent = office.form([
            "action": "retime", "code": "E001", "date": "2026-11-24", "at": "2026-11-24 25:00",
            "reason": "<i>late</i> lunch", "force": "1",
        ])
        let plain = try await office.console.dayPage(office.manager, code: code, date: date)
        let kept = try await KeptForm.$current.withValue(KeptForm(action: "/punches/1/correct", fields: sent)) {
            try await office.console.dayPage(office.manager, code: code, date: date)
        }
        #expect(count("value=\"2026-11-24 25:00\"", in: kept) == 1, "\(kept.body)")
        #expect(count("value=\"&lt;i&gt;late&lt;/i&gt; lunch\"", in: kept) == 1)
        #expect(!kept.body.contains("<i>late"))
        // The void form beside it, and the form that adds a punch, are as they were.
        #expect(count("value=\"2026-11-24 09:00\"", in: plain) == 1)
        #expect(count("value=\"2026-11-24 09:00\"", in: kept) == 0)
        #expect(count("name=\"reason\" value=\"\"", in: kept) == count("name=\"reason\" value=\"\"", in: plain) - 1)
        // A form of another action is not this one: nothing of it comes back.
        let other = try await KeptForm.$current.withValue(KeptForm(action: "/punches/2/correct", fields: sent)) {
            try await office.console.dayPage(office.manager, code: code, date: date)
        }
        #expect(other.body == plain.body)
    }

    @Test("a refused close of a missing mark-out keeps its time and reason; the others keep the suggestion")
    func missingPage() async throws {
        let office = try await RequestsPageTests().askedOffice()
        let sent = office.form(["code": "E001", "in": "1", "at": "2026-11-24 18:70", "reason": "left at six"])
        let kept = try await KeptForm.$current.withValue(KeptForm(action: "/missing/close", fields: sent)) {
            try await office.console.missingPage(office.manager)
        }
        #expect(kept.body.contains("value=\"2026-11-24 18:70\""), "\(kept.body)")
        #expect(kept.body.contains("value=\"left at six\""))
        let elsewhere = office.form(["code": "E001", "in": "7", "at": "2026-11-24 18:70", "reason": "left at six"])
        let plain = try await KeptForm.$current.withValue(KeptForm(action: "/missing/close", fields: elsewhere)) {
            try await office.console.missingPage(office.manager)
        }
        #expect(!plain.body.contains("18:70") && !plain.body.contains("left at six"))
    }
}
