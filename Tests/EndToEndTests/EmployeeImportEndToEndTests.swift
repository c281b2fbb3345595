import Foundation
import Testing

@Suite("Employee import, end to end")
struct EmployeeImportEndToEndTests {
    @Test("a spreadsheet's semicolon file adds everyone, each audited as employee add audits one")
    func semicolonFile() throws {
        let s = Sandbox()
        let file = s.folder + "/staff.csv"
        let rows = [
            "code;name;start date;shift;department;language", "E001;\"Rao; Asha\";2026-11-02;09:00-17:30;Sales;fr",
            "E002;प्रिया शर्मा;;;Stores;",
        ]
        try Data(rows.map { $0 + "\r\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        let imported = try s.run("employee", "import", file)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out == "added 2 employees from \(file)\n")
        let listed = try s.run("employee", "list", "--format", "json")
        let employees = try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]]
        #expect(employees?.map { $0["name"] as? String } == ["Rao; Asha", "प्रिया शर्मा"])
        #expect(employees?.first?["shift_start"] as? String == "09:00")
        #expect(employees?.last?["start_date"] as? String == ScenarioClock.day())
        #expect(try s.sqlite("SELECT language FROM employee WHERE code = 'E001'") == "fr\n")
        #expect(
            try s.sqlite("SELECT entity_key FROM audit_log WHERE action = 'add' AND entity = 'employee' ORDER BY id")
                == "E001\nE002\n")
    }

    @Test("one bad row refuses the whole file with 65, naming every bad row by line; nobody is added")
    func allOrNothing() throws {
        let s = Sandbox()
        #expect(try s.run("employee", "add", "E001", "--name", "Asha Rao").status == 0)
        let file = s.folder + "/staff.csv"
        let text = """
            code,name,start_date,shift,language
            E002,Bo,2026-11-31,,
            E003,Cy,,25:00-17:00,
            e001,Asha Again,,,
            E004,Di,,,xx
            E005,Fine,,,
            E005,Twice,,,

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let refused = try s.run("employee", "import", file)
        #expect(refused.status == 65)
        #expect(refused.out.isEmpty)
        // Every line of the refusal is the program's, as every error line is.
        let lines = refused.err.split(separator: "\n").map { $0.replacingOccurrences(of: "attendance: ", with: "") }
        #expect(lines.count == 6, "\(refused.err)")
        #expect(lines.first?.hasPrefix("\(file):2: start_date: invalid date \"2026-11-31\"") == true)
        #expect(lines.contains { $0.hasPrefix("\(file):3: shift: invalid time \"25:00\"") }, "\(refused.err)")
        #expect(lines.contains("\(file):4: code e001 is already E001 Asha Rao"), "\(refused.err)")
        #expect(lines.contains { $0.hasPrefix("\(file):5: language: invalid language \"xx\"") }, "\(refused.err)")
        #expect(lines.contains("\(file):7: code E005 is already on line 6"), "\(refused.err)")
        #expect(lines.last == "\(file): 5 bad rows; nobody was added")
        #expect(try s.sqlite("SELECT count(*) FROM employee") == "1\n")
    }

    @Test("- reads the file from standard input")
    func standardInput() throws {
        let s = Sandbox()
        let imported = try s.run("employee", "import", "-", input: "code,name\nE001,Asha Rao\n")
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out == "added 1 employee from standard input\n")
        #expect(try s.sqlite("SELECT name FROM employee") == "Asha Rao\n")
    }

    @Test("an own shift the policy's day change cuts in two is refused on its line, as employee add refuses it")
    func shiftThatDoesNotFit() throws {
        let s = Sandbox()
        let added = try s.run(
            "employee", "add", "N1", "--name", "Night", "--shift-start", "22:00", "--shift-end", "06:00")
        #expect(added.status == 65)
        let imported = try s.run("employee", "import", "-", input: "code,name,shift\nN1,Night,22:00-06:00\n")
        #expect(imported.status == 65)
        let reason = added.err.replacingOccurrences(of: "attendance: ", with: "")
        #expect(imported.err.contains("standard input:2: \(reason)"), "\(imported.err) vs \(added.err)")
    }
}

@Suite("PINs for many employees, end to end")
struct EmployeePINsEndToEndTests {
    /// The PIN on each slip of `text`, by the code the slip names.
    func pins(onSlips text: String) -> [String: String] {
        var pins: [String: String] = [:]
        var code: String?
        for line in text.split(separator: "\n") {
            if let open = line.lastIndex(of: "("), line.hasSuffix(")") {
                code = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            }
            if let pin = line.split(separator: " ").last, pin.count == 6, pin.allSatisfy(\.isNumber), let code {
                pins[code] = String(pin)
            }
        }
        return pins
    }

    @Test("--all-without-pin gives each a one-time PIN that marks at once, on a slip in their language, and only there")
    func everyoneWithoutPIN() throws {
        let s = try kioskSandbox(kiosk: "require_pin = true")
        let pepper = ["ATTENDANCE_PEPPER": s.folder + "/pepper", "ATTENDANCE_LOCALEDIR": builtCatalogs]
        #expect(try s.run("employee", "set-pin", "E001", input: "2468\n2468\n", extra: pepper).status == 0)
        #expect(try s.run("employee", "import", "-", input: "code,name,language\nE003,Chloé,fr\n").status == 0)
        let made = try s.run("employee", "pins", "--all-without-pin", extra: pepper)
        #expect(made.status == 0, "\(made.err)")
        let pins = pins(onSlips: made.out)
        #expect(pins.keys.sorted() == ["E002", "E003"], "\(made.out)")
        #expect(made.out.contains("  Test Office\n"))
        #expect(made.out.contains("Kiosk PIN for Bo Chen (E002)"), "\(made.out)")
        #expect(made.out.contains("Code PIN de la borne pour Chloé (E003)"), "\(made.out)")
        // The slip says what the kiosk will ask: the slip's PIN is to be replaced.
        #expect(
            made.out.contains("  The kiosk then asks you to choose a PIN of your own, 4 to 8 digits.\n"), "\(made.out)")
        #expect(made.err.contains("new one-time PINs for 2 employees"), "\(made.err)")
        #expect(try s.sqlite("SELECT code, pin_one_time FROM employee ORDER BY code") == "E001|0\nE002|1\nE003|1\n")
        // Neither the audit log nor the error stream holds a PIN.
        let audit = try s.sqlite("SELECT group_concat(coalesce(new_value, ''), ' ') FROM audit_log")
        for pin in pins.values {
            #expect(!audit.contains(pin) && !made.err.contains(pin))
        }
        let marked = try s.run("mark", "in", "E002", input: (pins["E002"] ?? "") + "\n", extra: pepper)
        #expect(marked.status == 0, "\(marked.err)")
        #expect(
            try s.run("employee", "show", "E002").out.contains(
                "  PIN:       set, one-time (handed out on a slip by employee pins)\n"))
        // Set again by hand, a PIN is no longer one-time.
        #expect(try s.run("employee", "set-pin", "E002", input: "1357\n1357\n", extra: pepper).status == 0)
        #expect(try s.sqlite("SELECT pin_one_time FROM employee WHERE code = 'E002'") == "0\n")
        #expect(try s.run("employee", "show", "E002").out.contains("  PIN:       set\n"))
    }

    @Test("at the kiosk the slip's PIN asks for the person's own, typed twice and masked, then shows their menu")
    func kioskReplacesOneTimePIN() throws {
        let s = try kioskSandbox()
        let made = try s.run("employee", "pins", "E001", extra: ["ATTENDANCE_PEPPER": s.folder + "/pepper"])
        let slip = try #require(pins(onSlips: made.out)["E001"], "\(made.out)")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("PIN:")
        try kiosk.send(slip, "Enter")
        try kiosk.waitFor("Choose a PIN of your own now.")
        try kiosk.send("2468")
        let typed = try kiosk.waitFor("New PIN: ●●●●_")
        #expect(!typed.contains("2468"), "\(typed)")
        try kiosk.send("Enter")
        try kiosk.waitFor("Again: _")
        try kiosk.send("2468", "Enter")
        let menu = try kiosk.waitFor("[I] Mark IN")
        #expect(menu.contains("Hi Asha Rao (E001)"), "\(menu)")
        #expect(try s.sqlite("SELECT pin_one_time FROM employee WHERE code = 'E001'") == "0\n")
        #expect(
            try s.sqlite("SELECT actor, action FROM audit_log WHERE entity_key = 'E001' ORDER BY id DESC LIMIT 1")
                == "E001 at the kiosk|reset-pin\n")
    }

    @Test("named codes get new PINs in one change; an unknown code among them changes nobody's")
    func namedCodes() throws {
        let s = try kioskSandbox()
        let pepper = ["ATTENDANCE_PEPPER": s.folder + "/pepper"]
        let refused = try s.run("employee", "pins", "E001", "NOBODY", extra: pepper)
        #expect(refused.status == 65 && refused.out.isEmpty)
        #expect(refused.err == "attendance: no employee has code NOBODY; no PIN was changed\n")
        #expect(try s.sqlite("SELECT count(*) FROM employee WHERE pin_hash IS NOT NULL") == "0\n")
        let made = try s.run("employee", "pins", "E001", extra: pepper)
        #expect(made.status == 0, "\(made.err)")
        #expect(pins(onSlips: made.out).keys.sorted() == ["E001"])
        let neither = try s.run("employee", "pins", extra: pepper)
        #expect(neither.status == 64 && neither.err.contains("give the employees' codes or --all-without-pin"))
    }

    @Test(
        "--format pdf writes the slips, four a page, to --output and nowhere else; a PDF that cannot be written changes no PIN"
    )
    func pdfSlips() throws {
        let s = try kioskSandbox()
        let pepper = ["ATTENDANCE_PEPPER": s.folder + "/pepper"]
        for number in 3...5 {
            #expect(try s.run("employee", "add", "E00\(number)", "--name", "Worker \(number)").status == 0)
        }
        let missing = s.folder + "/no-such-folder/slips.pdf"
        let refused = try s.run(
            "employee", "pins", "--all-without-pin", "--format", "pdf", "--output", missing, extra: pepper)
        #expect(refused.status == 73, "\(refused.err)")
        #expect(try s.sqlite("SELECT count(*) FROM employee WHERE pin_hash IS NOT NULL") == "0\n")
        let pdf = s.folder + "/slips.pdf"
        let made = try s.run("employee", "pins", "--all-without-pin", "--format", "pdf", "--output", pdf, extra: pepper)
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.isEmpty)
        #expect(made.err.contains("the slips in \(pdf) (2 pages) are their only copy"), "\(made.err)")
        #expect(try runReader("/usr/bin/qpdf", ["--check", pdf]).status == 0)
        let text = try runReader("/usr/bin/pdftotext", [pdf, "-"]).outputText
        #expect(text.contains("Kiosk PIN for Bo Chen (E002)"), "\(text)")
        #expect(text.contains("Test Office"))
        let pins = text.split(whereSeparator: \.isNewline).filter { $0.count == 6 && $0.allSatisfy(\.isNumber) }
        #expect(pins.count == 5, "\(text)")
        #expect(try s.sqlite("SELECT count(*) FROM employee WHERE pin_one_time = 1") == "5\n")
    }
}
