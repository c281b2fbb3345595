import ArgumentParser
import AttendanceStore

/// `attendance punch void ID… --reason TEXT`
struct PunchVoid: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "void", abstract: "Stop a punch from counting. It stays on record; `punch restore` undoes it.")

    @OptionGroup var global: GlobalOptions
    @Argument(
        help: ArgumentHelp(
            "The punches' ids, from `attendance punch list`. Several are corrected as one: all or none.",
            valueName: "id"))
    var ids: [PunchID]
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.applyAll(global: global, in: context) { _ in ids.map { .void(punchID: $0.rawValue) } }
    }
}
