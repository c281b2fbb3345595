import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation
import Testing

@testable import AttendanceWeb

/// The console's administration pages against a real SQLite store, on Wednesday 2026-11-25 at
/// 10:00 UTC: what a manager's form writes, that it is audited as "NAME via web", that a refused
/// form writes nothing, and that a viewer is offered no form.
@Suite("Console administration pages")
struct AdministrationPagesTests {
    /// A store in a folder of its own, a console over it, and a manager's and a viewer's session.
    final class Office {
        let folder: String
        let store: AttendanceStore
        let console: Console
        let manager: ConsoleSession
        let viewer: ConsoleSession
        let now = Date(timeIntervalSince1970: 1_795_600_800)  // 2026-11-25 10:00 UTC

        init(
            pepper: (@Sendable () throws -> [UInt8])? = nil, kiosk: String? = nil,
            configure: (inout Configuration) -> Void = { _ in }
        ) throws {
            folder = NSTemporaryDirectory() + "console-admin-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let now = now
            store = try AttendanceStore(path: folder + "/office.sqlite", clock: { now })
            let fixed = [UInt8](repeating: 7, count: 32)
            var configuration = Configuration(hostZone: LocalZone(identifier: "UTC")!)
            if let kiosk {
                configuration.central = CentralSettings()
                configuration.central?.kioskID = kiosk
            }
            configure(&configuration)
            console = Console(
                store: store, configuration: configuration, isSecure: false, now: { now },
                newPINPepper: pepper ?? { fixed })
            let accounts = ManagerAccounts(store: store)
            try accounts.add(name: "boss", role: .manager, password: "correct horse battery", actor: "test")
            try accounts.add(name: "eve", role: .viewer, password: "correct horse battery", actor: "test")
            let sessions = SessionStore()
            manager = sessions.start(try #require(try accounts.current("boss")), now: now)
            viewer = sessions.start(try #require(try accounts.current("eve")), now: now)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        func form(_ fields: [String: String]) -> Form {
            Form(
                urlEncoded: fields.map {
                    "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .urlComponentAllowed)!)"
                }
                .joined(separator: "&"))
        }

        func audit() throws -> [AuditEntry] {
            try Reports.audit(employee: nil, month: nil, zone: LocalZone(identifier: "UTC")!, store: store)
        }

        func employee(_ code: String) throws -> Employee? { try store.employee(code: code) }
    }

    /// The status and message a refused page throws.
    func refusal(_ body: () async throws -> Page) async -> WebFailure? {
        do {
            _ = try await body()
            return nil
        } catch {
            return WebFailure.from(error)
        }
    }

    @Test("a manager adds an employee with a made-up PIN: stored with it, audited via web, shown once")
    func addWithMadeUpPIN() async throws {
        let office = try Office()
        let page = try await office.console.addEmployee(
            office.form(["code": "E042", "name": "Asha Rao", "start": "2026-11-02", "generate": "1"]), office.manager)
        let added = try #require(try office.employee("E042"))
        #expect(added.name.rawValue == "Asha Rao" && added.hasPIN && added.startDate?.description == "2026-11-02")
        let shown = try #require(page.body.firstMatch(of: /PIN for E042 is (\d{6})/)?.1)
        let record = try #require(try office.store.pinRecord(employeeID: added.id))
        #expect(
            PINHasher.verify(
                String(shown), against: PINHash(salt: record.salt, rounds: record.rounds, hash: record.hash),
                pepper: [UInt8](repeating: 7, count: 32)))
        let again = try await office.console.managePage(office.manager, code: added.code)
        #expect(!again.body.contains(String(shown)), "the PIN is shown again")
        let actions = try office.audit().filter { $0.entityKey == "E042" }.map { "\($0.actor) \($0.action)" }
        #expect(actions == ["boss via web add", "boss via web set-pin"])
    }

