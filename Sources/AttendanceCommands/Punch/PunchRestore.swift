import ArgumentParser
import AttendanceStore

/// `attendance punch restore ID --reason TEXT`
struct PunchRestore: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Undo a void: the punch counts again.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The punch's id, from `attendance punch list`.") var id: PunchID
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.apply(global: global, in: context) { _ in .restore(punchID: id.rawValue) }
    }
}
