import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore

extension Console {
    /// `/leave?month=YYYY-MM`: the month's recorded leave; for a manager, the forms that grant
    /// leave and cancel it.
    func leavePage(_ session: ConsoleSession, month: YearMonth, done: String? = nil) async throws -> Page {
        let (entries, employees) = try await blocking {
            (
                try LeaveBook.list(employee: nil, from: month.firstDay, through: month.lastDay, store: self.store),
                try Reports.employees(store: self.store)
            )
        }
        let names = Dictionary(employees.map { ($0.code, $0.name.rawValue) }, uniquingKeysWith: { first, _ in first })
        let manager = administers(session)
        let words = self.words
        let (cancelButton, halfDay, fullDay) = (
            words.ctr("leave", "Cancel"), words.ctr("leave", "half day"), words.ctr("leave", "full day")
        )
        let rows = entries.map { entry in
            let code = entry.employeeCode.rawValue
            var cancel = ""
            if manager {
                cancel = """
                    <form method="post" action="/leave/cancel" class="inline">\(csrfField(session))
                    <input type="hidden" name="code" value="\(code.escaped)">
                    <input type="hidden" name="date" value="\(entry.date)"><button type="submit">\(cancelButton)</button></form>
                    """
            }
            return "<tr><td><a href=\"/employees/\(code.urlComponent)/days/\(entry.date)\">\(entry.date)</a></td>"
                + "<td>\((names[entry.employeeCode] ?? "").escaped) <small>\(code.escaped)</small></td>"
                + "<td>\(entry.kind == .half ? halfDay : fullDay)</td><td>\(typeText(entry.type).escaped)</td>"
                + "<td>\(entry.reason.escaped)</td>"
                + "\(manager ? "<td>\(cancel)</td>" : "")</tr>"
        }.joined()
        let headings = [
            words.ctr("leave table", "Date"), words.ctr("leave table", "Employee"), words.ctr("leave table", "Kind"),
            words.ctr("leave table", "Type"), words.ctr("leave table", "Reason"),
        ]
        let list = listTable(
            headings + (manager ? [""] : []), rows: rows,
            empty: words.tr("No leave recorded in {month}.", ["month": words.monthTitle(month)]))
        let today = policy.attendanceDate(of: now())
        // Everyone who has not left: leave may be booked ahead for someone who starts later.
        let options = employees.filter {
            if case .left = $0.employment(on: today) { false } else { true }
        }.map { employee in
            "<option value=\"\(employee.code.rawValue.escaped)\"\(KeptForm.selected("code", employee.code.rawValue, of: "/leave"))>"
                + "\(employee.name.rawValue.escaped) "
                + "(\(employee.code.rawValue.escaped))</option>"
        }.joined()
        let typeOptions = policy.leaveTypes.all.map {
            "<option value=\"\($0.name.escaped)\"\(KeptForm.selected("type", $0.name, of: "/leave"))>\(typeText($0.name).escaped)</option>"
        }.joined()
        var grant = ""
        if manager {
            let text = [
                words.tr("Grant leave"), words.ctr("leave table", "Employee"), words.ctr("leave form", "From"),
                words.ctr("leave form", "To (for several dates)"), words.ctr("leave table", "Kind"),
                words.ctr("leave table", "Type"), words.ctr("leave table", "Reason"), words.tr("e.g. annual leave"),
                words.tr("Weekly offs and holidays in a range need no leave and are skipped."), words.tr("Grant"),
            ]
            grant = """
                <h2>\(text[0])</h2>
                <form method="post" action="/leave" class="stacked">\(csrfField(session))
                <label>\(text[1]) <select name="code" required>\(options)</select></label>
                <label>\(text[2]) <input name="from" value="\(KeptForm.value("from", of: "/leave"))" required placeholder="YYYY-MM-DD"></label>
                <label>\(text[3]) <input name="to" value="\(KeptForm.value("to", of: "/leave"))" placeholder="YYYY-MM-DD"></label>
                <label>\(text[4]) <select name="kind"><option value="full">\(fullDay)</option><option value="half"\(KeptForm.selected("kind", "half", of: "/leave"))>\(halfDay)</option></select></label>
                <label>\(text[5]) <select name="type">\(typeOptions)</select></label>
                <label>\(text[6]) <input name="reason" value="\(KeptForm.value("reason", of: "/leave"))" required maxlength="500" placeholder="\(text[7])"></label>
                <p>\(text[8])</p>
                <p><button type="submit">\(text[9])</button></p></form>
                """
        }
        let body = """
            \(notice(done))<p class="noprint"><a href="/leave?month=\(month.previous)">← \(words.monthTitle(month.previous))</a> ·
            <a href="/leave?month=\(month.next)">\(words.monthTitle(month.next)) →</a></p>
            \(list)\(administrationNotice(session))\(grant)
            """
        return Page(
            title: words.tr("Leave — {month}", ["month": words.monthTitle(month)]), section: "leave", body: body)
    }

