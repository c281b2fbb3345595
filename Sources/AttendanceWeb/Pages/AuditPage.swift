import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

extension Console {
    /// `/audit?employee=CODE&month=YYYY-MM`: who changed what, when (local time) and why.
    func auditPage(_ session: ConsoleSession, employee code: EmployeeCode?, month: YearMonth) async throws -> Page {
        let zone = policy.zone
        let entries = try await blocking {
            if let code { _ = try Reports.employee(code, store: self.store) }
            return try Reports.audit(employee: code, month: month, zone: zone, store: self.store)
        }
        let words = self.words
        // In the words of `attendance audit`: the change, then why and what changed.
        let rows = entries.reversed().map { entry in
            let detail = AuditWording.lines(entry, zone: zone, words: words).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return "<tr><td>\(zone.minuteText(of: entry.at))</td><td>\(entry.actor.escaped)</td>"
                + "<td>\(AuditWording.headline(entry, AuditChange(entry), zone: zone, words: words).escaped)</td>"
                + "<td>\((entry.employeeCode ?? "").escaped)</td>"
                + "<td>\(detail.map { $0.escaped }.joined(separator: "<br>"))</td></tr>"
        }.joined()
        let filter = code.map { "&employee=\($0.rawValue.urlComponent)" } ?? ""
        let form = [
            words.ctr("audit filter", "Month"), words.ctr("audit filter", "Employee"),
            words.ctr("audit filter", "code"),
            words.ctr("audit filter", "Show"),
        ]
        let headings = [
            words.ctr("audit table", "When"), words.ctr("audit table", "Who"), words.ctr("audit table", "What"),
            words.ctr("audit table", "Employee"), words.ctr("audit table", "Details"),
        ].map { "<th>\($0)</th>" }.joined()
        let counted = words.ntr(
            "{n} change in {month}, newest first.", "{n} changes in {month}, newest first.", entries.count,
            ["month": words.monthTitle(month)])
        let table =
            rows.isEmpty
            ? ""
            : "<div class=\"scroll\"><table><thead><tr>\(headings)</tr></thead><tbody>\(rows)</tbody></table></div>"
        let body = """
            <form method="get" action="/audit" class="inline noprint">
            <label>\(form[0]) <input name="month" value="\(month)" placeholder="YYYY-MM"></label>
            <label>\(form[1]) <input name="employee" value="\((code?.rawValue ?? "").escaped)" placeholder="\(form[2])"></label>
            <button type="submit">\(form[3])</button></form>
            <p class="noprint"><a href="/audit?month=\(month.previous)\(filter)">← \(words.monthTitle(month.previous))</a> ·
            <a href="/audit?month=\(month.next)\(filter)">\(words.monthTitle(month.next)) →</a></p>
            <p>\(counted)</p>
            \(table)
            """
        return Page(title: words.ctr("console page", "Audit log"), section: "audit", body: body)
    }
}
