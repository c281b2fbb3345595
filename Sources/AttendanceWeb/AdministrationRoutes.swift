import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import HTTPTypes
import Hummingbird

/// The administration pages: employees, allowed WiFi, holidays and leave. Each list is for
/// every account; each form is a POST with the session's token, for a manager only, and answers
/// with its page again saying what was done.
extension Console {
    func addAdministration(to router: Router<ConsoleContext>) {
        router.get("/employees/:code/manage") { request, context in
            try await self.page(request) { session in
                try await self.managePage(session, code: try self.code(context.parameters.get("code")))
            }
        }
        router.post("/employees/:code/:action") { request, context in
            let (session, form) = try await self.changing(request, needsManager: true)
            let code = try self.code(context.parameters.get("code"))
            guard let action = context.parameters.get("action").flatMap(EmployeeAction.init(rawValue:)) else {
                throw WebFailure.notFound
            }
            return try await self.answering(
                request.uri.path, form, session,
                change: { try await self.change(code, action, form, session) },
                again: { try await self.managePage(session, code: code) })
        }
        router.get("/wifi") { request, _ in
            try await self.page(request) { session in try await self.wifiPage(session) }
        }
        router.get("/holidays") { request, _ in
            try await self.page(request) { session in
                try await self.holidaysPage(session, year: try self.year(QueryFields(request.uri.query)["year"]))
            }
        }
        router.post("/employees/import") { request, _ in
            let (session, upload) = try await self.uploading(request)
            let (page, status) = try await self.importEmployees(upload, session)
            return self.respond(session, page, status: status)
        }
        router.post("/employees/pins") { request, _ in
            let (session, form) = try await self.changing(request, needsManager: true)
            return try await self.pinSlips(form, session)
        }
        router.post("/holidays/import") { request, _ in
            let (session, upload) = try await self.uploading(request)
            return self.respond(session, try await self.importHolidays(upload, session))
        }
        router.get("/requests") { request, _ in
            try await self.page(request) { session in try await self.requestsPage(session) }
        }
        router.get("/leave") { request, _ in
            try await self.page(request) { session in
                try await self.leavePage(session, month: try self.month(QueryFields(request.uri.query)["month"]))
            }
        }
        // The forms: each answers with its page again, saying what was done, or on a refusal
        // why, with what was typed still in the form.
        typealias Handle = @Sendable (Form, ConsoleSession) async throws -> Page
        let forms: [(String, Handle, again: Handle)] = [
            ("/employees", { try await self.addEmployee($0, $1) }, { try await self.employeesPage($1) }),
            ("/wifi", { try await self.allow($0, $1) }, { try await self.wifiPage($1) }),
            ("/wifi/revoke", { try await self.revoke($0, $1) }, { try await self.wifiPage($1) }),
            (
                "/holidays", { try await self.addHoliday($0, $1) },
                { try await self.holidaysPage($1, year: self.year(of: $0["date"])) }
            ),
            (
                "/holidays/remove", { try await self.removeHoliday($0, $1) },
                { try await self.holidaysPage($1, year: self.year(of: $0["date"])) }
            ),
            (
                "/leave", { try await self.grantLeave($0, $1) },
                { try await self.leavePage($1, month: self.month(of: $0["from"])) }
            ),
            (
                "/leave/cancel", { try await self.cancelLeave($0, $1) },
                { try await self.leavePage($1, month: self.month(of: $0["date"])) }
            ),
            ("/requests/approve", { try await self.approveRequest($0, $1) }, { try await self.requestsPage($1) }),
            ("/requests/refuse", { try await self.refuseRequest($0, $1) }, { try await self.requestsPage($1) }),
        ]
        for (path, handle, again) in forms {
            router.post(RouterPath(path)) { request, _ in
                let (session, form) = try await self.changing(request, needsManager: true)
                return try await self.answering(
                    path, form, session, change: { try await handle(form, session) },
                    again: { try await again(form, session) })
            }
        }
    }

    /// The year of a date a refused form typed, to show that year's holidays again; this year
    /// when it is not a date.
    func year(of text: String?) -> Int {
        ((try? AttendanceDate(parsing: text ?? "")) ?? policy.attendanceDate(of: now())).year
    }

