import ArgumentParser
import AttendanceCore
import AttendanceStore

/// The options of a command that changes the record: which configuration and store, and who
/// makes the change, for the audit log.
struct ChangeOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var actor: ActorOptions

    /// The configuration, the opened store, and who the change is recorded as. Only a command
    /// that sets an office up passes `creating` (a new store for a path that has none). A command
    /// that only adds records (`import punches`) passes `recordsOnly`; every other change is
    /// administration, which a kiosk of the central store leaves to the centre
    /// (``GlobalOptions/refuseKioskAdministration(_:in:)``).
    func open(
        in context: Context, creating: Bool = false, recordsOnly: Bool = false
    ) throws -> (configuration: Configuration, store: AttendanceStore, actor: String) {
        let configuration = try global.configuration(in: context)
        if !recordsOnly { try global.refuseKioskAdministration(configuration, in: context) }
        let store = try global.open(configuration, in: context, creating: creating)
        return (configuration, store, actor.actor(in: context))
    }
}

/// The options of a command that changes one employee's record: ``ChangeOptions`` and the
/// employee's code.
struct EmployeeChangeOptions: ParsableArguments {
    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The employee's code.")) var code: EmployeeCode

    /// The configuration, the opened store, and who the change is recorded as.
    func open(in context: Context) throws -> (configuration: Configuration, store: AttendanceStore, actor: String) {
        try change.open(in: context)
    }
}
