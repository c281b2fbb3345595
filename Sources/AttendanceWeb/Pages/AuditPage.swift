import AttendanceApp
import AttendanceCore
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
        // In the words of `attendance audit`: the change, then why and what changed.
        let rows = entries.reversed().map { entry in
            let detail = AuditWording.lines(entry, zone: zone).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return "<tr><td>\(zone.minuteText(of: entry.at))</td><td>\(entry.actor.escaped)</td>"
                + "<td>\(AuditWording.headline(entry, AuditChange(entry), zone: zone).escaped)</td>"
                + "<td>\((entry.employeeCode ?? "").escaped)</td>"
                + "<td>\(detail.map { $0.escaped }.joined(separator: "<br>"))</td></tr>"
        }.joined()
        let filter = code.map { "&employee=\($0.rawValue.urlComponent)" } ?? ""
        let body = """
            <form method="get" action="/audit" class="inline noprint">
            <label>Month <input name="month" value="\(month)" placeholder="YYYY-MM"></label>
            <label>Employee <input name="employee" value="\((code?.rawValue ?? "").escaped)" placeholder="code"></label>
            <button type="submit">Show</button></form>
            <p class="noprint"><a href="/audit?month=\(month.previous)\(filter)">← \(month.previous.title)</a> ·
            <a href="/audit?month=\(month.next)\(filter)">\(month.next.title) →</a></p>
            <p>\(entries.count) change\(entries.count == 1 ? "" : "s") in \(month.title), newest first.</p>
            \(rows.isEmpty ? "" : "<div class=\"scroll\"><table><thead><tr><th>When</th><th>Who</th><th>What</th><th>Employee</th><th>Details</th></tr></thead><tbody>\(rows)</tbody></table></div>")
            """
        return Page(title: "Audit log", section: "audit", body: body)
    }
}
