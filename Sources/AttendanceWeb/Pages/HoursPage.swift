import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import Foundation
import Hummingbird

extension Console {
    /// `/hours?week=YYYY-MM-DD` (and `department`): each employee's hours on each date of the week
    /// holding that date (this week without it), each cell in its date's status colour and linking
    /// to that day, the week's total, and the week's files for payroll: `attendance summary --week`.
    func hoursPage(_ session: ConsoleSession, _ choice: WeekChoice) async throws -> Page {
        let (date, department) = (choice.week, choice.department)
        let (policy, words) = (self.policy, self.words)
        let (first, rows) = try await week(of: date, department: department)
        let departments = try await blocking { try Reports.departments(store: self.store) }
        let form = periodForm(
            "/hours",
            field: "<label>" + words.ctr("period form", "A date of the week")
                + " <input type=\"date\" name=\"week\" value=\"\(first)\" required></label>",
            department: department, departments: departments)
        let dates = first.dates(through: first.adding(days: 6))
        let shown = department.map { "&amp;department=" + $0.rawValue.urlComponent } ?? ""
        let (before, after) = (first.adding(days: -7), first.adding(days: 7))
        let around = """
            <p class="noprint"><a href="/hours?week=\(before)\(shown)">← \(words.tr("week of {date}", ["date": "\(before)"]))</a> ·
            <a href="/hours?week=\(after)\(shown)">\(words.tr("week of {date}", ["date": "\(after)"])) →</a></p>
            """
        let title =
            words.tr("Week of {from} to {to}", ["from": "\(first)", "to": "\(dates[6])"])
            + (department.map { " — " + $0.rawValue } ?? "")
        let query = "week=\(first)" + shown
        let downloads = [
            "<a href=\"/hours.xlsx?\(query)\">" + words.tr("Spreadsheet") + "</a>",
            "<a href=\"/hours.csv?\(query)\">CSV</a>",
        ]
        let table =
            rows.isEmpty
            ? "<p>" + words.tr("no one was employed that week") + "</p>"
            : "<div class=\"scroll\">" + Self.hoursTable(rows, dates: dates, policy: policy, words: words) + "</div>"
                + legend()
        let body = """
            \(form)
            \(around)
            <p>\(title.escaped) · \(words.ntr("{n} employee", "{n} employees", rows.count))</p>
            <p>\(words.tr("Hours are the marked-out sessions of each date, in hours and hundredths; the total is the sum of the dates. A date still open counts once its mark-out is recorded."))</p>
            <p class="noprint downloads">\(words.tr("Download:")) \(downloads.joined(separator: " · "))</p>
            \(table)
            """
        return Page(
            title: words.ctr("console page", "Hours") + " — " + words.tr("week of {date}", ["date": "\(first)"]),
            section: "hours", body: body)
    }

    /// A row per employee: code, name, each date's hours in its status's colour, the total.
    static func hoursTable(_ rows: [WeekFiles.Row], dates: [AttendanceDate], policy: Policy, words: Speech) -> String {
        var table =
            "<table class=\"grid hours\"><thead><tr><th>" + words.tr("Code") + "</th><th>"
            + words.ctr("sign-in form", "Name") + "</th>"
        for date in dates {
            table +=
                "<th class=\"day\(policy.isWorkingDay(date) ? "" : " off")\" title=\"\(words.weekdayName(date.weekday)) \(date)\">"
                + "\(words.shortWeekdayName(date.weekday))<br>\(date.day)</th>"
        }
        table += "<th>" + words.ctr("spreadsheet column", "Total") + "</th></tr></thead><tbody>"
        for (employee, hours) in rows {
            let link = "/employees/" + employee.code.rawValue.urlComponent
            table +=
                "<tr><td>" + employee.code.rawValue.escaped + "</td><td><a href=\"" + link + "?month="
                + (hours.firstDay ?? dates[0]).yearMonth.description + "\">" + employee.name.rawValue.escaped
                + "</a></td>"
            for day in hours.days {
                let described =
                    "\(day.date): " + day.status.legendName(words)
                    + (day.flags.isEmpty ? "" : "; " + day.flags.described(words))
                // A date without hours says why: its code (A, LV, WO, H), as the register's cell.
                let shown =
                    day.workedHundredths > 0
                    ? words.decimal(WeekHours.decimalText(day.workedHundredths))
                    : day.code.isEmpty ? "&nbsp;" : day.code.escaped
                table +=
                    "<td class=\"cell \(statusClass(day.status))\"><a href=\"\(link)/days/\(day.date)\" title=\""
                    + described.escaped + "\">" + shown + "</a></td>"
            }
            table += "<td class=\"total\">" + words.decimal(WeekHours.decimalText(hours.totalHundredths)) + "</td></tr>"
        }
        return table + "</tbody></table>"
    }

