import ArgumentParser
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// `attendance import`
struct ImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command("import", Phrase("Bring in records from another time clock."), subcommands: [ImportPunches.self])
    }
}

/// `attendance import punches FILE.csv`
struct ImportPunches: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "punches", Phrase("Import punches from a CSV file, all or nothing."),
            discussion: Phrase(
                "The file has the header code,timestamp,kind and optionally note and source. Timestamps are ISO 8601, e.g. 2026-11-18T09:02:00+05:30; without an offset they are local time in the policy's zone (a time the clocks skipped is refused, and one they repeated needs its offset). The whole file is checked first: any bad row is reported with its line number and nothing is imported. Punches already stored (same employee, time and kind) are skipped, so importing a file twice adds nothing. `attendance export punches` writes this format. A source column is checked and not kept: imported punches are recorded as import, whatever the file says."
            ))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The CSV file.")) var file: String

    func run(in context: Context) throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(
                context.words.tr(
                    "the file {file} {reason}",
                    ["file": file, "reason": GlobalOptions.whyUnreadable(file, words: context.words)]))
        }
        guard let text = String(validatingUTF8CString: data) else {
            throw CommandFailure(
                TextLines.firstNotUTF8(in: data).map {
                    context.words.tr(
                        "the file {file} is not UTF-8 text (line {line})", ["file": file, "line": "\($0)"])
                } ?? context.words.tr("the file {file} is not UTF-8 text", ["file": file]))
        }
        let (configuration, store, actor) = try change.open(in: context, creating: true, recordsOnly: true)
        let parsed = PunchFile(parsing: text, zone: configuration.policy.zone)
        let summary: PunchImportSummary
        do {
            summary = try store.importPunches(
                parsed, named: (file as NSString).lastPathComponent, actor: actor,
                policy: configuration.policy, now: context.now())
        } catch let refusal as PunchFile.Refusal {
            let words = context.words
            let lines = refusal.issues.map { "\(file):\($0.line): " + words.sentence(for: $0.problem) }
            let bad = Set(refusal.issues.map(\.line)).count
            let summary =
                refusal.judgedWithoutBadRows
                ? words.ntr(
                    "{file}: {n} bad row; nothing was imported (the punch rules were judged without the rows that could not be read)",
                    "{file}: {n} bad rows; nothing was imported (the punch rules were judged without the rows that could not be read)",
                    bad, ["file": file])
                : words.ntr(
                    "{file}: {n} bad row; nothing was imported", "{file}: {n} bad rows; nothing was imported", bad,
                    ["file": file])
            throw CommandFailure((lines + [summary]).joined(separator: "\n"))
        }
        let words = context.words
        let imported = words.ntr(
            "imported {n} punch from {file}", "imported {n} punches from {file}", summary.added, ["file": file])
        let skipped =
            summary.alreadyPresent == 0
            ? "" : words.tr(" ({n} already present)", ["n": "\(summary.alreadyPresent)"])
        context.out.line(imported + skipped)
    }
}
