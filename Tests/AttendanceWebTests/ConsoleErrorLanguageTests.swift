import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation
import Testing

@testable import AttendanceWeb

/// A refusal from below reads in the language the request is answered in.
@Suite("Console refusals in the request's language")
struct ConsoleErrorLanguageTests {
    let catalog = Catalog(
        directory: ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/locale").path)

    @Test("a code taken already, asked in French: the store's refusal in French, still a 400")
    func duplicateInFrench() async throws {
        let office = try AdministrationPagesTests.Office()
        let form = office.form(["code": "E042", "name": "Asha Rao"])
        _ = try await office.console.addEmployee(form, office.manager)
        let french = Speech(.french, catalog: catalog)
        let failure = await Console.$words.withValue(french) {
            await AdministrationPagesTests().refusal { try await office.console.addEmployee(form, office.manager) }
        }
        #expect(failure?.status == .badRequest)
        #expect(failure?.message == "un employé avec le code E042 existe déjà")
    }

    @Test("each kind of refusal from below is worded in Spanish, with the status it has in English")
    func refusalsInSpanish() {
        let spanish = Speech(.spanish, catalog: catalog)
        let errors: [any Error] = [
            StoreError.unknownEmployee("E404"), StoreError.diskFull, CorrectionError.reasonRequired,
            EmploymentError.alreadyDeactivated(code: try! EmployeeCode(parsing: "E1"), lastDate: nil),
            CoreError.invalidValue(what: Phrase("date"), value: "x", expected: Phrase("YYYY-MM-DD")),
        ]
        for error in errors {
            let english = WebFailure.from(error)
            let translated = Console.$words.withValue(spanish) { WebFailure.from(error) }
            #expect(english.status == translated.status)
            #expect(english.message == String(describing: error))
            #expect(translated.message != english.message && !translated.message.isEmpty)
        }
        let unknown = Console.$words.withValue(spanish) { WebFailure.from(StoreError.unknownEmployee("E404")) }
        #expect(unknown.message == "ningún empleado tiene el código \"E404\"")
    }
}
