import ArgumentParser
import AttendanceStore

/// `attendance punch void ID --reason TEXT`
struct PunchVoid: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "void", abstract: "Stop a punch from counting. It stays on record; `punch restore` undoes it.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The punch's id, from `attendance punch list`.") var id: PunchID
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.apply(global: global, in: context) { _ in .void(punchID: id.rawValue) }
    }
}
