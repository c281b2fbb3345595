import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceText

extension Console {
    /// `/employees`: everyone, each linking to their calendar and their details; for a manager,
    /// the form that adds one.
    func employeesPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let today = policy.attendanceDate(of: now())
        let employees = try await blocking { try Reports.employees(store: self.store) }
        let rows = employees.map { employee in
            let code = employee.code.rawValue
            return
                "<tr><td>\(code.escaped)</td><td><a href=\"/employees/\(code.urlComponent)\">\(employee.name.rawValue.escaped)</a></td>"
                + "<td>\(employee.startDate.map { "\($0)" } ?? "")</td><td>\(shiftText(employee))</td>"
                + "<td>\(stateText(employee, today: today).escaped)</td>"
                + "<td><a href=\"/employees/\(code.urlComponent)/manage\">Details</a></td></tr>"
        }.joined()
        let list = listTable(
            ["Code", "Name", "Started", "Shift", "State", ""], rows: rows, empty: "No employees yet.")
        let add =
            administers(session)
            ? """
            <h2>Add an employee</h2>
            <form method="post" action="/employees" class="stacked">\(csrfField(session))
            <label>Code <input name="code" required maxlength="32" placeholder="E001" autocapitalize="characters"></label>
            <label>Name <input name="name" required maxlength="200"></label>
            <label>First date <input name="start" placeholder="YYYY-MM-DD (default: today)"></label>
            <fieldset><legend>Own shift (leave empty for the office hours)</legend>
            <label>Starts <input name="shift_start" placeholder="HH:MM"></label>
            <label>Ends <input name="shift_end" placeholder="HH:MM"></label></fieldset>
            <label>Department <input name="department" maxlength="100" placeholder="optional, e.g. Sales"></label>
            \(languageField(nil))
            \(pinFields)
            <p><button type="submit">Add</button></p></form>
            """ : ""
        let body = notice(done) + list + administrationNotice(session) + add
        return Page(title: "Employees", section: "employees", body: body)
    }

    /// The language the kiosk speaks to the employee: the office's, or one with a catalog, each
    /// named in itself. `current` is the one set; the edit form says what it was, so that saving
    /// it unchanged changes nothing.
    private func languageField(_ current: Language?, editing: Bool = false) -> String {
        let options = ([("", "the office's")] + Language.available.map { ($0.code, Self.languageName($0)) })
            .map { code, name in
                "<option value=\"\(code)\"\(code == (current?.code ?? "") ? " selected" : "")>\(name)</option>"
            }.joined()
        return "<label>Language at the kiosk <select name=\"language\">\(options)</select></label>"
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
        try form.parsed("department", as: "department", Department.init(parsing:))
    }

    /// The language a form chose: nil for the office's; refused when it has no catalog.
    private func language(_ form: Form) throws -> Language? {
        guard let code = form["language"], !code.isEmpty else { return nil }
        guard let language = Language(code: code) else {
            throw WebFailure.badRequest("The language must be one of \(Language.availableList), or the office's.")
        }
        return language
    }

    /// The PIN fields of the forms that add an employee or reset a PIN.
    private var pinFields: String {
        """
        <fieldset><legend>Kiosk PIN</legend>
        <label>PIN <input name="pin" inputmode="numeric" autocomplete="off" pattern="[0-9]{4,8}" placeholder="4–8 digits"></label>
        <label><input type="checkbox" name="generate" value="1"> make one up (shown once)</label></fieldset>
        """
    }

    /// `/employees/CODE/manage`: an employee's details; for a manager, the forms that edit them,
    /// reset their PIN, lift a lock, and end or resume their employment.
    func managePage(_ session: ConsoleSession, code: EmployeeCode, done: String? = nil) async throws -> Page {
        let today = policy.attendanceDate(of: now())
        let employee = try await blocking { try Reports.employee(code, store: self.store) }
        let link = "/employees/\(employee.code.rawValue.urlComponent)"
        let pin = employee.isPINLocked ? "set; locked after too many wrong PINs" : employee.hasPIN ? "set" : "none"
        var body =
            notice(done) + """
                <table class="figures details"><tr><th>Code</th><td>\(employee.code.rawValue.escaped)</td></tr>
                <tr><th>Name</th><td>\(employee.name.rawValue.escaped)</td></tr>
                <tr><th>Employed</th><td>\(employee.employedText.escaped)</td></tr>
                <tr><th>State</th><td>\(stateText(employee, today: today).escaped)</td></tr>
                <tr><th>Shift</th><td>\(shiftText(employee))</td></tr>
                <tr><th>Department</th><td>\((employee.department?.rawValue ?? "none").escaped)</td></tr>
                <tr><th>Language</th><td>\(employee.language.map(Self.languageName) ?? "the office's")</td></tr>
                <tr><th>PIN</th><td>\(pin)</td></tr></table>
                <p><a href="\(link)">Calendar</a> · <a href="/audit?employee=\(employee.code.rawValue.urlComponent)">Changes</a></p>
                """
        guard administers(session) else {
            body += administrationNotice(session)
            return Page(title: employee.name.rawValue, section: "employees", body: body)
        }
        let mayMark = employee.employment(on: today).mayMark
        body += """
            <h2>Edit</h2>
            <form method="post" action="\(link)/edit" class="stacked">\(csrfField(session))
            <label>Name <input name="name" value="\(employee.name.rawValue.escaped)" maxlength="200"></label>
            <label>First date <input name="start" value="\(employee.startDate.map { "\($0)" } ?? "")" placeholder="YYYY-MM-DD"></label>
            <fieldset><legend>Own shift</legend>
            <label>Starts <input name="shift_start" value="\(employee.shiftStart.map { "\($0)" } ?? "")" placeholder="HH:MM"></label>
            <label>Ends <input name="shift_end" value="\(employee.shiftEnd.map { "\($0)" } ?? "")" placeholder="HH:MM"></label>
            <label><input type="checkbox" name="policy_shift" value="1"> follow the office hours instead</label></fieldset>
            <label>Department <input name="department" value="\((employee.department?.rawValue ?? "").escaped)" maxlength="100" placeholder="none"></label>
            <input type="hidden" name="department_was" value="\((employee.department?.rawValue ?? "").escaped)">
            \(languageField(employee.language, editing: true))
            <label><input type="checkbox" name="force" value="1"> even if recorded work falls outside the dates (audited)</label>
            <p><button type="submit">Save</button></p></form>
            <h2>Reset the PIN</h2>
            <form method="post" action="\(link)/pin" class="stacked">\(csrfField(session))
            \(pinFields)<p><button type="submit">Set PIN</button></p></form>
            """
        if employee.isPINLocked {
            body += """
                <h2>Locked out</h2>
                <form method="post" action="\(link)/unlock" class="inline">\(csrfField(session))
                <button type="submit">Lift the lock</button></form>
                """
        }
        if mayMark && employee.isActive {
            body += """
                <h2>Leaving</h2>
                <form method="post" action="\(link)/deactivate" class="inline">\(csrfField(session))
                <label>Last date <input name="end" value="\(today)" placeholder="YYYY-MM-DD"></label>
                <label><input type="checkbox" name="force" value="1"> even if recorded work falls after it</label>
                <button type="submit">Deactivate</button></form>
                """
        }
        if !employee.isActive || employee.endDate != nil {
            body += """
                <h2>Employed again</h2>
                <form method="post" action="\(link)/reactivate" class="inline">\(csrfField(session))
                <button type="submit">Clear the last date</button></form>
                """
        }
        return Page(title: employee.name.rawValue, section: "employees", body: body)
    }

    // MARK: - Changes

    /// Adds the employee the form describes, with the PIN typed or one made up (shown once).
    func addEmployee(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        var new = NewEmployee(
            code: try form.required("code", as: "code", EmployeeCode.init(parsing:)),
            name: try form.required("name", as: "name", PersonName.init(parsing:)),
            startDate: try form.parsed("start", as: "first date", AttendanceDate.init(parsing:)))
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
        var done = "Added \(added.code) \(added.name.rawValue), employed from \(added.startDate.map { "\($0)" } ?? "")."
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
        let done: String
        switch action {
        case .edit:
            var changes = EmployeeChanges()
            changes.name = try form.parsed("name", as: "name", PersonName.init(parsing:))
            if let start = try form.parsed("start", as: "first date", AttendanceDate.init(parsing:)) {
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
                    "The form changes nothing: give a new name, first date, shift, department or language.")
            }
            let edit = try await blocking { [changes] in
                try Employees.edit(
                    code, changes, force: force, policy: policy, now: now, actor: actor, store: self.store)
            }
            done =
                "Saved \(edit.after.code) \(edit.after.name.rawValue)."
                + (edit.mayMarkAgain ? " They may mark in and out again." : "")
                + (edit.rejudged.map { count, first in
                    " \(count) past date\(count == 1 ? "" : "s") with punches (from \(first)) "
                        + "\(count == 1 ? "is" : "are") now judged by the new shift too: late and early-exit flags "
                        + "may differ from registers already printed."
                } ?? "")
        case .pin:
            guard let pin = try newPIN(form) else {
                throw WebFailure.badRequest("Type a PIN of 4 to 8 digits, or tick “make one up”; nothing was changed.")
            }
            try await blocking {
                try Employees.setPIN(code, pin: pin.pin, pepper: self.newPINPepper, actor: actor, store: self.store)
            }
            done = "PIN set for \(code)." + pinNotice(pin, code: code)
        case .unlock:
            let lifted = try await blocking { try Employees.unlock(code, actor: actor, store: self.store) }
            done = lifted.wasLocked ? "Lifted the lock of \(code)." : "\(code) was not locked; nothing to lift."
        case .deactivate:
            let end = try form.parsed("end", as: "last date", AttendanceDate.init(parsing:))
            let left = try await blocking {
                try Employees.deactivate(
                    code, endDate: end, force: force, policy: policy, now: now, actor: actor, store: self.store)
            }
            done = "Deactivated \(left.code); last date \(left.endDate.map { "\($0)" } ?? "today")."
        case .reactivate:
            let edit = try await blocking {
                try Employees.edit(
                    code, EmployeeChanges(endDate: .some(nil)), force: false, policy: policy, now: now, actor: actor,
                    store: self.store)
            }
            done =
                "Cleared the last date of \(edit.after.code)"
                + (edit.mayMarkAgain ? "; they may mark in and out again." : ".")
        }
        return try await managePage(session, code: code, done: done)
    }

    // MARK: - Fields

    /// The form's own shift: both ends or neither, as ``Employees/shift(start:end:)`` decides.
    private func shift(_ form: Form) throws -> (start: WallClockTime, end: WallClockTime)? {
        let start = try form.parsed("shift_start", as: "shift start", WallClockTime.init(parsing:))
        let end = try form.parsed("shift_end", as: "shift end", WallClockTime.init(parsing:))
        do { return try Employees.shift(start: start, end: end) } catch { throw WebFailure.badRequest(error.message) }
    }

    /// The PIN typed, or one made up when asked for; nil for neither.
    private func newPIN(_ form: Form) throws -> (pin: String, isMadeUp: Bool)? {
        if let typed = form.trimmed("pin") { return (typed, false) }
        return form["generate"] == "1" ? (Employees.generatedPIN(), true) : nil
    }

    private func pinNotice(_ pin: (pin: String, isMadeUp: Bool), code: EmployeeCode) -> String {
        pin.isMadeUp ? " The new PIN for \(code) is \(pin.pin): hand it over now; it is not shown again." : ""
    }

    private func shiftText(_ employee: Employee) -> String {
        guard let start = employee.shiftStart, let end = employee.shiftEnd else { return "office hours" }
        return "\(start)–\(end)"
    }

    private func stateText(_ employee: Employee, today: AttendanceDate) -> String {
        employee.employment(on: today).text + (employee.isPINLocked ? ", PIN locked" : "")
    }

    /// The line at the top of a page saying what was just done.
    func notice(_ done: String?) -> String {
        done.map { "<p class=\"done\" role=\"status\">\($0.escaped)</p>" } ?? ""
    }
}