    @Test("an employee's kiosk language is chosen when adding, changed or given back to the office's when editing")
    func language() async throws {
        let office = try Office()
        let console = office.console
        _ = try await console.addEmployee(
            office.form(["code": "E001", "name": "Lucía", "language": "es"]), office.manager)
        #expect(try office.employee("E001")?.language == .spanish)
        let page = try await console.managePage(office.manager, code: try EmployeeCode(parsing: "E001"))
        #expect(page.body.contains("<option value=\"es\" selected>Español</option>"), "\(page.body)")
        let code = try EmployeeCode(parsing: "E001")
        // The form sent back as it was changes nothing; another choice changes only the language.
        let unchanged = await refusal {
            try await console.change(
                code, .edit, office.form(["language": "es", "language_was": "es"]), office.manager)
        }
        #expect(unchanged?.status == .badRequest)
        _ = try await console.change(code, .edit, office.form(["language": "", "language_was": "es"]), office.manager)
        #expect(try office.employee("E001")?.language == nil)
        let unknown = await refusal {
            try await console.addEmployee(
                office.form(["code": "E002", "name": "Jan", "language": "de"]), office.manager)
        }
        #expect(unknown?.status == .badRequest && unknown?.message.contains("en, es, fr") == true)
        #expect(try office.employee("E002") == nil)
    }

    @Test("a malformed PIN, shift or date is refused naming it, and nothing is written")
    func refusedAdds() async throws {
        let office = try Office()
        let cases: [([String: String], String)] = [
            (["code": "E001", "name": "A", "pin": "12ab"], "4 to 8 digits"),
            (["code": "E001", "name": "A", "shift_start": "09:00"], "start and its end"),
            (["code": "E001", "name": "A", "start": "2026-02-30"], "first date"),
            (["code": "E 1", "name": "A"], "code"),
            (["code": "E001"], "Give the name"),
        ]
        for (fields, words) in cases {
            let failure = await refusal { try await office.console.addEmployee(office.form(fields), office.manager) }
            #expect(
                failure?.status == .badRequest && failure?.message.contains(words) == true,
                "\(fields): \(String(describing: failure))")
        }
        #expect(try office.store.employees().isEmpty)
        #expect(try office.audit().allSatisfy { $0.entity == "manager" })
    }

    /// The catalogs `make po` built, as the development build reads them.
    static let builtCatalog = Catalog(
        directory: ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/locale").path)

    @Test("a malformed or missing field is named in the request's language, French or Spanish")
    func refusedFieldInTheRequestsLanguage() async throws {
        let office = try Office()
        let catalog = Self.builtCatalog
        let cases: [(Language, [String: String], String)] = [
            (
                .french, ["code": "E001", "name": "A", "start": "2026-02-30"],
                "Valeur incorrecte pour la date de début (\"2026-02-30\") : attendu une "
            ),
            (.french, ["code": "E001"], "Indiquez : le nom ; rien n'a été modifié."),
            (.spanish, ["code": "E 1", "name": "A"], "Valor incorrecto para el código (\"E 1\"): se esperaba "),
        ]
        for (language, fields, expected) in cases {
            let failure = await Console.$words.withValue(Speech(language, catalog: catalog)) {
                await refusal { try await office.console.addEmployee(office.form(fields), office.manager) }
            }
            #expect(
                failure?.status == .badRequest && failure?.message.hasPrefix(expected) == true,
                "\(fields): \(String(describing: failure))")
        }
        #expect(try office.store.employees().isEmpty)
    }

    @Test("a malformed value is named once, with what was typed and the form it should have")
    func malformedValueNamedOnce() async throws {
        let office = try Office()
        let form = office.form(["bssid": "zz", "location": "Lobby"])
        let expected: [(Language, String)] = [
            (
                .english,
                "The BSSID \"zz\" is not right: expected six two-digit hex bytes such as aa:bb:cc:dd:ee:ff "
                    + "(separators ':', '-', '.' or none); nothing was changed."
            ),
            (
                .french,
                "Valeur incorrecte pour BSSID (\"zz\") : attendu six octets hexadécimaux de deux chiffres comme "
                    + "aa:bb:cc:dd:ee:ff (séparateurs « : », « - », « . » ou aucun) ; rien n'a été modifié."
            ),
        ]
        for (language, sentence) in expected {
            let failure = await Console.$words.withValue(Speech(language, catalog: Self.builtCatalog)) {
                await refusal { try await office.console.allow(form, office.manager) }
            }
            #expect(failure?.status == .badRequest)
            #expect(failure?.message == sentence)
        }
        #expect(try office.store.allowedNetworks(activeOnly: false).isEmpty)
    }

