import ArgumentParser
import AttendanceCore
import AttendanceStore

/// `attendance punch restore ID… --reason TEXT`
struct PunchRestore: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("restore", Phrase("Undo a void: the punch counts again."))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var punches: PunchIDs
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.applyAll(global: global, in: context) { _ in punches.ids.map { .restore(punchID: $0.rawValue) } }
    }
}
