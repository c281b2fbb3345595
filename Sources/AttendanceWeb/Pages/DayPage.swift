import AttendanceApp
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation

extension Console {
    /// `/employees/CODE/days/DATE`: the day's status, flags and punches (voided ones too), where
    /// each was taken and every correction made to it; for a manager, the forms that correct them.
    func dayPage(
        _ session: ConsoleSession, code: EmployeeCode, date: AttendanceDate, done: String? = nil
    ) async throws -> Page {
        let (policy, now) = (self.policy, self.now())
        let (employee, day, histories) = try await blocking {
            let employee = try Reports.employee(code, store: self.store)
            return (
                employee, try Reports.day(date, of: employee, policy: policy, now: now, store: self.store),
                try Reports.punchHistories(of: employee, on: date, store: self.store)
            )
        }
        let zone = policy.zone
        let link = "/employees/\(employee.code.rawValue.urlComponent)"
        let manager = administers(session)
        let outside = policy.isOutsideEditWindow(date, now: now)
        let rows = histories.map { history in
            let punch = history.effective
            let place = [punch.ssid.map { "\($0)" }, punch.bssid.map { "\($0)" }, punch.location]
                .compactMap { $0 }.joined(separator: " · ")
            let changes = history.corrections.map { correction in
                "\(correction.action.pastTense) by \(correction.actor) at \(zone.minuteText(of: correction.at)): "
                    + correction.reason
            }
            var forms = ""
            if manager {
                let action = history.isVoided ? "restore" : "void"
                forms = """
                    <form method="post" action="/punches/\(punch.id)/correct" class="inline">\(csrfField(session))
                    <input type="hidden" name="action" value="\(action)">
                    <input name="reason" placeholder="reason" required maxlength="500" aria-label="Reason">
                    \(forceBox(outside))<button type="submit">\(history.isVoided ? "Restore" : "Void")</button></form>
                    """
                if !history.isVoided {
                    forms += """
                        <form method="post" action="/punches/\(punch.id)/correct" class="inline">\(csrfField(session))
                        <input type="hidden" name="action" value="retime">
                        <input name="at" value="\(zone.minuteText(of: punch.instant))" required aria-label="New time">
                        <input name="reason" placeholder="reason" required maxlength="500" aria-label="Reason">
                        \(forceBox(outside))<button type="submit">Re-time</button></form>
                        """
                }
            }
            return "<tr\(history.isVoided ? " class=\"voided\"" : "")><td>\(punch.id)</td>"
                + "<td>\(zone.clockText(of: punch.instant))</td><td>\(punch.kind.label)\(history.isVoided ? " (voided)" : "")</td>"
                + "<td>\(punch.source.rawValue.escaped)</td><td>\(place.escaped)</td>"
                + "<td>\(changes.map { $0.escaped }.joined(separator: "<br>"))</td><td>\((punch.note ?? "").escaped)</td>"
                + (manager ? "<td>\(forms)</td>" : "") + "</tr>"
        }.joined()
        let status = day.code.isEmpty ? day.status.name : "\(day.code) — \(day.status.name)"
        let add =
            manager
            ? """
            <h2>Add a punch the kiosk did not record</h2>
            <form method="post" action="\(link)/days/\(date)/punches" class="inline">\(csrfField(session))
            <label>Kind <select name="kind"><option value="out">OUT</option><option value="in">IN</option></select></label>
            <label>At <input name="at" value="\(date) " placeholder="YYYY-MM-DD HH:MM" required></label>
            <label>Reason <input name="reason" placeholder="e.g. forgot to mark out" required maxlength="500"></label>
            \(forceBox(outside))<button type="submit">Add</button></form>
            """ : ""
        let header =
            "<tr><th>Id</th><th>Time</th><th>Kind</th><th>Source</th><th>Access point</th><th>Corrections</th>"
            + "<th>Note</th>\(manager ? "<th>Correct</th>" : "")</tr>"
        let body = """
            \(done.map { "<p class=\"done\" role=\"status\">\($0.escaped)</p>" } ?? "")
            <p><a href="\(link)?month=\(date.yearMonth)">\(employee.name.rawValue.escaped)'s \(date.yearMonth.title)</a></p>
            <p class="status \(statusClass(day.status))">\(status.escaped)\(day.minutesLate.map { " · late by \($0) min" } ?? "")</p>
            \(day.flags.isEmpty ? "" : "<p>Flags: \(day.flags.description.escaped)</p>")
            \(day.holidayName.map { "<p>Holiday: \($0.escaped)</p>" } ?? "")
            <p>Worked: \(TimeText.duration(day.countedSeconds))</p>
            <h2>Punches</h2>
            \(rows.isEmpty ? "<p>No punches.</p>" : "<div class=\"scroll\"><table><thead>\(header)</thead><tbody>\(rows)</tbody></table></div>")
            \(administrationNotice(session))\(add)
            """
        return Page(title: "\(employee.name.rawValue) — \(date.weekday.name) \(date)", section: "employees", body: body)
    }

    /// The box a correction past the edit window must tick.
    private func forceBox(_ outside: Bool) -> String {
        outside ? "<label><input type=\"checkbox\" name=\"force\" value=\"1\"> past the edit window</label>" : ""
    }

    /// A correction from the day page's forms, recorded as "NAME via web" with its reason; then
    /// the day again, saying what was done.
    func correct(_ form: Form, _ session: ConsoleSession, punch: Int64?, code: EmployeeCode?) async throws -> Page {
        guard let reason = form.trimmed("reason") else {
            throw WebFailure.badRequest("Say why (the reason is kept in the audit log); nothing was changed.")
        }
        let (policy, now, force) = (self.policy, self.now(), form["force"] == "1")
        let action = form["action"] ?? "add"
        let at = form.trimmed("at")
        let kind = form["kind"].flatMap(PunchKind.init(rawValue:))
        let result = try await blocking { () throws -> CorrectionResult in
            let instant = try at.map { try policy.zone.instant(parsingLocal: $0) }
            let request: CorrectionRequest
            switch (action, punch, code, instant, kind) {
            case ("void", let id?, _, _, _): request = .void(punchID: id)
            case ("restore", let id?, _, _, _): request = .restore(punchID: id)
            case ("retime", let id?, _, let instant?, _): request = .retime(punchID: id, to: instant)
            case ("add", nil, let code?, let instant?, let kind?):
                request = .add(employee: code, kind: kind, at: instant, note: nil)
            default:
                throw WebFailure.badRequest("That correction is not complete (a time, a kind?); nothing was changed.")
            }
            return try Corrections.apply(
                request, reason: reason, actor: session.account.actor, force: force, policy: policy, now: now,
                store: self.store)
        }
        let punch = result.outcome.after.effective
        let days = result.days.map { "\($0.date) is now \($0.code.isEmpty ? $0.status.name : $0.code)" }
        let verb = result.outcome.correction.action.pastTense
        let done =
            "\(verb.prefix(1).uppercased() + verb.dropFirst()) punch \(punch.id): \(punch.kind.label) "
            + "\(policy.zone.minuteText(of: punch.instant)). " + days.joined(separator: "; ") + "."
        return try await dayPage(session, code: result.outcome.employee.code, date: punch.attendanceDate, done: done)
    }
}