    /// Grants the leave the form describes, with its reason, recorded as "NAME via web".
    func grantLeave(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let code = try form.required("code", as: words.ctr("form field", "employee"), EmployeeCode.init(parsing:))
        let first = try form.required("from", as: words.ctr("form field", "first date"), AttendanceDate.init(parsing:))
        let last =
            try form.parsed("to", as: words.ctr("form field", "last date"), AttendanceDate.init(parsing:)) ?? first
        let reason = try form.required("reason", as: words.ctr("form field", "reason")) {
            try FreeText(parsing: $0, what: Phrase("reason"))
        }
        let kind = try form.parsed("kind", as: words.ctr("form field", "kind of leave")) { text in
            guard let kind = LeaveKind(rawValue: text) else { throw WebFailure.badRequest("full or half, not \(text)") }
            return kind
        }
        // An unknown type is refused by the application layer, naming the known ones.
        let type = form["type"].flatMap { $0.isEmpty ? nil : $0 } ?? LeaveType.annual.name
        let (policy, actor) = (self.policy, session.account.actor)
        let grant = try await blocking {
            try LeaveBook.grant(
                code, from: first, through: last, kind: kind ?? .full, type: type, reason: reason.rawValue,
                policy: policy, actor: actor, store: self.store)
        }
        let dates = grant.added.map(\.date)
        let when =
            dates.count == 1
            ? dates[0].description
            : words.ntr(
                "{n} date from {first} to {last}", "{n} dates from {first} to {last}", dates.count,
                ["first": dates[0].description, "last": dates[dates.count - 1].description])
        let values = ["type": typeText(type), "code": code.rawValue, "when": when]
        var done =
            kind == .half
            ? words.tr("Recorded half-day {type} leave for {code} on {when}", values)
            : words.tr("Recorded full-day {type} leave for {code} on {when}", values)
        if !grant.skipped.isEmpty {
            done += words.tr("; skipped {dates}", ["dates": LeaveGrant.describe(grant.skipped, words)])
        }
        return try await leavePage(session, month: first.yearMonth, done: done + ".")
    }

    /// "sick (SL)": a leave type by its name and the code reports show.
    func typeText(_ name: String) -> String {
        policy.leaveTypes[name].map { "\($0.displayName(words)) (\($0.code))" } ?? name
    }

    /// Cancels the leave of the form's employee on its date.
    func cancelLeave(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let code = try form.required("code", as: words.ctr("form field", "employee"), EmployeeCode.init(parsing:))
        let date = try form.required("date", as: words.ctr("form field", "date"), AttendanceDate.init(parsing:))
        let actor = session.account.actor
        let removed = try await blocking {
            try LeaveBook.cancel(code, from: date, through: date, actor: actor, store: self.store)
        }
        return try await leavePage(
            session, month: date.yearMonth,
            done: words.tr(
                "Cancelled the leave of {code} on {dates}.",
                ["code": code.rawValue, "dates": removed.map { "\($0.date)" }.joined(separator: ", ")]))
    }
}
