import ArgumentParser
import AttendanceStore

/// `attendance punch restore ID… --reason TEXT`
struct PunchRestore: ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "restore", abstract: CommandWords.words.tr("Undo a void: the punch counts again."))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var punches: PunchIDs
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.applyAll(global: global, in: context) { _ in punches.ids.map { .restore(punchID: $0.rawValue) } }
    }
}
