import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import Foundation

/// `attendance employee import FILE.csv`
struct EmployeeImport: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "import", Phrase("Add many employees from a CSV file, all or nothing."),
            discussion: Phrase(
                "The header names the columns: code and name, and optionally start_date, shift, department and language, in any order. Each field is checked as `attendance employee add` checks its option: a code of 1–32 letters, digits, '_' or '-' not already in use, a name without control characters, a start date as YYYY-MM-DD (empty: today), a shift as HH:MM-HH:MM (empty: the policy's), a department, a language (en, es or fr; empty: the office's). Fields are separated by commas, or by semicolons as European spreadsheets write them; a field with a separator, a quote or a line break is quoted, its quotes doubled. The whole file is checked first: any bad row is reported with its line number and nobody is added. Each employee added is in the audit log as `employee add` records one.\n\nExample:\n  code,name,start_date,shift,department,language\n  E001,Asha Rao,2026-11-02,09:00-17:30,Sales,en\n  E002,\"Rao, Priya\",,,Stores,"
            ))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The CSV file, or - for standard input.", valueName: "file")) var file: String

    func run(in context: Context) throws {
        // Opened first: a kiosk of the central store refuses administration before reading anything.
        let (configuration, store, actor) = try change.open(in: context, creating: true)
        let bytes: [UInt8]
        if file == "-" {
            bytes = context.readStandardInput()
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(
                    context.words.tr(
                        "the file {file} {reason}",
                        ["file": file, "reason": GlobalOptions.whyUnreadable(file, words: context.words)]))
            }
            bytes = [UInt8](data)
        }
        let name = file == "-" ? "standard input" : file
        let parsed = EmployeeFile(parsing: bytes)
        let added: [Employee]
        do {
            added = try Employees.add(
                parsed, exitCodeHash: configuration.kiosk.exitCodeHash, policy: configuration.policy,
                now: context.now(), actor: actor, store: store)
        } catch let refusal as EmployeeFile.Refusal {
            let lines = refusal.issues.map { "\(name):\($0.line): " + context.words.sentence(for: $0.problem) }
            let bad = Set(refusal.issues.map(\.line)).count
            let summary = context.words.ntr(
                "{file}: {n} bad row; nobody was added", "{file}: {n} bad rows; nobody was added", bad, ["file": name])
            throw CommandFailure((lines + [summary]).joined(separator: "\n"))
        }
        context.out.line(
            context.words.ntr(
                "added {n} employee from {file}", "added {n} employees from {file}", added.count, ["file": name]))
        for note in added.compactMap({ EmployeeAdd.menuKeyNote($0.code) }) { context.err.line(note) }
    }
}
