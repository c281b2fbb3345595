import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceText

extension Console {
    /// `/employees`: everyone, each linking to their calendar and their details; for a manager,
    /// the form that adds one.
    func employeesPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let (today, words) = (policy.attendanceDate(of: now()), self.words)
        let employees = try await blocking { try Reports.employees(store: self.store) }
        let details = words.tr("Details")
        let rows = employees.map { employee in
            let code = employee.code.rawValue
            return
                "<tr><td>\(code.escaped)</td><td><a href=\"/employees/\(code.urlComponent)\">\(employee.name.rawValue.escaped)</a></td>"
                + "<td>\((employee.department?.rawValue ?? "").escaped)</td>"
                + "<td>\(employee.startDate.map { "\($0)" } ?? "")</td><td>\(shiftText(employee))</td>"
                + "<td>\(stateText(employee, today: today).escaped)</td>"
                + "<td><a href=\"/employees/\(code.urlComponent)/manage\">\(details)</a></td></tr>"
        }.joined()
        let headings = [
            words.ctr("employee", "Code"), words.ctr("employee", "Name"), words.ctr("employee", "Department"),
            words.ctr("employee", "Started"),
            words.ctr("employee", "Shift"), words.ctr("employee", "State"), "",
        ]
        let list = listTable(headings, rows: rows, empty: words.tr("No employees yet."))
        var add = ""
        if administers(session) {
            let text = [
                words.tr("Add an employee"), words.ctr("employee", "Code"), words.ctr("employee", "Name"),
                words.ctr("employee", "First date"), words.tr("YYYY-MM-DD (default: today)"),
                words.tr("Own shift (leave empty for the office hours)"), words.ctr("shift", "Starts"),
                words.ctr("shift", "Ends"), words.ctr("employee", "Department"), words.tr("optional, e.g. Sales"),
                words.tr("Add"),
            ]
            let kept = { (name: String) in KeptForm.value(name, of: "/employees") }
            add = """
                <h2>\(text[0])</h2>
                <form method="post" action="/employees" class="stacked">\(csrfField(session))
                <label>\(text[1]) <input name="code" value="\(kept("code"))" required maxlength="32" placeholder="E001" autocapitalize="characters"></label>
                <label>\(text[2]) <input name="name" value="\(kept("name"))" required maxlength="200"></label>
                <label>\(text[3]) <input name="start" value="\(kept("start"))" placeholder="\(text[4])"></label>
                <fieldset><legend>\(text[5])</legend>
                <label>\(text[6]) <input name="shift_start" value="\(kept("shift_start"))" placeholder="HH:MM"></label>
                <label>\(text[7]) <input name="shift_end" value="\(kept("shift_end"))" placeholder="HH:MM"></label></fieldset>
                <label>\(text[8]) <input name="department" value="\(kept("department"))" maxlength="100" placeholder="\(text[9])"></label>
                \(languageField(nil, action: "/employees"))
                \(pinFields(action: "/employees"))
                <p><button type="submit">\(text[10])</button></p></form>
                """ + employeeFileForms(session)
        }
        let body = notice(done) + list + administrationNotice(session) + add
        return Page(title: words.ctr("console page", "Employees"), section: "employees", body: body)
    }

    /// The language the kiosk speaks to the employee: the office's, or one with a catalog, each
    /// named in itself. `current` is the one set; the edit form says what it was, so that saving
    /// it unchanged changes nothing.
    private func languageField(_ current: Language?, action: String, editing: Bool = false) -> String {
        let choices: [(code: String, name: String)] =
            [("", words.tr("the office's"))] + Language.available.map { ($0.code, Self.languageName($0)) }
        let options = choices.map { choice -> String in
            let selected = KeptForm.selected(
                "language", choice.code, of: action, chosen: choice.code == (current?.code ?? ""))
            return "<option value=\"\(choice.code)\"\(selected)>\(choice.name)</option>"
        }.joined()
        return "<label>" + words.tr("Language at the kiosk") + " <select name=\"language\">\(options)</select></label>"
            + (editing ? "<input type=\"hidden\" name=\"language_was\" value=\"\(current?.code ?? "")\">" : "")
    }

    /// "Français": a language as its speakers name it.
    static func languageName(_ language: Language) -> String {
        switch language.code {
        case "fr": "Français"
        case "es": "Español"
        case "en": "English"
        default: language.code
        }
    }

    /// The department a form typed: nil when left empty.
    private func department(_ form: Form) throws -> Department? {
        try form.parsed("department", as: words.ctr("form field", "department"), Department.init(parsing:))
    }

    /// The language a form chose: nil for the office's; refused when it has no catalog.
    private func language(_ form: Form) throws -> Language? {
        guard let code = form["language"], !code.isEmpty else { return nil }
        guard let language = Language(code: code) else {
            throw WebFailure.badRequest(
                words.tr(
                    "The language must be one of {languages}, or the office's.", ["languages": Language.availableList]))
        }
        return language
    }

    /// The PIN fields of the forms that add an employee or reset a PIN. A refused form's PIN is
    /// not written back into the page: a secret is typed again.
    private func pinFields(action: String) -> String {
        let text = [words.tr("Kiosk PIN"), words.tr("4–8 digits"), words.tr("make one up (shown once)")]
        return """
            <fieldset><legend>\(text[0])</legend>
            <label>PIN <input name="pin" inputmode="numeric" autocomplete="off" pattern="[0-9]{4,8}" placeholder="\(text[1])"></label>
            <label><input type="checkbox" name="generate" value="1"\(KeptForm.checked("generate", of: action))> \(text[2])</label></fieldset>
            """
    }

    /// `/employees/CODE/manage`: an employee's details; for a manager, the forms that edit them,
    /// reset their PIN, lift a lock, and end or resume their employment.
    func managePage(_ session: ConsoleSession, code: EmployeeCode, done: String? = nil) async throws -> Page {
        let (today, words) = (policy.attendanceDate(of: now()), self.words)
        let employee = try await blocking { try Reports.employee(code, store: self.store) }
        let link = "/employees/\(employee.code.rawValue.urlComponent)"
        let pin =
            employee.isPINLocked
            ? words.tr("set; locked after too many wrong PINs")
            : employee.hasPIN ? words.ctr("a PIN", "set") : words.ctr("a PIN", "none")
        let facts = [
            (words.ctr("employee", "Code"), employee.code.rawValue.escaped),
            (words.ctr("employee", "Name"), employee.name.rawValue.escaped),
            (words.ctr("employee", "Employed"), employee.employedText.escaped),
            (words.ctr("employee", "State"), stateText(employee, today: today).escaped),
            (words.ctr("employee", "Shift"), shiftText(employee)),
            (
                words.ctr("employee", "Department"),
                employee.department?.rawValue.escaped ?? words.ctr("no department", "none")
            ),
            (words.ctr("employee", "Language"), employee.language.map(Self.languageName) ?? words.tr("the office's")),
            ("PIN", pin),
        ].map { "<tr><th>\($0)</th><td>\($1)</td></tr>" }.joined()
        let (calendar, changes) = (words.tr("Calendar"), words.tr("Changes"))
        var body =
            notice(done) + """
                <table class="figures details">\(facts)</table>
                <p><a href="\(link)">\(calendar)</a> · <a href="/audit?employee=\(employee.code.rawValue.urlComponent)">\(changes)</a></p>
                """
        guard administers(session) else {
            body += administrationNotice(session)
            return Page(title: employee.name.rawValue, section: "employees", body: body)
        }
        let mayMark = employee.employment(on: today).mayMark
        let text = [
            words.tr("Edit"), words.ctr("employee", "Name"), words.ctr("employee", "First date"),
            words.tr("Own shift"), words.ctr("shift", "Starts"), words.ctr("shift", "Ends"),
            words.tr("follow the office hours instead"), words.ctr("employee", "Department"),
            words.ctr("no department", "none"), words.tr("even if recorded work falls outside the dates (audited)"),
            words.tr("Save"), words.tr("Reset the PIN"), words.tr("Set PIN"),
        ]
        let edit = "\(link)/edit"
        let kept = { (name: String, shown: String) in KeptForm.value(name, of: edit, else: shown) }
        body += """
            <h2>\(text[0])</h2>
            <form method="post" action="\(edit)" class="stacked">\(csrfField(session))
            <label>\(text[1]) <input name="name" value="\(kept("name", employee.name.rawValue))" maxlength="200"></label>
            <label>\(text[2]) <input name="start" value="\(kept("start", employee.startDate.map { "\($0)" } ?? ""))" placeholder="YYYY-MM-DD"></label>
            <fieldset><legend>\(text[3])</legend>
            <label>\(text[4]) <input name="shift_start" value="\(kept("shift_start", employee.shiftStart.map { "\($0)" } ?? ""))" placeholder="HH:MM"></label>
            <label>\(text[5]) <input name="shift_end" value="\(kept("shift_end", employee.shiftEnd.map { "\($0)" } ?? ""))" placeholder="HH:MM"></label>
            <label><input type="checkbox" name="policy_shift" value="1"\(KeptForm.checked("policy_shift", of: edit))> \(text[6])</label></fieldset>
            <label>\(text[7]) <input name="department" value="\(kept("department", employee.department?.rawValue ?? ""))" maxlength="100" placeholder="\(text[8])"></label>
            <input type="hidden" name="department_was" value="\((employee.department?.rawValue ?? "").escaped)">
            \(languageField(employee.language, action: edit, editing: true))
            <label><input type="checkbox" name="force" value="1"\(KeptForm.checked("force", of: edit))> \(text[9])</label>
            <p><button type="submit">\(text[10])</button></p></form>
            <h2>\(text[11])</h2>
            <form method="post" action="\(link)/pin" class="stacked">\(csrfField(session))
            \(pinFields(action: "\(link)/pin"))<p><button type="submit">\(text[12])</button></p></form>
            """
        if employee.isPINLocked {
            let (title, button) = (words.tr("Locked out"), words.tr("Lift the lock"))
            body += """
                <h2>\(title)</h2>
                <form method="post" action="\(link)/unlock" class="inline">\(csrfField(session))
                <button type="submit">\(button)</button></form>
                """
        }
        if mayMark && employee.isActive {
            let leaving = [
                words.tr("Leaving"), words.tr("Last date"), words.tr("even if recorded work falls after it"),
                words.tr("Deactivate"),
            ]
            body += """
                <h2>\(leaving[0])</h2>
                <form method="post" action="\(link)/deactivate" class="inline">\(csrfField(session))
                <label>\(leaving[1]) <input name="end" value="\(KeptForm.value("end", of: "\(link)/deactivate", else: "\(today)"))" placeholder="YYYY-MM-DD"></label>
                <label><input type="checkbox" name="force" value="1"\(KeptForm.checked("force", of: "\(link)/deactivate"))> \(leaving[2])</label>
                <button type="submit">\(leaving[3])</button></form>
                """
        }
        if !employee.isActive || employee.endDate != nil {
            let (title, button) = (words.tr("Employed again"), words.tr("Clear the last date"))
            body += """
                <h2>\(title)</h2>
                <form method="post" action="\(link)/reactivate" class="inline">\(csrfField(session))
                <button type="submit">\(button)</button></form>
                """
        }
        return Page(title: employee.name.rawValue, section: "employees", body: body)
    }

    // MARK: - Changes

    /// Adds the employee the form describes, with the PIN typed or one made up (shown once).
    func addEmployee(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        var new = NewEmployee(
            code: try form.required("code", as: words.ctr("form field", "code"), EmployeeCode.init(parsing:)),
            name: try form.required("name", as: words.ctr("form field", "name"), PersonName.init(parsing:)),
            startDate: try form.parsed(
                "start", as: words.ctr("form field", "first date"), AttendanceDate.init(parsing:)))
        let shift = try shift(form)
        new.shiftStart = shift?.start
        new.shiftEnd = shift?.end
        new.language = try language(form)
        new.department = try department(form)
        let pin = try newPIN(form)
        let (policy, now, actor) = (self.policy, self.now(), session.account.actor)
        let exitCodeHash = configuration.kiosk.exitCodeHash
        let added = try await blocking { [new] in
            try Employees.add(
                new, pin: pin?.pin, pepper: self.newPINPepper, exitCodeHash: exitCodeHash, policy: policy, now: now,
                actor: actor, store: self.store)
        }
        var done = words.tr(
            "Added {code} {name}, employed from {date}.",
            ["code": added.code.rawValue, "name": added.name.rawValue, "date": added.startDate.map { "\($0)" } ?? ""])
        if let pin { done += pinNotice(pin, code: added.code) }
        return try await managePage(session, code: added.code, done: done)
    }

    /// One of the changes of an employee's page, recorded as "NAME via web".
    func change(
        _ code: EmployeeCode, _ action: EmployeeAction, _ form: Form, _ session: ConsoleSession
    )
        async throws -> Page
    {
        let (policy, now, actor, force) = (self.policy, self.now(), session.account.actor, form["force"] == "1")
        let words = self.words
        let done: String
        switch action {
        case .edit:
            var changes = EmployeeChanges()
            changes.name = try form.parsed("name", as: words.ctr("form field", "name"), PersonName.init(parsing:))
            if let start = try form.parsed(
                "start", as: words.ctr("form field", "first date"), AttendanceDate.init(parsing:))
            {
                changes.startDate = .some(start)
            }
            if form["policy_shift"] == "1" {
                changes.shift = .some(nil)
            } else if let shift = try shift(form) {
                changes.shift = .some(shift)
            }
            let chosen = try language(form)
            if form["language"] != nil, chosen?.code ?? "" != form["language_was"] ?? "" {
                changes.language = .some(chosen)
            }
            if let typed = form["department"], typed != form["department_was"] ?? "" {
                changes.department = .some(try department(form))
            }
            guard !changes.isEmpty else {
                throw WebFailure.badRequest(
                    words.tr("The form changes nothing: give a new name, first date, shift, department or language."))
            }
            let edit = try await blocking { [changes] in
                try Employees.edit(
                    code, changes, force: force, policy: policy, now: now, actor: actor, store: self.store)
            }
            done =
                words.tr("Saved {code} {name}.", ["code": edit.after.code.rawValue, "name": edit.after.name.rawValue])
                + (edit.mayMarkAgain ? " " + words.tr("They may mark in and out again.") : "")
                + (edit.rejudged.map { count, first in
                    " "
                        + words.ntr(
                            "{n} past date with punches (from {first}) is now judged by the new shift too: late and early-exit flags may differ from registers already printed.",
                            "{n} past dates with punches (from {first}) are now judged by the new shift too: late and early-exit flags may differ from registers already printed.",
                            count, ["first": first.description])
                } ?? "")
        case .pin:
            guard let pin = try newPIN(form) else {
                throw WebFailure.badRequest(
                    words.tr("Type a PIN of 4 to 8 digits, or tick “make one up”; nothing was changed."))
            }
            try await blocking {
                try Employees.setPIN(code, pin: pin.pin, pepper: self.newPINPepper, actor: actor, store: self.store)
            }
            done = words.tr("PIN set for {code}.", ["code": code.rawValue]) + pinNotice(pin, code: code)
        case .unlock:
            let lifted = try await blocking { try Employees.unlock(code, actor: actor, store: self.store) }
            done =
                lifted.wasLocked
                ? words.tr("Lifted the lock of {code}.", ["code": code.rawValue])
                : words.tr("{code} was not locked; nothing to lift.", ["code": code.rawValue])
        case .deactivate:
            let end = try form.parsed("end", as: words.ctr("form field", "last date"), AttendanceDate.init(parsing:))
            let left = try await blocking {
                try Employees.deactivate(
                    code, endDate: end, force: force, policy: policy, now: now, actor: actor, store: self.store)
            }
            done = words.tr(
                "Deactivated {code}; last date {date}.",
                ["code": left.code.rawValue, "date": left.endDate.map { "\($0)" } ?? words.ctr("a last date", "today")])
        case .reactivate:
            let edit = try await blocking {
                try Employees.edit(
                    code, EmployeeChanges(endDate: .some(nil)), force: false, policy: policy, now: now, actor: actor,
                    store: self.store)
            }
            done =
                edit.mayMarkAgain
                ? words.tr(
                    "Cleared the last date of {code}; they may mark in and out again.",
                    ["code": edit.after.code.rawValue])
                : words.tr("Cleared the last date of {code}.", ["code": edit.after.code.rawValue])
        }
        return try await managePage(session, code: code, done: done)
    }

    // MARK: - Fields

    /// The form's own shift: both ends or neither, as ``Employees/shift(start:end:)`` decides.
    private func shift(_ form: Form) throws -> (start: WallClockTime, end: WallClockTime)? {
        let start = try form.parsed(
            "shift_start", as: words.ctr("form field", "shift start"), WallClockTime.init(parsing:))
        let end = try form.parsed("shift_end", as: words.ctr("form field", "shift end"), WallClockTime.init(parsing:))
        do { return try Employees.shift(start: start, end: end) } catch {
            throw WebFailure.badRequest(error.worded(words))
        }
    }

    /// The PIN typed, or one made up when asked for; nil for neither.
    private func newPIN(_ form: Form) throws -> (pin: String, isMadeUp: Bool)? {
        if let typed = form.trimmed("pin") { return (typed, false) }
        return form["generate"] == "1" ? (Employees.generatedPIN(), true) : nil
    }

    private func pinNotice(_ pin: (pin: String, isMadeUp: Bool), code: EmployeeCode) -> String {
        pin.isMadeUp
            ? " "
                + words.tr(
                    "The new PIN for {code} is {pin}: hand it over now; it is not shown again.",
                    ["code": code.rawValue, "pin": pin.pin]) : ""
    }

    private func shiftText(_ employee: Employee) -> String {
        guard let start = employee.shiftStart, let end = employee.shiftEnd else { return words.tr("office hours") }
        return "\(start)–\(end)"
    }

    private func stateText(_ employee: Employee, today: AttendanceDate) -> String {
        employee.employment(on: today).worded(words) + (employee.isPINLocked ? ", " + words.tr("PIN locked") : "")
    }
}
