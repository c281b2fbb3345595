import ArgumentParser
import AttendanceCore
import AttendanceLanguage

/// A command that runs with an injected `Context` (output, clock, environment).
public protocol ContextCommand: ParsableCommand {
    func run(in context: Context) throws
}

extension ContextCommand {
    public mutating func run() throws { try run(in: .live()) }
}

/// `attendance`: the table of contents of every command.
public struct Attendance: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "attendance",
            abstract: CommandWords.words.tr(
                "The office attendance kiosk: mark in and out, calendars, the monthly register."),
            discussion: CommandWords.words.tr(
                "Employees mark in and out at the kiosk (`attendance kiosk`) or with `attendance mark`. Each punch is checked against the office WiFi and stored durably before it is shown as recorded. The exit statuses are listed after the commands."
            ),
            version: "1.0.0",
            subcommands: [
                // At the kiosk
                KioskCommand.self, MarkCommand.self,
                // What managers and employees look at
                CalendarCommand.self, RegisterCommand.self, SummaryCommand.self, ServeCommand.self,
                // Setting up
                EmployeeCommand.self, WiFiCommand.self, HolidayCommand.self, LeaveCommand.self,
                // Fixing the record
                MissingCommand.self, RequestCommand.self, PunchCommand.self, AuditCommand.self, ImportCommand.self,
                ExportCommand.self,
                // Looking after the installation
                ConfigCommand.self, StoreCommand.self, SyncCommand.self, CentralCommand.self, ManagerCommand.self,
            ]
        )
    }

    public init() {}

    /// Runs the command whose arguments are `argv`'s bytes (the program's name left out). An
    /// argument that is not UTF-8 is refused with 65 before anything runs: decoded as a String, its
    /// bad bytes would become U+FFFD and be stored in a name or a note as if they had been typed.
    public static func run(argv: [[UInt8]], in context: Context) -> Int32 {
        var arguments: [String] = []
        for (index, bytes) in argv.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let shown = String(decoding: bytes, as: UTF8.self).quotedForMessage
                let asked = languageAsked(in: argv.map { String(decoding: $0, as: UTF8.self) })
                let words = CommandWords.speech(asked, environment: context.environment)
                context.err.line(
                    "attendance: "
                        + words.tr(
                            "argument {number} ({argument}) is not valid UTF-8; type it again in a UTF-8 terminal (check the locale with `locale`); nothing was done",
                            ["number": String(index + 1), "argument": shown]))
                return ExitStatus.badInput.rawValue
            }
            arguments.append(text)
        }
        return run(arguments, in: context)
    }

    /// Parses `arguments`, runs the command with `context`, and returns the exit status.
    /// Every failure becomes one line on standard error; nothing escapes as a crash.
    public static func run(_ arguments: [String], in context: Context) -> Int32 {
        let status = parseAndRun(arguments, in: context)
        // Output lost on its way (`register > file` on a full disk) must not pass for success. The
        // command's own failure, already on standard error, keeps its status.
        guard status == ExitStatus.success.rawValue, let failure = context.out.sink.failure else { return status }
        let words = CommandWords.speech(languageAsked(in: arguments), environment: context.environment)
        context.err.line(
            "attendance: "
                + words.tr(
                    "the output could not be written ({reason}); what the command did is done, but what it printed is incomplete",
                    ["reason": failure]))
        return ExitStatus.outputFailure.rawValue
    }

    private static func parseAndRun(_ arguments: [String], in context: Context) -> Int32 {
        var context = context
        context.words = CommandWords.speech(languageAsked(in: arguments), environment: context.environment)
        return CommandWords.$environment.withValue(context.environment) {
            CommandWords.$words.withValue(context.words) { parseAndRun(arguments, speaking: context) }
        }
    }

    /// The language `--language` names in `arguments`, when it is one with words: a value refused
    /// while the arguments are parsed ("--month 2026-13") is said in it too, before there is a
    /// command to ask.
    static func languageAsked(in arguments: [String]) -> Language? {
        guard let option = languageOption(in: arguments) else { return nil }
        let written = arguments[option.lowerBound]
        let value = written == "--language" ? arguments[option].dropFirst().first : String(written.dropFirst(11))
        return value.flatMap { try? Language(parsing: $0) }
    }

    /// Where `--language VALUE` or `--language=VALUE` stands in `arguments`, before any `--`: the
    /// one place the three readings of the option before the parser's (``languageAsked(in:)``,
    /// ``languageAfterCommand(_:)``, ``asksRootHelp(_:)``) find it.
    private static func languageOption(in arguments: [String]) -> Range<Int>? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument == "--language" { return index..<min(arguments.count, index + 2) }
            if argument.hasPrefix("--language=") { return index..<index + 1 }
        }
        return nil
    }

    private static func parseAndRun(_ written: [String], speaking context: Context) -> Int32 {
        let arguments = languageAfterCommand(written)
        var context = context
        let command: ParsableCommand
        let refused = RefusedArguments()
        do {
            command = try RefusedArguments.$current.withValue(refused) { try parseAsRoot(arguments) }
        } catch {
            // A malformed value (a date, a BSSID) is 65 with the value's own message, as
            // `--help` documents, not the parser's generic "The value is invalid" and 64.
            if let refusal = refused.first { return report(refusal, in: context) }
            // A mistyped command word is named, with the command it is closest to.
            if let unknown = CommandSuggestion.find(in: arguments, root: Attendance.self) {
                return report(CommandFailure(unknown.message, status: .usage), in: context)
            }
            return report(parseError: error, in: context, rootHelp: asksRootHelp(arguments))
        }
        if let speaking = command as? any SpeakingCommand { context.words = speaking.language.words }
        return execute(in: context, rootHelp: asksRootHelp(arguments)) { [context] in
            if let command = command as? ContextCommand {
                try command.run(in: context)
            } else {
                // A group without a command of its own: ArgumentParser shows its help.
                var command = command
                try command.run()
            }
        }
    }

    /// `attendance --language fr employee add --help`: a `--language` written before the command's
    /// words, where `attendance` itself takes none, is the command's, as if written after them (before
    /// a `--`). Without that, the parser shows the help of `attendance` for it, or refuses the option.
    static func languageAfterCommand(_ arguments: [String]) -> [String] {
        guard let option = languageOption(in: arguments), option.lowerBound == 0 else { return arguments }
        var rest = Array(arguments[option.upperBound...])
        rest.insert(contentsOf: arguments[option], at: rest.firstIndex(of: "--") ?? rest.endIndex)
        return rest
    }

    /// Whether `arguments` ask for the help of `attendance` itself, which ends with the exit statuses:
    /// the parser puts a command's discussion before its subcommands, and the commands come first.
    /// `--language fr --help` asks for it too, in French.
    private static func asksRootHelp(_ arguments: [String]) -> Bool {
        var rest = arguments
        if let option = languageOption(in: rest) { rest.removeSubrange(option) }
        return rest.isEmpty || (rest.count == 1 && ["--help", "-h", "help"].contains(rest[0]))
    }

    /// Runs a parsed command and turns its outcome into the exit status.
    private static func execute(in context: Context, rootHelp: Bool, _ command: () throws -> Void) -> Int32 {
        do {
            try command()
            // A manager's change made on the desk's copy of the central store goes up now.
            try DeskCopy.finish(in: context)
            return ExitStatus.success.rawValue
        } catch let failure as any AttendanceError {
            return report(failure, in: context)
        } catch {
            // Help, version, and the parser's own validation errors.
            return report(parseError: error, in: context, rootHelp: rootHelp)
        }
    }

    private static func report(_ error: any AttendanceError, in context: Context) -> Int32 {
        let failure = CommandFailure.from(error, words: context.words)
        for line in failure.message.split(separator: "\n") { context.err.line("attendance: " + line.clipped()) }
        return failure.status.rawValue
    }

    private static func report(parseError error: any Error, in context: Context, rootHelp: Bool = false) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { context.out.line(message) }
            if rootHelp { context.out.line("\n" + ExitStatus.helpText(context.words)) }
            return 0
        }
        // The parser quotes what it could not understand, which can be a 100 KB argument.
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            context.err.line(line.clipped())
        }
        return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
    }
}
