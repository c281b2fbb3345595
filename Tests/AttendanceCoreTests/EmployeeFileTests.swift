import Testing

@testable import AttendanceCore

/// The file `attendance employee import` reads: a header naming the columns, one employee a row.
@Suite("Employee file")
struct EmployeeFileTests {
    func read(_ text: String) -> EmployeeFile { EmployeeFile(parsing: Array(text.utf8)) }

    @Test("every column read as employee add reads its option; empty optional fields mean the defaults")
    func fullRows() throws {
        let file = read(
            "code,name,start_date,shift,department,language\n"
                + "E001,Asha Rao,2026-11-02,09:00-17:30,Sales,fr\n"
                + "E002,Priya,,,,\n")
        #expect(file.issues.isEmpty, "\(file.issues)")
        try #require(file.rows.count == 2)
        let asha = file.rows[0]
        #expect(asha.line == 2 && asha.code.rawValue == "E001" && asha.name.rawValue == "Asha Rao")
        #expect(asha.startDate?.description == "2026-11-02")
        #expect(asha.shiftStart?.description == "09:00" && asha.shiftEnd?.description == "17:30")
        #expect(asha.department?.rawValue == "Sales" && asha.language == .french)
        let priya = file.rows[1]
        #expect(priya.startDate == nil && priya.shiftStart == nil && priya.department == nil && priya.language == nil)
    }

    @Test("semicolons, quoted fields, any column order, spreadsheet headings and a byte order mark")
    func spreadsheetFile() throws {
        let file = read(
            "\u{FEFF}Name;Code;Start Date;Shift\r\n\"Rao; Asha \"\"Ash\"\"\";E001;2026-11-02;22:00–06:00\r\n")
        #expect(file.issues.isEmpty, "\(file.issues)")
        let row = try #require(file.rows.first)
        #expect(row.name.rawValue == "Rao; Asha \"Ash\"" && row.code.rawValue == "E001")
        #expect(row.shiftStart?.description == "22:00" && row.shiftEnd?.description == "06:00")
    }

    @Test("every bad row is named by its line with what is wrong, and none of them is read")
    func badRows() {
        let file = read(
            "code,name,start_date,shift,language\n"
                + "E001,Asha,2026-02-30,,\n"
                + "E002,Bo,,9-5,\n"
                + "E003,Cy,,,de\n"
                + "E004,D\u{07}an,,,\n"
                + "e001,Again,,,\n"
                + "E005,=HYPERLINK(\"x\"),,,\n"
                + "E006,Fine,,,\n"
                + ",Nobody,,,\n")
        #expect(file.rows.map(\.code.rawValue) == ["E006"])
        #expect(file.issues.map(\.line) == [2, 3, 4, 5, 6, 7, 9])
        #expect(file.issues[0].message.hasPrefix("start_date: invalid date \"2026-02-30\""))
        #expect(file.issues[1].message.hasPrefix("shift: invalid time \"9\""))
        #expect(file.issues[2].message.hasPrefix("language: invalid language \"de\""))
        #expect(file.issues[3].message.hasPrefix("name: invalid name"))
        #expect(file.issues[4].message == "code e001 is already on line 2")
        #expect(file.issues[5].message.contains("has a quote (\") inside it without being quoted itself"))
        #expect(file.issues[6].message == "code: empty; every employee needs one")
    }

    @Test("a field that is not UTF-8 is refused on its line, not stored as a replacement character")
    func notUTF8() {
        let file = EmployeeFile(parsing: Array("code,name\nE001,".utf8) + [0xC3, 0x28] + Array("\nE002,Bo\n".utf8))
        #expect(file.rows.map(\.code.rawValue) == ["E002"])
        #expect(
            file.issues.map(\.english) == [
                EnglishIssue(line: 2, message: "field 2 is not UTF-8 text; save the file as UTF-8")
            ])
    }

    @Test(
        "a header without code or name, or with an unknown or doubled column, refuses the file",
        arguments: [
            ("name\nAsha\n", "the header has no code column"),
            (
                "code,name,email\nE1,A,a@b\n",
                "unknown column \"email\"; expected code,name and optionally start_date,shift,department,language"
            ),
            ("code,name,Name\nE1,A,B\n", "the column name appears more than once"),
            (
                "",
                "the file is empty; expected the header code,name and optionally start_date,shift,department,language"
            ),
        ])
    func badHeader(text: String, message: String) {
        let file = read(text)
        #expect(file.rows.isEmpty)
        #expect(file.issues.map(\.english) == [EnglishIssue(line: 1, message: message)])
    }

    @Test("a row with more or fewer fields than the header is named")
    func fieldCount() {
        let file = read("code,name\nE1,A,extra\n")
        #expect(
            file.issues.map(\.english) == [EnglishIssue(line: 2, message: "expected 2 fields (code,name), found 3")])
    }
}
