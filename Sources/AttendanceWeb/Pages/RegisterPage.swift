import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceTerminal
import Foundation
import Hummingbird

extension Console {
    /// `/register?month=YYYY-MM` (or `from`/`to`, `period`, and `department`): the period's colour
    /// grid, one row per employee, each cell linking to its day, with the period's figures.
    func registerPage(_ session: ConsoleSession, choice: RegisterChoice) async throws -> Page {
        let (policy, now, words) = (self.policy, self.now(), self.words)
        // The grid is made on the work queue too: for 2,000 employees it is megabytes of HTML.
        let (count, grid, leaveTypes, departments) = try await blocking {
            let register = try self.register(choice, policy: policy, now: now)
            return (
                register.rows.count, Self.grid(register, choice: choice, policy: policy, words: words),
                register.shownLeaveTypes, try Reports.departments(store: self.store)
            )
        }
        let shownMonth = choice.month ?? choice.period.first.yearMonth
        let form = periodForm(
            "/register",
            field: "<label>" + words.ctr("period form", "Month")
                + " <input type=\"month\" name=\"month\" value=\"\(shownMonth)\" placeholder=\"YYYY-MM\" required></label>",
            department: choice.department, departments: departments)
        let around =
            choice.month.map { named in
                let (before, after) = (named.previous, named.next)
                return """
                    <p class="noprint"><a href="/register?\(choice.query(month: before))">← \(words.monthTitle(before))</a> ·
                    <a href="/register?\(choice.query(month: after))">\(words.monthTitle(after)) →</a></p>
                    """
            } ?? ""
        let query = choice.query
        let title =
            (choice.month.map(words.monthTitle) ?? choice.period.title)
            + (choice.department.map { " — " + $0.rawValue } ?? "")
        let counted = words.ntr("{n} employee", "{n} employees", count)
        let asOf = words.tr("as of {time}", ["time": policy.zone.minuteText(of: now)])
        let downloads = [
            "<a href=\"/register.pdf?\(query)\">PDF (A4)</a>",
            "<a href=\"/register.pdf?\(query)&amp;paper=letter\">PDF (Letter)</a>",
            "<a href=\"/register.xlsx?\(query)\">" + words.tr("Spreadsheet") + "</a>",
            "<a href=\"/register.csv?\(query)\">CSV</a>",
        ]
        let download = words.tr("Download:")
        // Everyone's calendar of a whole month, a page each; a department's are printed from its people's pages.
        let calendars =
            choice.month.flatMap { month in
                choice.department == nil
                    ? "<p class=\"noprint downloads\">" + calendarLinks("/calendars.pdf", month: month) + "</p>" : nil
            } ?? ""
        let body = """
            \(form)
            \(around)
            <p>\(title.escaped) · \(counted) · \(asOf)</p>
            <p class="noprint downloads">\(download) \(downloads.joined(separator: " · "))</p>
            \(calendars)
            <div class="scroll">\(grid)</div>
            \(legend(leaveTypes: leaveTypes))
            """
        return Page(
            title: words.tr("Register — {period}", ["period": title]), section: "register", body: body)
    }

