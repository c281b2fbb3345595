import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import Foundation
import HTTPTypes
import Hummingbird

/// Employees many at a time, as the command line's `employee import` and `employee pins` do: a
/// CSV file uploaded, and PIN slips made for several employees at once.
extension Console {
    /// The forms on `/employees` that add employees from a CSV file and make PIN slips, for a manager.
    func employeeFileForms(_ session: ConsoleSession) -> String {
        employeeImportForm(session) + pinSlipsForm(session)
    }

    /// The form that uploads a CSV file of employees.
    private func employeeImportForm(_ session: ConsoleSession) -> String {
        let text = [
            words.tr("Add employees from a file"),
            words.tr(
                "A CSV file of at most 1 MB whose header names the columns: code and name, and optionally start_date, shift, department and language. The whole file is checked first: if any line is wrong, nobody is added and each wrong line is named."
            ),
            words.ctr("upload field", "File"), words.tr("Import"),
        ]
        return """
            <h2>\(text[0])</h2>
            <p>\(text[1])</p>
            <form method="post" action="/employees/import" enctype="multipart/form-data" class="inline">\(csrfField(session))
            <label>\(text[2]) <input type="file" name="file" accept=".csv,text/csv" required></label>
            <button type="submit">\(text[3])</button></form>
            """
    }

    /// Adds every employee of an uploaded CSV file, or none, as `attendance employee import` does
    /// (``Employees/add(_:exitCodeHash:policy:now:actor:store:)``), recorded as "NAME via web".
    /// A file with a wrong line answers 400 with the employees page naming each wrong line.
    func importEmployees(_ upload: Upload, _ session: ConsoleSession) async throws -> (Page, HTTPResponse.Status) {
        let (name, bytes) = try upload.chosenFile(
            "file", refusal: words.tr("Choose a CSV file to import; nothing was changed."))
        let parsed = EmployeeFile(parsing: bytes)
        let (policy, now, actor) = (self.policy, self.now(), session.account.actor)
        let exitCodeHash = configuration.kiosk.exitCodeHash
        do {
            let added = try await blocking {
                try Employees.add(
                    parsed, exitCodeHash: exitCodeHash, policy: policy, now: now, actor: actor, store: self.store)
            }
            let done = words.ntr(
                "Added {n} employee from {file}.", "Added {n} employees from {file}.", added.count, ["file": name])
            return (try await employeesPage(session, done: done), .ok)
        } catch let refusal as EmployeeFile.Refusal {
            let bad = Set(refusal.issues.map(\.line)).count
            let lines = refusal.issues.map { issue in
                "<li>"
                    + words.tr(
                        "line {line}: {problem}",
                        ["line": String(issue.line), "problem": words.sentence(for: issue.problem)]
                    )
                    .escaped + "</li>"
            }
            let problem =
                "<div class=\"problem\" role=\"alert\"><p>"
                + words.ntr(
                    "{file} has {n} wrong line; nobody was added.", "{file} has {n} wrong lines; nobody was added.",
                    bad, ["file": name]
                ).escaped + "</p><ul>\(lines.joined())</ul></div>"
            var page = try await employeesPage(session)
            page.body = problem + page.body
            return (page, .badRequest)
        }
    }
}

extension Console {
    /// The form that gives chosen employees, or everyone without a PIN, new one-time PINs and
    /// answers with their slips as a PDF.
    private func pinSlipsForm(_ session: ConsoleSession) -> String {
        let text = [
            words.tr("PIN slips"),
            words.tr(
                "Each employee chosen gets a new random PIN, one-time until they choose their own at the kiosk. The PDF of their slips is the only copy: print it, hand each slip over, and keep none."
            ),
            words.tr("Codes"), words.tr("e.g. E001 E002"), words.tr("everyone employed who has no PIN yet"),
            words.tr("Paper"), words.tr("Make the PIN slips (PDF)"),
        ]
        return """
            <h2>\(text[0])</h2>
            <p>\(text[1])</p>
            <form method="post" action="/employees/pins" class="stacked">\(csrfField(session))
            <label>\(text[2]) <input name="codes" maxlength="2000" placeholder="\(text[3])"></label>
            <label><input type="checkbox" name="all" value="1"> \(text[4])</label>
            <label>\(text[5]) <select name="paper"><option value="a4">A4</option><option value="letter">Letter</option></select></label>
            <p><button type="submit">\(text[6])</button></p></form>
            """
    }

    /// New one-time PINs for the form's employees (its codes, or everyone employed without a PIN),
    /// recorded as "NAME via web", answered with their slips as a PDF to download, as
    /// `attendance employee pins --format pdf` writes them (``Employees/oneTimePINs(for:policy:now:pepper:actor:store:handOut:)``).
    /// The slips are made before the PINs are kept: slips that cannot be made change no PIN.
    func pinSlips(_ form: Form, _ session: ConsoleSession) async throws -> Response {
        let codes = try (form["codes"] ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).map {
            try self.code(String($0))
        }
        guard codes.isEmpty == (form["all"] == "1") else {
            throw WebFailure.badRequest(
                words.tr(
                    "Give the employees' codes, or choose everyone who has no PIN yet; not both. Nothing was changed."))
        }
        let paper = try paper(form["paper"].map { Substring($0) })
        let (policy, now, actor) = (self.policy, self.now(), session.account.actor)
        let (office, officeName) = (Speech(language, catalog: catalog), self.office)
        let made = try await blocking {
            var bytes: [UInt8] = []
            let slips = try Employees.oneTimePINs(
                for: codes.isEmpty ? nil : codes, policy: policy, now: now, pepper: self.newPINPepper, actor: actor,
                store: self.store
            ) { slips in
                let document = PINSlipFiles.pdf(slips, office: office, officeName: officeName, paper: paper)
                bytes = try DocumentBytes.make(document.write(to:)).1
            }
            return (count: slips.count, bytes: bytes)
        }
        guard made.count > 0 else {
            return respond(
                session,
                try await employeesPage(
                    session, done: words.tr("Everyone employed has a PIN already; no PIN was made.")))
        }
        return attachment(made.bytes, name: "pin-slips.pdf", type: .pdf)
    }
}
