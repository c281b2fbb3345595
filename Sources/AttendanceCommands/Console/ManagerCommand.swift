import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// `attendance manager`: the accounts of the web console.
struct ManagerCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "manager", Phrase("The web console's accounts: add, list, passwd, remove."),
            discussion: Phrase(
                "A viewer reads every page of the console; a manager also makes changes. Passwords (at least 12 characters) are read from standard input: one line when it is not a terminal, asked twice without echo when it is. Every change, and every sign-in, is in the audit log."
            ), subcommands: [ManagerAdd.self, ManagerList.self, ManagerPasswd.self, ManagerRemove.self])
    }
}

extension ConsoleRole: ExpressibleByArgument {}

/// Reads a new password: once from a pipe, twice (and compared) at a terminal.
func readNewPassword(for name: String, in context: Context) throws -> String {
    let words = context.words
    let password = context.readSecret(words.tr("Password for {name}: ", ["name": name])) ?? ""
    if isatty(STDIN_FILENO) == 1, context.readSecret(words.tr("Again: ")) != password {
        throw CommandFailure(words.tr("the two passwords differ; nothing was changed"))
    }
    return try ManagerAccounts.validPassword(password)
}

/// `attendance manager add NAME --role manager|viewer`
struct ManagerAdd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("add", Phrase("Add a console account."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The account's name: letters, digits, '.', '_', '-', '@'.")) var name: String
    @Option(help: .tr("manager (reads and changes) or viewer (reads).")) var role: ConsoleRole

    func run(in context: Context) throws {
        let name = try ManagerAccounts.validName(name)
        let (_, store, actor) = try change.open(in: context, creating: true)
        let password = try readNewPassword(for: name, in: context)
        try ManagerAccounts(store: store).add(name: name, role: role, password: password, actor: actor)
        let words = context.words
        context.out.line(
            role == .manager
                ? words.tr("added manager {name}", ["name": name]) : words.tr("added viewer {name}", ["name": name]))
    }
}

/// `attendance manager list`
struct ManagerList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List the console's accounts."))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let zone = configuration.policy.zone
        try Listing<ManagerAccount>([
            .init("name", header: ColumnHeader.ctr("column header", "NAME")) { .text($0.name) },
            .init("role", header: ColumnHeader.ctr("column header", "ROLE")) { .text($0.role.rawValue) },
            .init("created", header: ColumnHeader.ctr("column header", "CREATED")) {
                .text(zone.minuteText(of: $0.createdAt))
            },
            .init("removed", header: ColumnHeader.ctr("column header", "REMOVED")) { .bool($0.isRemoved) },
        ]).write(
            try ManagerAccounts(store: store).list(), as: format, to: context,
            empty: context.words.tr("no console accounts"))
    }
}

/// `attendance manager passwd NAME`
struct ManagerPasswd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("passwd", Phrase("Give a console account a new password."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The account's name.")) var name: String

    func run(in context: Context) throws {
        let (_, store, actor) = try change.open(in: context)
        let password = try readNewPassword(for: name, in: context)
        try ManagerAccounts(store: store).setPassword(name: name, password: password, actor: actor)
        context.out.line(context.words.tr("new password set for {name}", ["name": name]))
    }
}

/// `attendance manager remove NAME`
struct ManagerRemove: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("remove", Phrase("Close a console account for good (its name stays in the audit log)."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The account's name.")) var name: String

    func run(in context: Context) throws {
        let (_, store, actor) = try change.open(in: context)
        try ManagerAccounts(store: store).remove(name: name, actor: actor)
        context.out.line(
            context.words.tr(
                "removed {name}: it can no longer sign in, and its open sessions end at their next request",
                ["name": name]))
    }
}
