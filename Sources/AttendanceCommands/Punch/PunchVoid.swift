import ArgumentParser
import AttendanceCore
import AttendanceStore

/// `attendance punch void ID… --reason TEXT`
struct PunchVoid: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("void", Phrase("Stop a punch from counting. It stays on record; `punch restore` undoes it."))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var punches: PunchIDs
    @OptionGroup var correction: CorrectionOptions

    func run(in context: Context) throws {
        try correction.applyAll(global: global, in: context) { _ in punches.ids.map { .void(punchID: $0.rawValue) } }
    }
}
