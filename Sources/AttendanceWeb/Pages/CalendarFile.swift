import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import Foundation
import Hummingbird

extension Console {
    /// `/employees/CODE/calendar.pdf?month=YYYY-MM` and, for every active employee employed that
    /// month, a page each, `/calendars.pdf?month=YYYY-MM`: the calendars to print and sign, the
    /// same document as `attendance calendar CODE|--all --format pdf` writes.
    func calendarFile(_ code: EmployeeCode?, month: YearMonth, paper: RegisterPDF.Paper) async throws -> Response {
        let (configuration, now, words) = (self.configuration, self.now(), self.words)
        let bytes: [UInt8] = try await blocking {
            let employees = try CalendarFiles.employees(code, in: month, store: self.store)
            guard !employees.isEmpty else {
                throw WebFailure.badRequest(
                    words.tr("no one was employed in {period}", ["period": words.monthTitle(month)]))
            }
            let document = try CalendarFiles.pdf(
                month, of: employees, configuration: configuration, now: now, paper: paper, store: self.store,
                words: words)
            return try DocumentBytes.make(document.write(to:)).1
        }
        return attachment(
            bytes, name: (code.map { "calendar-" + $0.rawValue } ?? "calendars") + "-\(month).pdf", type: .pdf)
    }

    /// "Calendars to sign: PDF (A4) · PDF (Letter)", the links to `path` for `month`.
    func calendarLinks(_ path: String, month: YearMonth) -> String {
        let links = [
            "<a href=\"\(path)?month=\(month)\">PDF (A4)</a>",
            "<a href=\"\(path)?month=\(month)&amp;paper=letter\">PDF (Letter)</a>",
        ]
        return words.tr("Calendars to sign:") + " " + links.joined(separator: " · ")
    }
}
