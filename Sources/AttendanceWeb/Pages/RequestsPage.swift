import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

extension Console {
    /// `/requests`: the corrections employees asked for at the kiosk, waiting, oldest date first;
    /// for a manager, a form to approve each (the ordinary correction is made) and one to refuse it.
    func requestsPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let waiting = try await blocking { try AskedCorrections.waiting(store: self.store) }
        let words = self.words
        let text = [
            words.ctr("request form", "Note"), words.tr("Approve"), words.ctr("form field", "Reason"),
            words.tr("e.g. you left at 17:00"), words.tr("Refuse"),
        ]
        let rows = waiting.map { asked -> String in
            var forms = ""
            if administers(session) {
                let field = "request-\(asked.id)"
                forms = """
                    <form method="post" action="/requests/approve" class="inline">\(csrfField(session))
                    <input type="hidden" name="id" value="\(asked.id)">
                    <label for="\(field)-note">\(text[0])</label>
                    <input id="\(field)-note" name="note" value="\(KeptForm.value("note", of: "/requests/approve", identity: ["id": "\(asked.id)"]))" maxlength="500">
                    <button type="submit">\(text[1])</button></form>
                    <form method="post" action="/requests/refuse" class="inline">\(csrfField(session))
                    <input type="hidden" name="id" value="\(asked.id)">
                    <label for="\(field)-reason">\(text[2])</label>
                    <input id="\(field)-reason" name="reason" value="\(KeptForm.value("reason", of: "/requests/refuse", identity: ["id": "\(asked.id)"]))" placeholder="\(text[3])" required maxlength="500">
                    <button type="submit">\(text[4])</button></form>
                    """
            }
            return "<tr>\(dateAndEmployeeCells(asked.date, asked.employee))<td>\(asked.leftAt)</td>"
                + "<td>\(asked.reason.escaped)</td><td>\(forms)</td></tr>"
        }.joined()
        let intro = words.tr(
            "Corrections employees asked for at the kiosk. A request counts for nothing until it is approved; approving marks the day out at the time given (or re-times its last OUT), as a correction in the audit log."
        )
        return waitingList(
            words.ctr("console page", "Requests"), section: "requests", intro: intro,
            headers: [
                words.ctr("requests table", "Date"), words.ctr("requests table", "Employee"),
                words.ctr("requests table", "Left at"), words.ctr("requests table", "Reason"), "",
            ], rows: rows, empty: words.tr("No requests are waiting."), done: done, session)
    }

    /// Approves one request, recorded as "NAME via web"; then the list again with what was done.
    func approveRequest(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let id = try requestID(form)
        let (policy, now, note) = (self.policy, self.now(), form.trimmed("note"))
        let result = try await blocking {
            try AskedCorrections.approve(
                id, note: note, actor: session.account.actor, force: false, policy: policy, now: now,
                store: self.store)
        }
        return try await requestsPage(session, done: Self.markedOut(result, approved: true, zone: policy.zone, words))
    }

    /// Refuses one request with the reason the employee will read at the kiosk.
    func refuseRequest(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let id = try requestID(form)
        guard let reason = form.trimmed("reason") else {
            throw WebFailure.badRequest(
                words.tr("Say why the request is refused (the employee reads it); nothing was changed."))
        }
        try await blocking {
            try AskedCorrections.refuse(id, answer: reason, actor: session.account.actor, store: self.store)
        }
        return try await requestsPage(session, done: words.tr("Refused request {id}.", ["id": String(id)]))
    }

    private func requestID(_ form: Form) throws(WebFailure) -> Int64 {
        guard let text = form.trimmed("id"), let id = Int64(text), id > 0 else {
            throw WebFailure.badRequest(words.tr("That is not a request; nothing was changed."))
        }
        return id
    }
}