    @Test("an employee whose PIN cannot be stored is not added either")
    func noHalfAdd() async throws {
        let office = try Office(pepper: Employees.noPepper)
        let failure = await refusal {
            try await office.console.addEmployee(
                office.form(["code": "E001", "name": "Asha", "generate": "1"]), office.manager)
        }
        #expect(failure?.status == .internalServerError && failure?.message.contains("pepper") == true)
        #expect(try office.employee("E001") == nil)
        _ = try await office.console.addEmployee(office.form(["code": "E001", "name": "Asha"]), office.manager)
        #expect(try office.employee("E001")?.hasPIN == false)
    }

    @Test(
        "a kiosk of the central store offers no administration or correction form and refuses one, as its command line does"
    )
    func kioskOfTheCentre() async throws {
        let office = try Office(kiosk: "front-desk")
        let console = office.console
        for page in [
            try await console.employeesPage(office.manager), try await console.wifiPage(office.manager),
            try await console.holidaysPage(office.manager, year: 2026), try await console.missingPage(office.manager),
        ] {
            #expect(!page.body.contains("<form method=\"post\""), "\(page.title) offers a form")
            #expect(page.body.contains("kiosk &quot;front-desk&quot; of the central store"), "\(page.title)")
        }
        #expect(throws: WebFailure.self) { try console.requireAdministeredHere() }
        #expect(try Office().console.administeredElsewhere == nil)
    }

