import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The console's pages and forms. Every page that shows personal data needs a session; every
/// form that changes something is a POST carrying the session's token, and a viewer's is refused.
extension Console {
    static let cookieName = "attendance_session"
    /// The largest body a form may send.
    static let largestForm = 16 * 1024
    /// The largest body an upload (an .ics file) may send.
    static let largestUpload = 1024 * 1024

    func routes() -> Router<ConsoleContext> {
        let router = Router(context: ConsoleContext.self)
        router.add(middleware: ConsolePolicy(console: self))
        router.get("/console.css") { _, _ in
            var response = Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: ConsoleStyle.css)))
            response.headers[.cacheControl] = "public, max-age=3600"
            return response
        }
        router.get("/login") { request, _ in
            self.loginPage(next: QueryFields(request.uri.query)["next"].map(String.init))
        }
        router.post("/login") { request, context in try await self.signIn(request, context: context) }
        router.post("/logout") { request, _ in
            let (session, _) = try await self.changing(request, needsManager: false)
            self.sessions.end(session.id)
            return self.redirect(to: "/login", clearing: true)
        }
        router.get("/") { request, _ in
            try await self.page(request) { session in try await self.todayPage(session) }
        }
        router.get("/register") { request, _ in
            try await self.page(request) { session in
                try await self.registerPage(
                    session, choice: try self.registerChoice { QueryFields(request.uri.query)[Substring($0)] })
            }
        }
        for format in FileType.allCases {
            router.get("/register.\(format.rawValue)") { request, _ in
                let query = QueryFields(request.uri.query)
                return try await self.download(request) { _ in
                    try await self.registerFile(
                        format, choice: try self.registerChoice { query[Substring($0)] },
                        paper: try self.paper(query["paper"]))
                }
            }
        }
        router.get("/hours") { request, _ in
            try await self.page(request) { session in
                try await self.hoursPage(session, try self.weekChoice { QueryFields(request.uri.query)[Substring($0)] })
            }
        }
        for format in HoursFile.allCases {
            router.get("/hours.\(format.rawValue)") { request, _ in
                try await self.download(request) { _ in
                    try await self.hoursFile(
                        format, try self.weekChoice { QueryFields(request.uri.query)[Substring($0)] })
                }
            }
        }
        router.get("/employees") { request, _ in
            try await self.page(request) { session in try await self.employeesPage(session) }
        }
        router.get("/employees/:code") { request, context in
            try await self.page(request) { session in
                try await self.employeePage(
                    session, code: try self.code(context.parameters.get("code")),
                    month: try self.month(QueryFields(request.uri.query)["month"]))
            }
        }
        router.get("/employees/:code/calendar.pdf") { request, context in
            let query = QueryFields(request.uri.query)
            return try await self.download(request) { _ in
                try await self.calendarFile(
                    try self.code(context.parameters.get("code")), month: try self.month(query["month"]),
                    paper: try self.paper(query["paper"]))
            }
        }
        router.get("/calendars.pdf") { request, _ in
            let query = QueryFields(request.uri.query)
            return try await self.download(request) { _ in
                try await self.calendarFile(
                    nil, month: try self.month(query["month"]), paper: try self.paper(query["paper"]))
            }
        }
        router.get("/employees/:code/days/:date") { request, context in
            try await self.page(request) { session in
                try await self.dayPage(
                    session, code: try self.code(context.parameters.get("code")),
                    date: try self.date(context.parameters.get("date")))
            }
        }
        router.post("/punches/:id/correct") { request, context in
            let (session, form) = try await self.changing(request, needsManager: true)
            guard let id = context.parameters.get("id").flatMap(Int64.init), id > 0 else { throw WebFailure.notFound }
            // The punch's form carries its employee and date, to show its day again on a refusal.
            return try await self.answering(
                request.uri.path, form, session,
                change: { try await self.correct(form, session, punch: id, code: nil) },
                again: { try await self.dayPage(session, code: self.code(form["code"]), date: self.date(form["date"])) }
            )
        }
        router.post("/employees/:code/days/:date/punches") { request, context in
            let (session, form) = try await self.changing(request, needsManager: true)
            let code = try self.code(context.parameters.get("code"))
            let date = try self.date(context.parameters.get("date"))
            return try await self.answering(
                request.uri.path, form, session,
                change: { try await self.correct(form, session, punch: nil, code: code) },
                again: { try await self.dayPage(session, code: code, date: date) })
        }
        router.get("/audit") { request, _ in
            try await self.page(request) { session in
                let employee = try QueryFields(request.uri.query)["employee"].flatMap { text in
                    text.isEmpty ? nil : try self.code(String(text))
                }
                return try await self.auditPage(
                    session, employee: employee, month: try self.month(QueryFields(request.uri.query)["month"]))
            }
        }
        router.get("/health") { request, _ in
            try await self.page(request) { session in try await self.healthPage(session) }
        }
        router.get("/missing") { request, _ in
            try await self.page(request) { session in try await self.missingPage(session) }
        }
        router.post("/missing/close") { request, _ in
            let (session, form) = try await self.changing(request, needsManager: true)
            return try await self.answering(
                "/missing/close", form, session, change: { try await self.close(form, session) },
                again: { try await self.missingPage(session) })
        }
        addAdministration(to: router)
        return router
    }

    // MARK: - Sessions and forms

    /// The session of `request`, if it has a live one (for error pages: no store read).
    func session(of request: Request) -> ConsoleSession? {
        request.cookies[Self.cookieName].flatMap { sessions.find($0.value, now: now()) }
    }

    /// The live session of `request` whose account still exists: a removed account's sessions end
    /// at their next request.
    func liveSession(of request: Request) async throws -> ConsoleSession? {
        guard let session = session(of: request) else { return nil }
        let name = session.account.name
        guard try await blocking({ try ManagerAccounts(store: self.store).current(name) }) != nil else {
            sessions.end(session.id)
            return nil
        }
        return session
    }

    /// A page behind the sign-in: without a session, the sign-in page, then back here.
    func page(_ request: Request, _ render: (ConsoleSession) async throws -> Page) async throws -> Response {
        try await download(request) { session in
            self.html(Layout(office: self.office, session: session).render(try await render(session)))
        }
    }

    /// A file behind the sign-in: without a session, the sign-in page, then back here.
    func download(_ request: Request, _ make: (ConsoleSession) async throws -> Response) async throws -> Response {
        guard let session = try await liveSession(of: request) else {
            let path = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            return redirect(to: "/login?next=" + path.urlComponent)
        }
        return try await make(session)
    }

    /// A form that changes something: its session, its token, its role, its fields.
    func changing(_ request: Request, needsManager: Bool) async throws -> (ConsoleSession, Form) {
        let session = try await changingSession(of: request)
        let form = try await self.form(request)
        try authorize(session, token: form["csrf"], needsManager: needsManager)
        return (session, form)
    }

    /// An upload that changes something (a file in a multipart/form-data body of at most 1 MB):
    /// its session, its token, the manager's role, its fields and files.
    func uploading(_ request: Request) async throws -> (ConsoleSession, Upload) {
        let session = try await changingSession(of: request)
        let body = try await self.body(
            of: request, upTo: Self.largestUpload, refusal: words.tr("That file was too large (at most 1 MB)"))
        let upload = try Upload(body: Array(buffer: body), contentType: request.headers[.contentType])
        try authorize(session, token: upload["csrf"], needsManager: true)
        return (session, upload)
    }

    private func changingSession(of request: Request) async throws -> ConsoleSession {
        guard let session = try await liveSession(of: request) else {
            throw WebFailure(
                status: .unauthorized, message: words.tr("Your session has ended; sign in again. Nothing was changed."))
        }
        return session
    }

    private func authorize(_ session: ConsoleSession, token: String?, needsManager: Bool) throws(WebFailure) {
        // Compared in full; a token from another session or none at all changes nothing.
        guard let token, token.utf8.elementsEqual(session.csrf.utf8) else { throw WebFailure.staleForm }
        if needsManager && !session.account.role.mayChange { throw WebFailure.forbidden }
        // A kiosk of the central store changes nothing but its punches, as its command line.
        if needsManager { try requireAdministeredHere() }
    }

    /// The fields of a form body, refused when it is larger than any form of the console.
    func form(_ request: Request) async throws -> Form {
        let body = try await self.body(
            of: request, upTo: Self.largestForm, refusal: words.tr("That form was too large (at most 16 KB)"))
        return Form(urlEncoded: String(buffer: body))
    }

    /// The body of `request`; one larger than `limit` bytes is refused (413) with `refusal`.
    private func body(of request: Request, upTo limit: Int, refusal: String) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch {
            throw WebFailure(status: .contentTooLarge, message: refusal + "; nothing was changed.")
        }
    }

    // MARK: - Signing in

    func loginPage(next: String?, problem: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        let target = Self.localPath(next) ?? "/"
        let (name, password, signIn) = (words.ctr("sign-in form", "Name"), words.tr("Password"), words.tr("Sign in"))
        let body = """
            \(problem.map { "<p class=\"problem\" role=\"alert\">\($0.escaped)</p>" } ?? "")
            <form method="post" action="/login" class="login">
            <input type="hidden" name="next" value="\(target.escaped)">
            <label for="name">\(name)</label><input id="name" name="name" autocomplete="username" required autofocus>
            <label for="password">\(password)</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <p><button type="submit">\(signIn)</button></p></form>
            """
        return html(
            Layout(office: office, session: nil).render(Page(title: signIn, section: "", body: body)), status: status)
    }

    func signIn(_ request: Request, context: ConsoleContext) async throws -> Response {
        let form = try await self.form(request)
        let (name, password) = (form["name"] ?? "", form["password"] ?? "")
        let address = context.remoteAddress?.ipAddress ?? "?"
        let now = now()
        let outcome = try await blocking {
            try self.signIn.attempt(name: name, password: password, from: address, now: now)
        }
        switch outcome {
        case .signedIn(let account):
            let session = sessions.start(account, now: now)
            var response = redirect(to: Self.localPath(form["next"]) ?? "/")
            response.headers[.setCookie] = cookie(session.id)
            return response
        case .refused:
            return loginPage(
                next: form["next"], problem: words.tr("That name and password do not match an account."),
                status: .unauthorized)
        case .wait(let seconds):
            return loginPage(
                next: form["next"],
                problem: words.ntr(
                    "Too many wrong passwords for this name: wait {n} second before trying again.",
                    "Too many wrong passwords for this name: wait {n} seconds before trying again.", seconds),
                status: .tooManyRequests)
        }
    }

    /// Only a path on this console is followed after signing in, never another site.
    static func localPath(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        return next
    }

    func cookie(_ value: String, clearing: Bool = false) -> String {
        "\(Self.cookieName)=\(clearing ? "" : value); Path=/; HttpOnly; SameSite=Strict"
            + (isSecure ? "; Secure" : "") + (clearing ? "; Max-Age=0" : "")
    }

    // MARK: - Responses

    func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `bytes` as a file to take away, named `name`.
    func attachment(_ bytes: [UInt8], name: String, type: FileType) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type.contentType, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    func redirect(to location: String, clearing: Bool = false) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location])
        if clearing { response.headers[.setCookie] = cookie("", clearing: true) }
        return response
    }

    func errorPage(_ failure: WebFailure, session: ConsoleSession?) -> Response {
        let body =
            "<p class=\"problem\" role=\"alert\">\(failure.message.escaped)</p>"
            + "<p><a href=\"/\">" + words.tr("Back to today") + "</a></p>"
        let title =
            failure.status.code == 404
            ? words.tr("Not found") : failure.status.code >= 500 ? words.tr("Try again") : words.tr("Not done")
        return html(
            Layout(office: office, session: session).render(Page(title: title, section: "", body: body)),
            status: failure.status)
    }

    // MARK: - Parameters, refused with the reason when malformed

    func month(_ text: Substring?) throws -> YearMonth {
        guard let text else { return policy.attendanceDate(of: now()).yearMonth }
        do { return try YearMonth(parsing: String(text)) } catch { throw WebFailure.badRequest(error.worded(words)) }
    }

    /// What `/register` and its files cover: see ``RegisterChoice``.
    func registerChoice(_ query: (String) -> Substring?) throws -> RegisterChoice {
        do {
            return try RegisterChoice(
                query: (query("month"), query("from"), query("to"), query("period"), query("department")),
                configuration: configuration, today: policy.attendanceDate(of: now()))
        } catch let error as CoreError {
            throw WebFailure.badRequest(error.worded(words))
        }
    }

    func paper(_ text: Substring?) throws -> RegisterPDF.Paper {
        guard let text else { return .a4 }
        guard let paper = RegisterPDF.Paper(rawValue: String(text)) else {
            throw WebFailure.badRequest(words.tr("The paper must be a4 or letter."))
        }
        return paper
    }

    func code(_ text: String?) throws -> EmployeeCode {
        do { return try EmployeeCode(parsing: text ?? "") } catch { throw WebFailure.badRequest(error.worded(words)) }
    }

    /// What `/hours` and its files cover: `?week=DATE` (any date of the week; this week without
    /// it) and `?department=NAME`, each refused with the reason when malformed.
    func weekChoice(_ query: (String) -> Substring?) throws -> WeekChoice {
        let week = try query("week").map { try date(String($0)) }
        guard let name = query("department"), !name.isEmpty else { return WeekChoice(week: week) }
        do {
            return WeekChoice(week: week, department: try Department(parsing: String(name)))
        } catch {
            throw WebFailure.badRequest(error.worded(words))
        }
    }

    func date(_ text: String?) throws -> AttendanceDate {
        do { return try AttendanceDate(parsing: text ?? "") } catch { throw WebFailure.badRequest(error.worded(words)) }
    }
}

/// What a handler knows of its request beyond the request itself: who sent it, for the audit
/// log of sign-ins.
struct ConsoleContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// Headers on every answer, and error pages for every failure: a page with personal data is
/// never cached or framed, and runs no script but the console's own (it has none).
struct ConsolePolicy: RouterMiddleware {
    typealias Context = ConsoleContext
    let console: Console

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        try await Console.$words.withValue(console.words(acceptLanguage: request.headers[.acceptLanguage])) {
            try await answer(request, context: context, next: next)
        }
    }

    private func answer(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            response = console.errorPage(
                error.status == .notFound
                    ? .notFound
                    : WebFailure(
                        status: .methodNotAllowed, message: Console.words.tr("That page takes no such request.")),
                session: console.session(of: request))
        } catch {
            response = console.errorPage(WebFailure.from(error), session: console.session(of: request))
        }
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}

/// The kinds of file the console sends: the register's three, the week's CSV and workbook, the
/// calendars' and PIN slips' PDFs.
enum FileType: String, CaseIterable, Sendable {
    case csv, pdf, xlsx

    var contentType: String {
        switch self {
        case .csv: "text/csv; charset=utf-8"
        case .pdf: "application/pdf"
        case .xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        }
    }
}
