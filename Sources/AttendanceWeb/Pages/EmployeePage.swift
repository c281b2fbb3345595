import AttendanceApp
import AttendanceCore

extension Console {
    /// `/employees/CODE?month=YYYY-MM`: one employee's month as a colour calendar, its figures
    /// and its flagged days.
    func employeePage(_ session: ConsoleSession, code: EmployeeCode, month: YearMonth) async throws -> Page {
        let (policy, now) = (self.policy, self.now())
        let (employee, evaluation) = try await blocking {
            let employee = try Reports.employee(code, store: self.store)
            return (employee, try Reports.month(month, of: employee, policy: policy, now: now, store: self.store))
        }
        let link = "/employees/\(employee.code.rawValue.urlComponent)"
        let weekStart = policy.weekStarts
        let order = Weekday.mondayFirst.drop { $0 != weekStart } + Weekday.mondayFirst.prefix { $0 != weekStart }
        var cells = Array(repeating: "<td></td>", count: order.firstIndex(of: month.firstDay.weekday) ?? 0)
        for day in evaluation.days {
            let label = day.code.isEmpty ? "&nbsp;" : day.code.escaped
            let times =
                [day.firstIn, day.lastOut].compactMap { $0.map { policy.zone.clockText(of: $0) } }.joined(
                    separator: "–")
            cells.append(
                "<td class=\"\(statusClass(day.status))\"><a href=\"\(link)/days/\(day.date)\">"
                    + "<span class=\"date\">\(day.date.day)</span>\(label)</a>"
                    + (times.isEmpty ? "" : "<br><small>\(times)</small>") + "</td>")
        }
        var weeks = ""
        for start in stride(from: 0, to: cells.count, by: 7) {
            weeks += "<tr>" + cells[start..<min(start + 7, cells.count)].joined() + "</tr>"
        }
        let summary = evaluation.summary
        let flagged = evaluation.flaggedDays.map { day in
            "<li><a href=\"\(link)/days/\(day.date)\">\(day.date)</a>: \(day.status.name.escaped)"
                + (day.flags.isEmpty ? "" : " — " + day.flags.description.escaped) + "</li>"
        }.joined()
        let body = """
            <p>\(employee.code.rawValue.escaped)\(employee.isActive ? "" : " · no longer employed")</p>
            <p class="noprint"><a href="\(link)?month=\(month.previous)">← \(month.previous.title)</a> ·
            <a href="\(link)?month=\(month.next)">\(month.next.title) →</a></p>
            <table class="calendar"><thead><tr>\(order.map { "<th>\($0.shortName)</th>" }.joined())</tr></thead>
            <tbody>\(weeks)</tbody></table>
            \(legend())
            <table class="figures"><tr><th>Days present</th><td>\(summary.presentDaysText)</td></tr>
            <tr><th>Late</th><td>\(summary.countText(.late))</td></tr><tr><th>Half days</th><td>\(summary.countText(.halfDay))</td></tr>
            <tr><th>Absent</th><td>\(summary.countText(.absent))</td></tr><tr><th>Leave</th><td>\(summary.countText(.leave))</td></tr>
            <tr><th>Missing mark-outs</th><td>\(summary.countText(.missing))</td></tr><tr><th>Hours</th><td>\(summary.workedHoursText)</td></tr></table>
            <h2>Flagged days</h2>\(flagged.isEmpty ? "<p>None.</p>" : "<ul>\(flagged)</ul>")
            """
        return Page(title: "\(employee.name.rawValue) — \(month.title)", section: "employees", body: body)
    }
}
