import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceText
import Foundation

extension Console {
    /// `/holidays?year=YYYY`: the year's holidays; for a manager, the forms that add one,
    /// remove one, and import an iCalendar (.ics) file.
    func holidaysPage(_ session: ConsoleSession, year: Int, done: String? = nil) async throws -> Page {
        let holidays = try await blocking { try Holidays.list(year: year, store: self.store) }
        let manager = administers(session)
        let words = self.words
        let removeButton = words.tr("Remove")
        let rows = holidays.map { holiday in
            var remove = ""
            if manager {
                remove = """
                    <form method="post" action="/holidays/remove" class="inline">\(csrfField(session))
                    <input type="hidden" name="date" value="\(holiday.date)"><button type="submit">\(removeButton)</button></form>
                    """
            }
            return "<tr><td>\(holiday.date)</td><td>\(words.shortWeekdayName(holiday.date.weekday))</td>"
                + "<td>\(holiday.name.escaped)</td>\(manager ? "<td>\(remove)</td>" : "")</tr>"
        }.joined()
        let list = listTable(
            [
                words.ctr("holidays table", "Date"), words.ctr("holidays table", "Day"),
                words.ctr("holidays table", "Name"),
            ]
                + (manager ? [""] : []), rows: rows, empty: words.tr("No holidays in {year}.", ["year": String(year)]))
        var forms = ""
        if manager {
            let text = [
                words.tr("Add a holiday"), words.ctr("holidays table", "Date"), words.ctr("holidays table", "Name"),
                words.tr("Republic Day"), words.tr("Add"), words.tr("Import a calendar"),
                words.tr(
                    "The all-day events of an iCalendar (.ics) file of at most 1 MB; dates already in the list are kept as they are. A file with an event that cannot be read is refused whole."
                ),
                words.ctr("upload field", "File"), words.tr("Import"),
            ]
            forms = """
                <h2>\(text[0])</h2>
                <form method="post" action="/holidays" class="inline">\(csrfField(session))
                <label>\(text[1]) <input name="date" value="\(KeptForm.value("date", of: "/holidays"))" required placeholder="YYYY-MM-DD"></label>
                <label>\(text[2]) <input name="name" value="\(KeptForm.value("name", of: "/holidays"))" required maxlength="200" placeholder="\(text[3])"></label>
                <button type="submit">\(text[4])</button></form>
                <h2>\(text[5])</h2>
                <p>\(text[6])</p>
                <form method="post" action="/holidays/import" enctype="multipart/form-data" class="inline">\(csrfField(session))
                <label>\(text[7]) <input type="file" name="file" accept=".ics,text/calendar" required></label>
                <button type="submit">\(text[8])</button></form>
                """
        }
        let body = """
            \(notice(done))<p class="noprint"><a href="/holidays?year=\(year - 1)">← \(year - 1)</a> ·
            <a href="/holidays?year=\(year + 1)">\(year + 1) →</a></p>
            \(list)\(administrationNotice(session))\(forms)
            """
        return Page(title: words.tr("Holidays {year}", ["year": String(year)]), section: "holidays", body: body)
    }

    /// Adds the holiday the form names, recorded as "NAME via web".
    func addHoliday(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let date = try form.required("date", as: words.ctr("form field", "date"), AttendanceDate.init(parsing:))
        let holiday = try form.required("name", as: words.ctr("form field", "holiday's name")) {
            try Holiday(date: date, name: $0)
        }
        let actor = session.account.actor
        try await blocking { try Holidays.add([holiday], actor: actor, store: self.store) }
        return try await holidaysPage(
            session, year: date.year,
            done: words.tr("Added holiday {date} {name}.", ["date": date.description, "name": holiday.name]))
    }

    /// Removes the holiday on the form's date.
    func removeHoliday(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let date = try form.required("date", as: words.ctr("form field", "date"), AttendanceDate.init(parsing:))
        let actor = session.account.actor
        let removed = try await blocking {
            try Holidays.remove(from: date, through: date, actor: actor, store: self.store)
        }
        let names = removed.map { "\($0.date) \($0.name)" }.joined(separator: ", ")
        return try await holidaysPage(
            session, year: date.year, done: words.tr("Removed holiday {names}.", ["names": names]))
    }

    /// Imports an uploaded .ics file: all of it or, when any event cannot be read, none of it.
    func importHolidays(_ upload: Upload, _ session: ConsoleSession) async throws -> Page {
        let words = self.words
        let (name, bytes) = try upload.chosenFile(
            "file", refusal: words.tr("Choose an .ics file to import; nothing was changed."))
        let data = Data(bytes)
        guard let text = String(data: data, encoding: .utf8) else {
            throw WebFailure.badRequest(
                TextLines.firstNotUTF8(in: data).map {
                    words.tr(
                        "{file} is not UTF-8 text (line {line}); iCalendar files are UTF-8. Nothing was imported.",
                        ["file": name, "line": String($0)])
                }
                    ?? words.tr(
                        "{file} is not UTF-8 text; iCalendar files are UTF-8. Nothing was imported.", ["file": name]))
        }
        let today = policy.attendanceDate(of: now())
        let calendar = ICalendarHolidays(parsing: text, today: today)
        guard calendar.problems.isEmpty else {
            let problems = calendar.problems.map {
                words.tr("line {line}: {problem}", ["line": String($0.line), "problem": words.sentence(for: $0.fault)])
            }
            throw WebFailure.badRequest(
                words.ntr(
                    "{file} has an event that cannot be read, so nothing was imported — {problems}.",
                    "{file} has {n} events that cannot be read, so nothing was imported — {problems}.",
                    problems.count, ["file": name, "problems": problems.joined(separator: "; ")]))
        }
        let actor = session.account.actor
        let result = try await blocking {
            try Holidays.importCalendar(calendar, source: name, actor: actor, store: self.store)
        }
        var done = words.ntr(
            "Imported {n} holiday from {file}", "Imported {n} holidays from {file}", result.added.count,
            ["file": name])
        if !result.unchanged.isEmpty {
            done += words.ntr("; {n} already in the list", "; {n} already in the list", result.unchanged.count)
        }
        for conflict in result.conflicting {
            done += words.tr(
                "; kept {date} {name} (the file calls it {other})",
                [
                    "date": "\(conflict.holiday.date)", "name": conflict.existingName,
                    "other": conflict.holiday.name,
                ])
        }
        for skipped in calendar.skipped {
            done += words.tr(
                "; skipped line {line}: {reason}",
                ["line": String(skipped.line), "reason": words.sentence(for: skipped.fault)])
        }
        let year = result.added.first?.date.year ?? today.year
        return try await holidaysPage(session, year: year, done: done + ".")
    }
}
