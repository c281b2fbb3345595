import AttendanceApp
import AttendanceCore
import AttendanceStore
import Foundation

extension Console {
    /// `/missing`: every forgotten mark-out still within the edit window, oldest first, each with
    /// the core's suggested close time and, for a manager, the form that closes it.
    func missingPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let (policy, now) = (self.policy, self.now())
        let today = policy.attendanceDate(of: now)
        let open = try await blocking {
            try Reports.openSessions(
                from: today.adding(days: -policy.editWindowDays), through: today, policy: policy, now: now,
                store: self.store)
        }
        let rows = open.map { item -> String in
            let zone = item.policy.zone
            let code = item.employee.code.rawValue
            let what =
                "IN \(zone.minuteText(of: item.session.start))"
                + (item.session.outPunch.map { " to OUT \(zone.minuteText(of: $0.instant)), over the longest session" }
                    ?? "")
            var form = ""
            if administers(session) {
                let field = "close-\(item.session.inPunch.id)"
                form = """
                    <form method="post" action="/missing/close" class="inline">\(csrfField(session))
                    <input type="hidden" name="code" value="\(code.escaped)">
                    <input type="hidden" name="in" value="\(item.session.inPunch.id)">
                    \(item.session.outPunch.map { "<input type=\"hidden\" name=\"out\" value=\"\($0.id)\">" } ?? "")
                    <label for="\(field)-at">Marked out at</label>
                    <input id="\(field)-at" name="at" value="\((item.suggestedClose.map(zone.minuteText(of:)) ?? "").escaped)" placeholder="YYYY-MM-DD HH:MM" required>
                    <label for="\(field)-reason">Reason</label>
                    <input id="\(field)-reason" name="reason" placeholder="e.g. forgot to mark out" required maxlength="500">
                    \(item.isOutsideEditWindow ? "<label><input type=\"checkbox\" name=\"force\" value=\"1\"> past the edit window</label>" : "")
                    <button type="submit">Close</button></form>
                    """
            }
            return
                "<tr>\(dateAndEmployeeCells(item.day.date, item.employee))<td>\(what.escaped)</td><td>\(form)</td></tr>"
        }.joined()
        let notice = done.map { "<p class=\"done\" role=\"status\">\($0.escaped)</p>" } ?? ""
        let body = """
            \(notice)<p>Forgotten mark-outs of the last \(policy.editWindowDays) days, oldest first. \
            Employees can also ask for a correction at the kiosk: see <a href="/requests">Requests</a>.</p>\(administrationNotice(session))
            \(rows.isEmpty ? "<p>No missing mark-outs.</p>" : "<table><thead><tr><th>Date</th><th>Employee</th><th>Open session</th><th></th></tr></thead><tbody>\(rows)</tbody></table>")
            """
        return Page(title: "Missing mark-outs", section: "missing", body: body)
    }

    /// Closes one open session (a new OUT) or shortens an over-long one (its OUT re-timed), with
    /// the reason given, recorded as "NAME via web"; then the list again with what was done.
    func close(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        guard let reason = form.trimmed("reason") else {
            throw WebFailure.badRequest(
                "Say why the mark-out is added (the reason is kept in the audit log); nothing was changed.")
        }
        guard let at = form.trimmed("at") else {
            throw WebFailure.badRequest("Give the time the person left, as YYYY-MM-DD HH:MM; nothing was changed.")
        }
        let code = try self.code(form["code"])
        let outID = try form.trimmed("out").map { text -> Int64 in
            guard let id = Int64(text), id > 0 else { throw WebFailure.badRequest("That is not a punch: \(text)") }
            return id
        }
        let (policy, now, force) = (self.policy, self.now(), form["force"] == "1")
        let result = try await blocking {
            let instant = try policy.zone.instant(parsingLocal: at)
            let request: CorrectionRequest =
                outID.map { .retime(punchID: $0, to: instant) }
                ?? .add(employee: code, kind: .out, at: instant, note: nil)
            return try Corrections.apply(
                request, reason: reason, actor: session.account.actor, force: force, policy: policy, now: now,
                store: self.store)
        }
        return try await missingPage(session, done: Self.markedOut(result, "Recorded", zone: policy.zone))
    }

    /// "Recorded: Asha Rao OUT at 2026-11-24 18:00. 2026-11-24 is now P.": what closing a day did.
    static func markedOut(_ result: CorrectionResult, _ what: String, zone: LocalZone) -> String {
        let punch = result.outcome.after.effective
        let days = result.days.map { "\($0.date) is now \($0.code.isEmpty ? $0.status.name : $0.code)" }
        return "\(what): \(result.outcome.employee.name.rawValue) OUT at \(zone.minuteText(of: punch.instant)). "
            + days.joined(separator: "; ") + "."
    }
}
