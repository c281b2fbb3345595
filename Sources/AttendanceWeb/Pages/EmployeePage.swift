import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal

extension Console {
    /// `/employees/CODE?month=YYYY-MM`: one employee's month as a colour calendar, its figures
    /// and its flagged days.
    func employeePage(_ session: ConsoleSession, code: EmployeeCode, month: YearMonth) async throws -> Page {
        let (policy, now, words) = (self.policy, self.now(), self.words)
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
        // As the terminal's calendar and the PDF list them: the date's code in its colour, then
        // its flags in words ("late by 17 min"), never the status named twice.
        let flagged = evaluation.flaggedDays.map { day in
            "<li><a href=\"\(link)/days/\(day.date)\">\(day.date)</a> "
                + "<span class=\"code \(statusClass(day.status))\">\(day.code.escaped)</span> "
                + CalendarView.flagWords(day, words).escaped + "</li>"
        }.joined()
        let figures = [
            (words.ctr("employee figures", "Days present"), summary.presentDaysText),
            (words.ctr("employee figures", "Late"), summary.countText(.late)),
            (words.ctr("employee figures", "Half days"), summary.countText(.halfDay)),
            (words.ctr("employee figures", "Absent"), summary.countText(.absent)),
            (words.ctr("employee figures", "Leave"), summary.countText(.leave)),
            (words.ctr("employee figures", "Missing mark-outs"), summary.countText(.missing)),
            (words.ctr("employee figures", "Hours"), words.decimal(summary.workedHoursText)),
        ].map { "<tr><th>\($0)</th><td>\($1)</td></tr>" }.joined()
        let left = employee.isActive ? "" : " · " + words.tr("no longer employed")
        let (before, after) = (words.monthTitle(month.previous), words.monthTitle(month.next))
        let flaggedTitle = words.tr("Flagged days")
        let none = words.ctr("no flagged day", "None.")
        let body = """
            <p>\(employee.code.rawValue.escaped)\(left)</p>
            <p class="noprint"><a href="\(link)?month=\(month.previous)">← \(before)</a> ·
            <a href="\(link)?month=\(month.next)">\(after) →</a></p>
            <p class="noprint downloads">\(calendarLinks(link + "/calendar.pdf", month: month))</p>
            <table class="calendar"><thead><tr>\(order.map { "<th>\(words.shortWeekdayName($0))</th>" }.joined())</tr></thead>
            <tbody>\(weeks)</tbody></table>
            \(legend())
            <table class="figures">\(figures)</table>
            <h2>\(flaggedTitle)</h2>\(flagged.isEmpty ? "<p>\(none)</p>" : "<ul class=\"flagged\">\(flagged)</ul>")
            """
        return Page(title: "\(employee.name.rawValue) — \(words.monthTitle(month))", section: "employees", body: body)
    }
}
