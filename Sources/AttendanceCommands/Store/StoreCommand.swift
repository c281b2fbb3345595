import ArgumentParser
import AttendanceCore
import AttendanceStore

/// `attendance store`
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Check and back up the attendance store.",
        subcommands: [StoreCheck.self, StoreBackup.self])
}

/// `attendance store check`
struct StoreCheck: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the store's file for damage and its durability settings.",
        discussion: "Runs SQLite's quick_check (or integrity_check with --thorough). Exit status 74 when damaged.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Run the full integrity_check, which reads every page.") var thorough = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let path = global.storePath(configuration: configuration, in: context)
        context.out.line("store: \(path)")
        // Checked through read-only connections first: opening a store for writing writes to
        // it, and a damaged store must not be written at all.
        let problems = try AttendanceStore.check(fileAt: path, thorough: thorough)
        guard problems.isEmpty else {
            for problem in problems.prefix(20) { context.out.line(problem) }
            throw StoreError.corrupt(path: path, details: "\(problems.count) problem(s) found")
        }
        let store = try context.openStore(at: path)
        if let refusal = store.writeRefusal {
            context.out.line("opened read-only: \(refusal)")
        } else {
            let settings = try store.durabilitySettings()
            context.out.line(
                "journal_mode=\(settings.journalMode) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds)ms"
            )
        }
        context.out.line("ok")
    }
}

/// `attendance store backup PATH`
struct StoreBackup: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the store to a new file, safe while the kiosk is running.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The new file to write; it must not exist.", valueName: "path")) var destination: String

    func run(in context: Context) throws {
        let (_, store) = try global.open(in: context)
        try store.backup(to: destination)
        context.out.line("backed up \(store.path) to \(destination) (integrity ok)")
    }
}
