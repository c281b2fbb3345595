import ArgumentParser
import AttendanceCore
import AttendanceStore

/// `attendance punch retime ID --at "YYYY-MM-DD HH:MM" --reason TEXT`
struct PunchRetime: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("retime", Phrase("Move a punch to another time; its attendance date follows the new time."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The punch's id, from `attendance punch list`.")) var id: PunchID
    @Option(help: .tr("The new time, as local wall-clock time.", valueName: "YYYY-MM-DD HH:MM")) var at: String
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        let punchID = id.rawValue
        try correction.apply(global: global, in: context) { policy in
            .retime(punchID: punchID, to: try policy.zone.instant(parsingLocal: at))
        }
    }
}