    /// The register as one table: a column per date (days off shaded), a row per employee, each
    /// cell its status's colour and code linking to that day, then the period's figures.
    static func grid(_ register: MonthRegister, choice: RegisterChoice, policy: Policy, words: Speech) -> String {
        let dates = choice.period.dates
        let month = choice.period.first.yearMonth
        var head = "<tr><th>" + words.tr("Code") + "</th><th>" + words.ctr("sign-in form", "Name") + "</th>"
        let holidays = Set(register.rows.flatMap { $0.days.filter { $0.status == .holiday }.map(\.date) })
        let holiday = " — " + words.tr("holiday")
        for date in dates {
            let off = !policy.isWorkingDay(date) || holidays.contains(date)
            head +=
                "<th class=\"day\(off ? " off" : "")\" "
                + "title=\"\(words.weekdayName(date.weekday)) \(date)\(holidays.contains(date) ? holiday : "")\">"
                + "\(date.day)<br>\(words.weekdayInitials(date.weekday))</th>"
        }
        let figures = [
            words.ctr("register column, at most 4 letters", "Days"), "L", "HD", "A", "LV", "M",
            words.ctr("register column, at most 6 letters", "Hours"), words.ctr("register column", "Late"),
            words.ctr("register column", "Early"),
        ]
        head += figures.map { "<th>\($0)</th>" }.joined() + "</tr>"
        // About 62,000 cells for 2,000 employees: each status's opening tag and words and each
        // date's text are made once for the whole grid, and a cell is a few appends of them.
        let opening = Dictionary(
            uniqueKeysWithValues: DayStatus.allCases.map { ($0, "<td class=\"cell \(statusClass($0))\"><a href=\"") })
        let statusNames = Dictionary(
            uniqueKeysWithValues: DayStatus.allCases.map { ($0, ": " + $0.legendName(words).escaped) })
        let dateTexts = dates.map(\.description)
        var rows = "<table class=\"grid\"><thead>" + head + "</thead><tbody>"
        rows.reserveCapacity(register.rows.count * dates.count * 110)
        for row in register.rows {
            let code = row.employee.code.rawValue
            let employee = "/employees/" + code.urlComponent
            let days = employee + "/days/"
            rows += "<tr><td>" + code.escaped + "</td><td><a href=\"" + employee + "?month=" + month.description
            rows += "\">" + row.employee.name.rawValue.escaped + "</a></td>"
            for (index, day) in row.days.enumerated() {
                let date = index < dateTexts.count && dates[index] == day.date ? dateTexts[index] : day.date.description
                rows += opening[day.status] ?? ""
                rows += days
                rows += date
                rows += "\" title=\""
                rows += date
                rows += statusNames[day.status] ?? ""
                if !day.flags.isEmpty { rows += "; " + day.flags.described(words).escaped }
                rows += "\">"
                rows += day.code.isEmpty ? "&nbsp;" : day.code.escaped
                rows += "</a></td>"
            }
            let summary = row.summary
            rows.append(
                "<td>\(summary.presentDaysText)</td><td>\(summary.countText(.late))</td>"
                    + "<td>\(summary.countText(.halfDay))</td><td>\(summary.countText(.absent))</td>"
                    + "<td>\(summary.countText(.leave))</td><td>\(summary.countText(.missing))</td>"
                    + "<td>\(words.decimal(summary.workedHoursText))</td><td>\(summary.lateCount)</td>"
                    + "<td>\(summary.earlyExitCount)</td></tr>"
            )
        }
        return rows + "</tbody></table>"
    }

    /// The register `choice` names; a department no employee is in is refused with the ones there are.
    func register(_ choice: RegisterChoice, policy: Policy, now: Date) throws -> MonthRegister {
        let only = try choice.department.map { try Reports.department($0, store: store) }
        return try Reports.register(choice.period, policy: policy, now: now, store: store, department: only)
    }

    /// The status codes and their colours, then the codes of the leave types other than annual
    /// that `leaveTypes` names ("SL sick"), in leave's colour.
    func legend(leaveTypes: [LeaveType] = []) -> String {
        let statuses: [DayStatus] = [.present, .late, .halfDay, .absent, .missing, .leave, .holiday, .weeklyOff, .in]
        let types = leaveTypes.map {
            "<span class=\"\(statusClass(.leave))\">\($0.code.escaped) \($0.displayName(words).escaped)</span>"
        }
        return "<p class=\"legend\">"
            + (statuses.map { "<span class=\"\(statusClass($0))\">\($0.code) \($0.legendName(words))</span>" } + types)
            .joined(separator: " ")
            + "</p>"
    }
}

extension Console {
    /// The register `choice` names as `format` (`/register.csv`, `.pdf`, `.xlsx`: the same bytes as
    /// `attendance register --format …` writes), sent as an attachment named after its period.
    func registerFile(_ format: FileType, choice: RegisterChoice, paper: RegisterPDF.Paper) async throws -> Response {
        let (configuration, now, words) = (self.configuration, self.now(), self.words)
        let bytes: [UInt8] = try await blocking {
            let register = try self.register(choice, policy: configuration.policy, now: now)
            switch format {
            case .csv:
                return Array(RegisterFiles.csv(register).utf8)
            case .pdf:
                let document = try RegisterFiles.pdf(
                    register, configuration: configuration, now: now, paper: paper, store: self.store, words: words)
                return try DocumentBytes.make(document.write(to:)).1
            case .xlsx:
                let workbook = try RegisterFiles.workbook(
                    register, configuration: configuration, now: now, store: self.store, words: words)
                return try DocumentBytes.make(workbook.write(to:)).1
            }
        }
        return attachment(bytes, name: "register-\(choice.fileLabel).\(format.rawValue)", type: format)
    }
}
