import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

extension Console {
    /// `/missing`: every forgotten mark-out still within the edit window, oldest first, each with
    /// the core's suggested close time and, for a manager, the form that closes it.
    func missingPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let (policy, now, words) = (self.policy, self.now(), self.words)
        let today = policy.attendanceDate(of: now)
        let open = try await blocking {
            try Reports.openSessions(
                from: today.adding(days: -policy.editWindowDays), through: today, policy: policy, now: now,
                store: self.store)
        }
        let text = [
            words.tr("Marked out at"), words.ctr("form field", "Reason"), words.tr("e.g. forgot to mark out"),
            words.tr("past the edit window"), words.ctr("a mark-out", "Close"),
        ]
        let rows = open.map { item -> String in
            let zone = item.policy.zone
            let code = item.employee.code.rawValue
            let start = zone.minuteText(of: item.session.start)
            let what =
                item.session.outPunch.map {
                    words.tr(
                        "IN {start} to OUT {end}, over the longest session",
                        ["start": start, "end": zone.minuteText(of: $0.instant)])
                } ?? "IN \(start)"
            var form = ""
            if administers(session) {
                let field = "close-\(item.session.inPunch.id)"
                let kept = { (name: String, shown: String) in
                    KeptForm.value(
                        name, of: "/missing/close", identity: ["in": "\(item.session.inPunch.id)"], else: shown)
                }
                form = """
                    <form method="post" action="/missing/close" class="inline">\(csrfField(session))
                    <input type="hidden" name="code" value="\(code.escaped)">
                    <input type="hidden" name="in" value="\(item.session.inPunch.id)">
                    \(item.session.outPunch.map { "<input type=\"hidden\" name=\"out\" value=\"\($0.id)\">" } ?? "")
                    <label for="\(field)-at">\(text[0])</label>
                    <input id="\(field)-at" name="at" value="\(kept("at", item.suggestedClose.map(zone.minuteText(of:)) ?? ""))" placeholder="YYYY-MM-DD HH:MM" required>
                    <label for="\(field)-reason">\(text[1])</label>
                    <input id="\(field)-reason" name="reason" value="\(kept("reason", ""))" placeholder="\(text[2])" required maxlength="500">
                    \(item.isOutsideEditWindow ? "<label><input type=\"checkbox\" name=\"force\" value=\"1\"\(KeptForm.checked("force", of: "/missing/close", identity: ["in": "\(item.session.inPunch.id)"]))> \(text[3])</label>" : "")
                    <button type="submit">\(text[4])</button></form>
                    """
            }
            return
                "<tr>\(dateAndEmployeeCells(item.day.date, item.employee))<td>\(what.escaped)</td><td>\(form)</td></tr>"
        }.joined()
        let intro =
            words.ntr(
                "Forgotten mark-outs of the last {n} day, oldest first.",
                "Forgotten mark-outs of the last {n} days, oldest first.", policy.editWindowDays) + " "
            + words.tr(
                "Employees can also ask for a correction at the kiosk: see {requests}.",
                ["requests": "<a href=\"/requests\">" + words.ctr("console page", "Requests") + "</a>"])
        return waitingList(
            words.ctr("console page", "Missing mark-outs"), section: "missing", intro: intro,
            headers: [
                words.ctr("missing table", "Date"), words.ctr("missing table", "Employee"),
                words.ctr("missing table", "Open session"), "",
            ], rows: rows, empty: words.tr("No missing mark-outs."), done: done, session)
    }

    /// Closes one open session (a new OUT) or shortens an over-long one (its OUT re-timed), with
    /// the reason given, recorded as "NAME via web"; then the list again with what was done.
    func close(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let words = self.words
        guard let reason = form.trimmed("reason") else {
            throw WebFailure.badRequest(
                words.tr("Say why the mark-out is added (the reason is kept in the audit log); nothing was changed."))
        }
        guard let at = form.trimmed("at") else {
            throw WebFailure.badRequest(
                words.tr("Give the time the person left, as YYYY-MM-DD HH:MM; nothing was changed."))
        }
        let code = try self.code(form["code"])
        let outID = try form.trimmed("out").map { text -> Int64 in
            guard let id = Int64(text), id > 0 else {
                throw WebFailure.badRequest(words.tr("That is not a punch: {text}", ["text": text]))
            }
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
        return try await missingPage(session, done: Self.markedOut(result, approved: false, zone: policy.zone, words))
    }

    /// "Recorded: Asha Rao OUT at 2026-11-24 18:00. 2026-11-24 is now P.": what closing a day
    /// (or approving a request, "Approved: …") did.
    static func markedOut(_ result: CorrectionResult, approved: Bool, zone: LocalZone, _ words: Speech) -> String {
        let punch = result.outcome.after.effective
        let values = ["name": result.outcome.employee.name.rawValue, "time": zone.minuteText(of: punch.instant)]
        let sentence =
            approved
            ? words.tr("Approved: {name} OUT at {time}.", values) : words.tr("Recorded: {name} OUT at {time}.", values)
        return sentence + " " + datesNow(result, words)
    }
}