    /// The month of a date a refused form typed, to show that month's leave again; this month
    /// when it is not a date.
    func month(of text: String?) -> YearMonth {
        ((try? AttendanceDate(parsing: text ?? "")) ?? policy.attendanceDate(of: now())).yearMonth
    }

    /// Why employees, PINs, access points, holidays, leave and punches are not changed on this
    /// store, or nil: a kiosk of the central store leaves them to the centre, as its command line
    /// does (made on the kiosk's own store, a change would stay there, and the centre refuses a
    /// kiosk's corrections).
    var administeredElsewhere: String? {
        guard let kiosk = configuration.central?.kioskID, !isDesk else { return nil }
        return words.tr(
            "This machine is kiosk {kiosk} of the central store: employees, PINs, access points, holidays, leave and corrections of punches are made at the centre (a desk's console, attendance serve --store postgresql://…), where every kiosk gets them.",
            ["kiosk": kiosk.quotedForMessage])
    }

    /// Whether `session` is offered the administration forms: a manager's, on a store administered here.
    func administers(_ session: ConsoleSession) -> Bool {
        session.account.role.mayChange && administeredElsewhere == nil
    }

    /// What a manager who may not administer this store is told in place of the forms.
    func administrationNotice(_ session: ConsoleSession) -> String {
        guard session.account.role.mayChange, let elsewhere = administeredElsewhere else { return "" }
        return "<p class=\"notice\">\(elsewhere.escaped)</p>"
    }

    /// A page of what waits for a manager (missing mark-outs, requests): what was just done, what
    /// the list is, the notice for a manager who may not act here, then the list (`listTable`).
    func waitingList(
        _ title: String, section: String, intro: String, headers: [String], rows: String, empty: String,
        done: String?, _ session: ConsoleSession
    ) -> Page {
        let body = """
            \(notice(done))<p>\(intro)</p>\(administrationNotice(session))
            \(listTable(headers, rows: rows, empty: empty))
            """
        return Page(title: title, section: section, body: body)
    }

    func requireAdministeredHere() throws(WebFailure) {
        if let elsewhere = administeredElsewhere {
            throw WebFailure(status: .forbidden, message: elsewhere + " " + words.tr("Nothing was changed."))
        }
    }

    /// The page a form answers with, in the console's frame.
    func respond(_ session: ConsoleSession, _ page: Page, status: HTTPResponse.Status = .ok) -> Response {
        html(Layout(office: office, session: session).render(page), status: status)
    }

    /// `?year=YYYY`, this year when absent.
    func year(_ text: Substring?) throws -> Int {
        guard let text else { return policy.attendanceDate(of: now()).year }
        guard let year = Int(text), (1...9999).contains(year) else {
            throw WebFailure.badRequest(
                words.tr("The year is four digits, e.g. 2026, not {text}.", ["text": String(text).quotedForMessage]))
        }
        return year
    }
}

/// What a manager does to one employee from their page.
enum EmployeeAction: String {
    case edit, pin, unlock, deactivate, reactivate
}

extension Form {
    /// The field `key` read by `parse`; nil when empty; a 400 naming `label` (in the request's
    /// language, `ctr("form field", …)`) and the form it should have when malformed.
    func parsed<T>(_ key: String, as label: String, _ parse: (String) throws -> T) throws(WebFailure) -> T? {
        guard let text = trimmed(key) else { return nil }
        do {
            return try parse(text)
        } catch CoreError.invalidValue(_, let value, let expected) {
            // The rule's own sentence names its field ("invalid date …") as the form already does.
            throw .badRequest(
                Console.words.tr(
                    "The {label} {value} is not right: expected {expected}; nothing was changed.",
                    ["label": label, "value": value.quotedForMessage, "expected": expected.worded(Console.words)]))
        } catch {
            throw .badRequest(
                Console.words.tr(
                    "The {label} is not right: {reason}; nothing was changed.",
                    ["label": label, "reason": Console.words.sentence(for: error)]))
        }
    }

    /// As ``parsed(_:as:_:)``, and a 400 naming `label` when empty.
    func required<T>(_ key: String, as label: String, _ parse: (String) throws -> T) throws(WebFailure) -> T {
        guard let value = try parsed(key, as: label, parse) else {
            throw .badRequest(Console.words.tr("Give the {label}; nothing was changed.", ["label": label]))
        }
        return value
    }
}
