import ArgumentParser
import AttendanceCore
import AttendanceStore

/// `attendance punch add CODE --at "YYYY-MM-DD HH:MM" --kind in|out --reason TEXT`
struct PunchAdd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "add", Phrase("Enter a punch the kiosk did not record (source: manual)."),
            discussion: Phrase(
                "Typically the mark-out someone forgot: `attendance missing` lists them with the command to close each. The date's punches must still alternate IN, OUT in time order afterwards."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The employee's code.")) var code: EmployeeCode
    @Option(help: .tr("When, as local wall-clock time.", valueName: "YYYY-MM-DD HH:MM")) var at: String
    @Option(help: .tr("in or out.", valueName: "in|out")) var kind: PunchKind
    @Option(help: .tr("A note kept with the punch (at most 500 characters).", valueName: "text"))
    var note: String?
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        let (employee, kind) = (code, kind)
        let note = try CorrectionText.note(note)
        try correction.apply(global: global, in: context) { policy in
            .add(employee: employee, kind: kind, at: try policy.zone.instant(parsingLocal: at), note: note)
        }
    }
}
