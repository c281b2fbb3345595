import ArgumentParser
import AttendanceCore
import AttendanceStore

/// The options of a command that changes the record: which configuration and store, and who
/// makes the change, for the audit log.
struct ChangeOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var actor: ActorOptions

    /// The configuration, the opened store, and who the change is recorded as. Only a command
    /// that sets an office up passes `creating` (a new store for a path that has none).
    func open(
        in context: Context, creating: Bool = false
    ) throws -> (configuration: Configuration, store: AttendanceStore, actor: String) {
        let (configuration, store) = try global.open(in: context, creating: creating)
        return (configuration, store, actor.actor(in: context))
    }
}

/// The options of a command that changes one employee's record: ``ChangeOptions`` and the
/// employee's code.
struct EmployeeChangeOptions: ParsableArguments {
    @OptionGroup var change: ChangeOptions
    @Argument(help: "The employee's code.") var code: EmployeeCode

    /// The configuration, the opened store, and who the change is recorded as.
    func open(in context: Context) throws -> (configuration: Configuration, store: AttendanceStore, actor: String) {
        try change.open(in: context)
    }
}