    @Test("while another process holds the store's write lock, a form gets the try-again page and writes nothing")
    func busyStore() async throws {
        let office = try Office()
        // Python's sqlite3 takes the write lock and holds it past the store's busy timeout.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c",
            "import sqlite3, sys, time\n"
                + "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(12)",
            office.store.path,
        ]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL) }
        let said = output.fileHandleForReading.availableData
        #expect(String(decoding: said, as: UTF8.self).hasPrefix("locked"))
        let failure = await refusal {
            try await office.console.allow(
                office.form(["bssid": "aa:bb:cc:dd:ee:01", "location": "Lobby"]), office.manager)
        }
        #expect(failure?.status == .serviceUnavailable && failure?.message.contains("try again") == true)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(try office.store.allowedNetworks(activeOnly: false).isEmpty)
    }

    @Test("a PIN reset, an edit, a deactivation and its undoing are written and audited via web")
    func changes() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(office.form(["code": "E001", "name": "Asha"]), office.manager)
        let code = try EmployeeCode(parsing: "E001")
        let console = office.console
        _ = try await console.change(code, .pin, office.form(["pin": "4711"]), office.manager)
        #expect(try office.employee("E001")?.hasPIN == true)
        _ = try await console.change(
            code, .edit, office.form(["name": "Asha Rao", "shift_start": "10:00", "shift_end": "18:30"]), office.manager
        )
        let edited = try #require(try office.employee("E001"))
        #expect(edited.name.rawValue == "Asha Rao" && edited.shiftStart?.description == "10:00")
        let left = try await console.change(code, .deactivate, office.form(["end": "2026-11-25"]), office.manager)
        #expect(left.body.contains("Deactivated E001; last date 2026-11-25"))
        _ = try await console.change(code, .reactivate, office.form([:]), office.manager)
        #expect(try office.employee("E001")?.endDate == nil)
        let actions = try office.audit().filter { $0.entityKey == "E001" }.map { "\($0.actor) \($0.action)" }
        #expect(actions.count == 5 && actions.allSatisfy { $0.hasPrefix("boss via web ") }, "\(actions)")
        let empty = await refusal { try await console.change(code, .edit, office.form([:]), office.manager) }
        #expect(empty?.status == .badRequest && empty?.message.contains("changes nothing") == true)
    }

    @Test("an allowed access point is stored lower-case, revoked on request; a bad BSSID is named")
    func wifi() async throws {
        let office = try Office()
        let page = try await office.console.allow(
            office.form(["bssid": "AA-BB-CC-DD-EE-01", "ssid": "Office<Net>", "location": "Lobby"]), office.manager)
        #expect(page.body.contains("aa:bb:cc:dd:ee:01") && page.body.contains("Office&lt;Net&gt;"))
        #expect(try office.store.allowedNetworks(activeOnly: true).map(\.location) == ["Lobby"])
        _ = try await office.console.revoke(office.form(["bssid": "aa:bb:cc:dd:ee:01"]), office.manager)
        #expect(try office.store.allowedNetworks(activeOnly: true).isEmpty)
        let failure = await refusal {
            try await office.console.allow(office.form(["bssid": "aa:bb", "location": "Lobby"]), office.manager)
        }
        #expect(failure?.status == .badRequest && failure?.message.contains("BSSID") == true)
    }

    static let calendar = """
        BEGIN:VCALENDAR\r
        BEGIN:VEVENT\r
        DTSTART;VALUE=DATE:20261225\r
        SUMMARY:Christmas\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTART;VALUE=DATE:20270126\r
        SUMMARY:Republic Day\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func upload(_ file: String, csrf: String) throws -> Upload {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"holidays.ics\"\r\n"
            + "Content-Type: text/calendar\r\n\r\n\(file)\r\n--XyZ--\r\n"
        return try Upload(body: Array(body.utf8), contentType: "multipart/form-data; boundary=XyZ")
    }

    @Test("an uploaded calendar is imported; one with an unreadable event is refused whole, naming the line")
    func holidayImport() async throws {
        let office = try Office()
        let broken = Self.calendar.replacingOccurrences(of: "SUMMARY:Republic Day\r\n", with: "")
        let failure = await refusal {
            try await office.console.importHolidays(try upload(broken, csrf: "t"), office.manager)
        }
        #expect(failure?.status == .badRequest, "\(String(describing: failure))")
        #expect(
            failure?.message.contains("line 6") == true && failure?.message.contains("nothing was imported") == true)
        #expect(try office.store.holidays().isEmpty)
        let page = try await office.console.importHolidays(try upload(Self.calendar, csrf: "t"), office.manager)
        #expect(page.body.contains("Imported 2 holidays from holidays.ics"), "\(page.body)")
        #expect(try office.store.holidays().map(\.name) == ["Christmas", "Republic Day"])
        #expect(try office.audit().contains { $0.actor == "boss via web" && $0.entity == "holiday" })
    }

    @Test("the holiday import answers in the manager's French: its refusal, how many it imported, what was there")
    func holidayImportInFrench() async throws {
        let office = try Office()
        let broken = Self.calendar.replacingOccurrences(of: "SUMMARY:Republic Day\r\n", with: "")
        try await Console.$words.withValue(Speech(.french, catalog: Self.builtCatalog)) {
            let failure = await refusal {
                try await office.console.importHolidays(try upload(broken, csrf: "t"), office.manager)
            }
            #expect(
                failure?.message.hasPrefix(
                    "holidays.ics contient un événement illisible, donc rien n'a été importé — ligne 6 : ") == true,
                "\(String(describing: failure))")
            let empty = await refusal {
                try await office.console.importHolidays(try upload("", csrf: "t"), office.manager)
            }
            #expect(empty?.message == "Choisissez un fichier .ics à importer ; rien n'a été modifié.")
            let page = try await office.console.importHolidays(try upload(Self.calendar, csrf: "t"), office.manager)
            #expect(
                page.body.contains(
                    "<p class=\"done\" role=\"status\">2 jours fériés importés depuis holidays.ics.</p>"),
                "\(page.body)")
            let again = try await office.console.importHolidays(try upload(Self.calendar, csrf: "t"), office.manager)
            #expect(
                again.body.contains(
                    "<p class=\"done\" role=\"status\">0 jour férié importé depuis holidays.ics ; 2 déjà dans la liste.</p>"
                ),
                "\(again.body)")
        }
    }

    func csvUpload(_ file: String, named name: String = "staff.csv") throws -> Upload {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nt\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n"
            + "Content-Type: text/csv\r\n\r\n\(file)\r\n--XyZ--\r\n"
        return try Upload(body: Array(body.utf8), contentType: "multipart/form-data; boundary=XyZ")
    }

    @Test(
        "an uploaded CSV of employees adds them all, audited via web; one with wrong lines adds nobody and names each")
    func employeeImport() async throws {
        let office = try Office()
        let (refused, status) = try await office.console.importEmployees(
            try csvUpload("code,name,start_date\nE001,Asha Rao,2026-11-02\nE002,Bo,2026-13-01\nE003,\n"),
            office.manager)
        #expect(status == .badRequest)
        #expect(refused.body.contains("staff.csv has 2 wrong lines; nobody was added."), "\(refused.body)")
        #expect(refused.body.contains("<li>line 3: ") && refused.body.contains("<li>line 4: "), "\(refused.body)")
        #expect(try office.store.employees().isEmpty)

        let (page, added) = try await office.console.importEmployees(
            try csvUpload("code;name;language\nE001;Asha Rao;fr\nE002;\"<b>Bo</b>\";\n"), office.manager)
        #expect(added == .ok)
        #expect(page.body.contains("Added 2 employees from staff.csv."), "\(page.body)")
        #expect(page.body.contains("&lt;b&gt;Bo&lt;/b&gt;") && !page.body.contains("<b>Bo"))
        #expect(try office.employee("E001")?.language == .french)
        let actions = try office.audit().map { "\($0.actor) \($0.action) \($0.entityKey)" }
        #expect(actions.contains("boss via web add E001") && actions.contains("boss via web add E002"), "\(actions)")
    }

    @Test(
        "PIN slips for chosen employees are a PDF; their PINs become one-time, audited via web; none left to make says so"
    )
    func pinSlips() async throws {
        let office = try Office()
        for code in ["E001", "E002"] {
            _ = try await office.console.addEmployee(office.form(["code": code, "name": "Asha"]), office.manager)
        }
        let response = try await office.console.pinSlips(office.form(["codes": "E001, e002"]), office.manager)
        #expect(response.headers[.contentType] == "application/pdf")
        #expect(response.headers[.contentDisposition] == "attachment; filename=\"pin-slips.pdf\"")
        #expect(try office.employee("E001")?.hasOneTimePIN == true && office.employee("E002")?.hasOneTimePIN == true)
        let actions = try office.audit().filter { $0.action == "set-pin" }.map { "\($0.actor) \($0.entityKey)" }
        #expect(actions == ["boss via web E001", "boss via web E002"])

        // Everyone has a PIN now: the employees page again, no PDF, no PIN changed.
        let none = try await office.console.pinSlips(office.form(["all": "1"]), office.manager)
        #expect(none.status == .ok && none.headers[.contentType] == "text/html; charset=utf-8")
        let both = await refusal {
            _ = try await office.console.pinSlips(office.form(["codes": "E001", "all": "1"]), office.manager)
            return Page(title: "", section: "", body: "")
        }
        #expect(both?.status == .badRequest)
        let unknown = await refusal {
            _ = try await office.console.pinSlips(office.form(["codes": "E001 E404"]), office.manager)
            return Page(title: "", section: "", body: "")
        }
        #expect(unknown?.status == .badRequest && unknown?.message.contains("E404") == true)
        #expect(try office.audit().filter { $0.action == "set-pin" || $0.action == "reset-pin" }.count == 2)
    }

    @Test("multipart bodies: fields and files read; a body without its boundary or cut short is refused")
    func multipart() throws {
        let upload = try upload("BEGIN:VCALENDAR", csrf: "abc")
        #expect(upload["csrf"] == "abc" && upload.files["file"]?.filename == "holidays.ics")
        #expect(upload.files["file"].map { String(decoding: $0.bytes, as: UTF8.self) } == "BEGIN:VCALENDAR")
        #expect(Upload.boundary(in: "multipart/form-data; boundary=\"a b\"") == "a b")
        for (body, type) in [
            ("--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc", "multipart/form-data; boundary=XyZ"),
            ("csrf=abc", "application/x-www-form-urlencoded"),
        ] {
            #expect(throws: WebFailure.self) { try Upload(body: Array(body.utf8), contentType: type) }
        }
    }

    @Test("leave granted over a weekend skips it and is audited with its reason; cancelling removes a date")
    func leave() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(office.form(["code": "E001", "name": "Asha"]), office.manager)
        let page = try await office.console.grantLeave(
            office.form(["code": "E001", "from": "2026-11-27", "to": "2026-11-30", "reason": "family visit"]),
            office.manager)
        #expect(page.body.contains("skipped 2026-11-28 (weekly off), 2026-11-29 (weekly off)"), "\(page.body)")
        let code = try EmployeeCode(parsing: "E001")
        #expect(
            try office.store.leaveEntries(employee: code, from: nil, through: nil).map(\.date.description) == [
                "2026-11-27", "2026-11-30",
            ])
        #expect(try office.audit().contains { $0.actor == "boss via web" && $0.reason == "family visit" })
        _ = try await office.console.cancelLeave(office.form(["code": "E001", "date": "2026-11-30"]), office.manager)
        #expect(try office.store.leaveEntries(employee: code, from: nil, through: nil).count == 1)
        // Leave may be booked ahead for someone who has not started; not for someone who has left.
        _ = try await office.console.addEmployee(
            office.form(["code": "E002", "name": "Ravi", "start": "2026-12-01"]), office.manager)
        _ = try await office.console.addEmployee(office.form(["code": "E003", "name": "Mira"]), office.manager)
        _ = try await office.console.change(
            try EmployeeCode(parsing: "E003"), .deactivate, office.form([:]), office.manager)
        let offered = try await office.console.leavePage(office.manager, month: try YearMonth(parsing: "2026-12")).body
        #expect(offered.contains("<option value=\"E002\">") && !offered.contains("<option value=\"E003\">"))
        let backwards = await refusal {
            try await office.console.grantLeave(
                office.form(["code": "E001", "from": "2026-11-30", "to": "2026-11-27", "reason": "x"]), office.manager)
        }
        #expect(backwards?.status == .badRequest && backwards?.message.contains("before") == true)
    }

    @Test("leave is granted with its type, listed by it; an unknown type is refused and records nothing")
    func leaveTypes() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(office.form(["code": "E001", "name": "Asha"]), office.manager)
        let form = try await office.console.leavePage(office.manager, month: try YearMonth(parsing: "2026-11")).body
        #expect(form.contains("<option value=\"sick\">sick (SL)</option>"), "\(form)")
        let page = try await office.console.grantLeave(
            office.form(["code": "E001", "from": "2026-11-27", "type": "sick", "reason": "flu"]), office.manager)
        #expect(page.body.contains("Recorded full-day sick (SL) leave for E001"), "\(page.body)")
        #expect(page.body.contains("<td>sick (SL)</td><td>flu</td>"), "\(page.body)")
        let code = try EmployeeCode(parsing: "E001")
        #expect(try office.store.leaveEntries(employee: code, from: nil, through: nil).map(\.type) == ["sick"])
        let unknown = await refusal {
            try await office.console.grantLeave(
                office.form(["code": "E001", "from": "2026-11-30", "type": "holiday", "reason": "x"]), office.manager)
        }
        #expect(unknown?.message.contains("unknown leave type") == true, "\(String(describing: unknown))")
        #expect(try office.store.leaveEntries(employee: code, from: nil, through: nil).count == 1)
    }

    @Test("an employee's department is set when adding, changed and cleared when editing")
    func department() async throws {
        let office = try Office()
        let console = office.console
        _ = try await console.addEmployee(
            office.form(["code": "E001", "name": "Asha", "department": "Sales"]), office.manager)
        #expect(try office.employee("E001")?.department?.rawValue == "Sales")
        let code = try EmployeeCode(parsing: "E001")
        let page = try await console.managePage(office.manager, code: code)
        #expect(page.body.contains("<tr><th>Department</th><td>Sales</td></tr>"), "\(page.body)")
        _ = try await console.change(
            code, .edit, office.form(["department": "Night shift", "department_was": "Sales"]), office.manager)
        #expect(try office.employee("E001")?.department?.rawValue == "Night shift")
        _ = try await console.change(
            code, .edit, office.form(["department": "", "department_was": "Night shift"]), office.manager)
        #expect(try office.employee("E001")?.department == nil)
        let bad = await refusal {
            try await console.change(
                code, .edit, office.form(["department": "a\u{7}b", "department_was": ""]), office.manager)
        }
        #expect(bad?.status == .badRequest, "\(String(describing: bad))")
    }

    @Test("a viewer's administration pages carry no form; untrusted names are escaped")
    func viewer() async throws {
        let office = try Office()
        _ = try await office.console.addEmployee(
            office.form(["code": "E001", "name": "<script>alert('x')</script>"]), office.manager)
        _ = try await office.console.allow(
            office.form(["bssid": "aa:bb:cc:dd:ee:01", "location": "<b>Lobby</b>"]), office.manager)
        let console = office.console
        let code = try EmployeeCode(parsing: "E001")
        let month = try YearMonth(parsing: "2026-11")
        let pages = [
            try await console.employeesPage(office.viewer), try await console.managePage(office.viewer, code: code),
            try await console.wifiPage(office.viewer), try await console.holidaysPage(office.viewer, year: 2026),
            try await console.leavePage(office.viewer, month: month),
        ]
        for page in pages {
            #expect(!page.body.contains("<form method=\"post\""), "\(page.title) offers a viewer a form")
            #expect(!page.body.contains("<script>") && !page.body.contains("<b>Lobby"), "\(page.title)")
        }
        #expect(pages[0].body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(
            try await console.employeesPage(office.manager).body.contains("<form method=\"post\" action=\"/employees\"")
        )
    }
}