    /// The first date of the week holding `date` (this week without it) and each employee's hours
    /// that week, of `department` alone when named.
    func week(of date: AttendanceDate?, department: Department?) async throws -> (AttendanceDate, [WeekFiles.Row]) {
        let (policy, now) = (self.policy, self.now())
        let anchor = date ?? policy.attendanceDate(of: now)
        return try await blocking {
            try Reports.week(of: anchor, department: department, policy: policy, now: now, store: self.store)
        }
    }

    /// The week's hours as `format`, sent as an attachment named after its first date.
    func hoursFile(_ format: HoursFile, _ choice: WeekChoice) async throws -> Response {
        let (name, bytes) = try await hoursDocument(format, choice)
        return attachment(bytes, name: name, type: format.type)
    }

    /// The week's hours as `format` and the file's name: the same bytes as
    /// `attendance summary --week DATE --format csv|xlsx` writes.
    func hoursDocument(_ format: HoursFile, _ choice: WeekChoice) async throws -> (name: String, bytes: [UInt8]) {
        let (office, words) = (self.office, self.words)
        let (first, rows) = try await week(of: choice.week, department: choice.department)
        let bytes: [UInt8] = try await blocking {
            switch format {
            case .csv: Array(WeekFiles.csv(firstDay: first, rows: rows).utf8)
            case .xlsx:
                try DocumentBytes.make(
                    WeekFiles.workbook(firstDay: first, rows: rows, office: office, words: words).write(to:)
                ).1
            }
        }
        return ("hours-week-of-\(first).\(format.rawValue)", bytes)
    }
}

/// What `/hours` and its files cover: the week holding `week` (this week when nil), of
/// `department` alone when named.
struct WeekChoice {
    var week: AttendanceDate?
    var department: Department?
}

/// The week's hours as a file to take away, at `/hours.csv` and `/hours.xlsx`.
enum HoursFile: String, CaseIterable, Sendable {
    case csv, xlsx

    var type: FileType {
        switch self {
        case .csv: .csv
        case .xlsx: .xlsx
        }
    }
}

extension Console {
    /// The form at the top of the register and the week's hours: `field` (the period's input,
    /// labelled), the department when the office has any (everyone by default), and Show. It
    /// asks with GET: the page it leads to is one a manager can keep as a link.
    func periodForm(_ path: String, field: String, department: Department?, departments: [Department]) -> String {
        var choice = ""
        if !departments.isEmpty {
            let everyone = "<option value=\"\">" + words.ctr("department choice", "everyone") + "</option>"
            let options = departments.map { name in
                let chosen = name.rawValue.lowercased() == department?.rawValue.lowercased() ? " selected" : ""
                return "<option\(chosen)>\(name.rawValue.escaped)</option>"
            }
            choice =
                "<label>" + words.ctr("period form", "Department") + " <select name=\"department\">" + everyone
                + options.joined() + "</select></label>"
        }
        return "<form method=\"get\" action=\"\(path)\" class=\"inline noprint\">\(field)\(choice)"
            + "<button type=\"submit\">" + words.ctr("period form", "Show") + "</button></form>"
    }
}
