import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

extension Console {
    /// `/employees/CODE/days/DATE`: the day's status, flags and punches (voided ones too), where
    /// each was taken and every correction made to it; for a manager, the forms that correct them.
    func dayPage(
        _ session: ConsoleSession, code: EmployeeCode, date: AttendanceDate, done: String? = nil
    ) async throws -> Page {
        let (policy, now, words) = (self.policy, self.now(), self.words)
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
            let changes = history.corrections.map { $0.sentence(zone: zone, words) }
            var forms = ""
            if manager {
                let action = history.isVoided ? "restore" : "void"
                let button = history.isVoided ? words.tr("Restore") : words.tr("Void")
                let (hint, label) = (words.ctr("form field", "reason"), words.ctr("form field", "Reason"))
                let target = "/punches/\(punch.id)/correct"
                // Each form names the punch's employee and day: a refused one shows this page again.
                let hidden = { (action: String) in
                    "<input type=\"hidden\" name=\"action\" value=\"\(action)\">"
                        + "<input type=\"hidden\" name=\"code\" value=\"\(employee.code.rawValue.escaped)\">"
                        + "<input type=\"hidden\" name=\"date\" value=\"\(date)\">"
                }
                let reason = { (action: String) in
                    "<input name=\"reason\" value=\"\(KeptForm.value("reason", of: target, identity: ["action": action]))\" "
                        + "placeholder=\"\(hint)\" required maxlength=\"500\" aria-label=\"\(label)\">"
                }
                forms = """
                    <form method="post" action="\(target)" class="inline">\(csrfField(session))
                    \(hidden(action))
                    \(reason(action))
                    \(forceBox(outside, action: target, identity: ["action": action]))<button type="submit">\(button)</button></form>
                    """
                if !history.isVoided {
                    let (newTime, retime) = (words.tr("New time"), words.tr("Re-time"))
                    let at = KeptForm.value(
                        "at", of: target, identity: ["action": "retime"], else: zone.minuteText(of: punch.instant))
                    forms += """
                        <form method="post" action="\(target)" class="inline">\(csrfField(session))
                        \(hidden("retime"))
                        <input name="at" value="\(at)" required aria-label="\(newTime)">
                        \(reason("retime"))
                        \(forceBox(outside, action: target, identity: ["action": "retime"]))<button type="submit">\(retime)</button></form>
                        """
                }
            }
            let voided = history.isVoided ? " (" + words.ctr("a punch", "voided") + ")" : ""
            return "<tr\(history.isVoided ? " class=\"voided\"" : "")><td>\(punch.id)</td>"
                + "<td>\(zone.clockText(of: punch.instant))</td><td>\(punch.kind.label)\(voided)</td>"
                + "<td>\(punch.source.rawValue.escaped)</td><td>\(place.escaped)</td>"
                + "<td>\(changes.map { $0.escaped }.joined(separator: "<br>"))</td><td>\((punch.note ?? "").escaped)</td>"
                + (manager ? "<td>\(forms)</td>" : "") + "</tr>"
        }.joined()
        let status =
            (day.code.isEmpty ? day.status.legendName(words) : "\(day.code) — \(day.status.legendName(words))")
            + (day.status == .leave ? day.leaveType.map { " (\($0.displayName(words)))" } ?? "" : "")
        var add = ""
        if manager {
            let fields = [
                words.tr("Add a punch the kiosk did not record"), words.ctr("form field", "Kind"),
                words.ctr("form field", "At"), words.ctr("form field", "Reason"), words.tr("e.g. forgot to mark out"),
                words.tr("Add"),
            ]
            let target = "\(link)/days/\(date)/punches"
            add = """
                <h2>\(fields[0])</h2>
                <form method="post" action="\(target)" class="inline">\(csrfField(session))
                <label>\(fields[1]) <select name="kind"><option value="out">OUT</option><option value="in"\(KeptForm.selected("kind", "in", of: target))>IN</option></select></label>
                <label>\(fields[2]) <input name="at" value="\(KeptForm.value("at", of: target, else: "\(date) "))" placeholder="YYYY-MM-DD HH:MM" required></label>
                <label>\(fields[3]) <input name="reason" value="\(KeptForm.value("reason", of: target))" placeholder="\(fields[4])" required maxlength="500"></label>
                \(forceBox(outside, action: target))<button type="submit">\(fields[5])</button></form>
                """
        }
        let headings =
            [
                words.ctr("punches table", "Id"), words.ctr("punches table", "Time"),
                words.ctr("punches table", "Kind"),
                words.ctr("punches table", "Source"), words.ctr("punches table", "Access point"),
                words.ctr("punches table", "Corrections"), words.ctr("punches table", "Note"),
            ] + (manager ? [words.ctr("punches table", "Correct")] : [])
        let header = "<tr>" + headings.map { "<th>\($0)</th>" }.joined() + "</tr>"
        let late = day.minutesLate.map { " · " + words.ntr("late by {n} min", "late by {n} min", $0) } ?? ""
        var facts = [
            "<p><a href=\"\(link)?month=\(date.yearMonth)\">"
                + words.tr(
                    "{name}, {month}",
                    ["name": employee.name.rawValue.escaped, "month": words.monthTitle(date.yearMonth)]) + "</a></p>",
            "<p class=\"status \(statusClass(day.status))\">\(status.escaped)\(late)</p>",
        ]
        if !day.flags.isEmpty {
            facts.append("<p>" + words.tr("Flags: {flags}", ["flags": day.flags.described(words).escaped]) + "</p>")
        }
        if let holiday = day.holidayName {
            facts.append("<p>" + words.tr("Holiday: {name}", ["name": holiday.escaped]) + "</p>")
        }
        facts.append(
            "<p>" + words.tr("Worked: {duration}", ["duration": TimeText.duration(day.countedSeconds)]) + "</p>")
        let punches = words.tr("Punches")
        let table =
            rows.isEmpty
            ? "<p>" + words.tr("No punches.") + "</p>"
            : "<div class=\"scroll\"><table><thead>\(header)</thead><tbody>\(rows)</tbody></table></div>"
        let body = """
            \(notice(done))
            \(facts.joined(separator: "\n"))
            <h2>\(punches)</h2>
            \(table)
            \(administrationNotice(session))\(add)
            """
        return Page(
            title: "\(employee.name.rawValue) — \(words.longDate(date))", section: "employees",
            body: body)
    }

    /// "2026-11-24 is now P; 2026-11-25 is now A.": how a correction left the dates it touched.
    static func datesNow(_ result: CorrectionResult, _ words: Speech) -> String {
        result.days.map {
            words.tr(
                "{date} is now {status}",
                ["date": $0.date.description, "status": $0.code.isEmpty ? $0.status.legendName(words) : $0.code])
        }.joined(separator: "; ") + "."
    }

    /// The box a correction past the edit window must tick.
    private func forceBox(_ outside: Bool, action: String, identity: [String: String] = [:]) -> String {
        outside
            ? "<label><input type=\"checkbox\" name=\"force\" value=\"1\"\(KeptForm.checked("force", of: action, identity: identity))> "
                + words.tr("past the edit window")
                + "</label>"
            : ""
    }

    /// A correction from the day page's forms, recorded as "NAME via web" with its reason; then
    /// the day again, saying what was done.
    func correct(_ form: Form, _ session: ConsoleSession, punch: Int64?, code: EmployeeCode?) async throws -> Page {
        let words = self.words
        guard let reason = form.trimmed("reason") else {
            throw WebFailure.badRequest(words.tr("Say why (the reason is kept in the audit log); nothing was changed."))
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
                throw WebFailure.badRequest(
                    words.tr("That correction is not complete (a time, a kind?); nothing was changed."))
            }
            return try Corrections.apply(
                request, reason: reason, actor: session.account.actor, force: force, policy: policy, now: now,
                store: self.store)
        }
        let punch = result.outcome.after.effective
        let values = [
            "id": String(punch.id), "kind": punch.kind.label, "time": policy.zone.minuteText(of: punch.instant),
        ]
        let sentence =
            switch result.outcome.correction.action {
            case .add: words.tr("Added punch {id}: {kind} {time}.", values)
            case .void: words.tr("Voided punch {id}: {kind} {time}.", values)
            case .restore: words.tr("Restored punch {id}: {kind} {time}.", values)
            case .retime: words.tr("Re-timed punch {id}: {kind} {time}.", values)
            }
        let done = sentence + " " + Self.datesNow(result, words)
        return try await dayPage(session, code: result.outcome.employee.code, date: punch.attendanceDate, done: done)
    }
}
