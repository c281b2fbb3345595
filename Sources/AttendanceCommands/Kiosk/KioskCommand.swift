import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance kiosk`
struct KioskCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "kiosk", Phrase("The full-screen kiosk where employees mark in and out."),
            subcommands: [KioskRun.self, KioskHashExitCode.self], default: KioskRun.self)
    }
}

/// `attendance kiosk [run]`: the kiosk's loop.
struct KioskRun: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "run", Phrase("Run the kiosk on this terminal."),
            discussion: Phrase(
                "Ctrl-C, Ctrl-Z, Ctrl-\\ and Ctrl-D do nothing. The kiosk ends on SIGTERM or SIGHUP, or when the manager's exit code ([kiosk] exit_code_hash) is typed at the code prompt; the terminal is restored every time."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var link: LinkSourceOptions

    func run(in context: Context) throws {
        let terminal = RawTerminal()
        let signals = SignalPipe.install()
        do {
            try terminal.enter()
        } catch {
            // No screen to show a problem on: a configuration error is still named first (78).
            _ = try global.configuration(in: context)
            throw CommandFailure(String(describing: error), status: .unavailable)
        }
        defer { terminal.restore() }
        let palette = ColorPalette.forScreen(environment: context.environment)
        // Whatever keeps the kiosk from starting (a configuration error, no store, a full disk, a
        // store it may not write) is shown on its screen, not only in the journal, and tried again
        // every few seconds: once the manager has mended it, the kiosk starts by itself.
        var logged: String?
        while true {
            let reason: String
            // The office's language, when its configuration can be read: the screen is the
            // employees', and the journal's line says the same.
            let words: Speech
            do {
                switch try start(in: context) {
                case .ready(let kiosk):
                    return loop(kiosk, terminal: terminal, signals: signals, palette: palette, context: context)
                case .outOfService(let why, let office):
                    words = office
                    reason = why.worded(words)
                }
            } catch {
                words = Self.officeWords(try? global.configuration(in: context), in: context)
                reason = words.sentence(for: error)
            }
            // The journal gets it too, once per reason, when standard error goes there and not here.
            if isatty(STDERR_FILENO) == 0, reason != logged {
                context.err.line(
                    "attendance: " + words.tr("kiosk out of service: {reason}", ["reason": reason.clipped()]))
                logged = reason
            }
            guard
                Self.outOfService(reason, words: words, terminal: terminal, signals: signals, palette: palette)
                    == .retry
            else { return }
        }
    }

    /// A kiosk ready to run: its view, controller and background sync.
    struct Ready {
        let view: KioskView
        let controller: KioskController
        let sync: BackgroundSync?
    }

    enum Start {
        case ready(Ready)
        /// It must not record anything, for this reason, said in the office's words.
        case outOfService(OutOfService, Speech)
    }

    /// Why a kiosk whose configuration and store could be read must still record nothing.
    enum OutOfService: Equatable {
        /// The store's check found this many problems.
        case damaged(problems: Int)
        /// The store may only be read (a read-only file, a full disk, a denied folder).
        case cannotWrite(StoreError)
        /// Triggers made outside the program, which would act inside every punch.
        case changedOutside(triggers: [String])

        func worded(_ words: Speech) -> String {
            switch self {
            case .damaged(let problems):
                words.tr(
                    "The attendance store is damaged ({count} problem(s)); restore a backup.",
                    ["count": String(problems)])
            case .cannotWrite(let refusal): words.sentence(for: refusal)
            case .changedOutside(let triggers):
                words.tr(
                    "The attendance store was changed outside this program (trigger {names}); run `attendance store check`, then restore a backup.",
                    ["names": triggers.joined(separator: ", ")])
            }
        }
    }

    /// The words of the office's screen: `[kiosk] language`, else the locale's, else English.
    static func officeWords(_ configuration: Configuration?, in context: Context) -> Speech {
        let language = configuration?.kiosk.language ?? Language(environment: context.environment) ?? .english
        return Speech(language, catalog: Catalog(directory: Catalog.directory(environment: context.environment)))
    }

    /// Reads the configuration and opens the store, as the kiosk needs them.
    func start(in context: Context) throws -> Start {
        let configuration = try global.configuration(in: context)
        // From here on, what keeps the kiosk from starting is said in the office's language.
        var context = context
        context.words = Self.officeWords(configuration, in: context)
        let reader = try link.reader(for: configuration, words: context.words)
        let path = global.storePath(configuration: configuration, in: context)
        // A kiosk of a central store ([central] kiosk_id) may start with no store: its first
        // sync fills it. Any other kiosk on a missing store would only answer "unknown code".
        if configuration.central?.kioskID == nil { try context.requireExistingStore(at: path) }
        // Checked through read-only connections before it is opened for writing: opening a
        // store for writing writes to it, and a damaged store must not be written at all.
        let problems = try AttendanceStore.check(fileAt: path)
        guard problems.isEmpty else { return .outOfService(.damaged(problems: problems.count), context.words) }
        let store = try context.openStore(at: path, connections: .resident)
        // Opened for reading only (read-only, a full disk): out of service, and tried again like
        // every other reason, so the kiosk takes punches again once the disk has room.
        if let refusal = store.writeRefusal { return .outOfService(.cannotWrite(refusal), context.words) }
        // A trigger made outside the program would act inside every punch the kiosk records.
        let foreign = try store.foreignTriggers()
        guard foreign.isEmpty else { return .outOfService(.changedOutside(triggers: foreign), context.words) }
        let desk = MarkingService(
            configuration: configuration, store: store, linkReader: reader,
            pepperPath: PepperFile.path(storePath: store.path, in: context), now: context.now)
        let controller = KioskController(
            desk: desk, settings: configuration.kiosk, office: context.words, now: context.now, uptime: context.uptime)
        controller.startUp()
        let sync = try BackgroundSync.forKiosk(store: store, configuration: configuration, in: context)
        sync?.start()
        let view = KioskView(
            officeName: configuration.kiosk.officeName, zone: configuration.policy.zone,
            asciiOnly: context.environment["TERM"] == "linux")
        return .ready(Ready(view: view, controller: controller, sync: sync))
    }

    /// The kiosk's loop, until it is told to end.
    func loop(_ kiosk: Ready, terminal: RawTerminal, signals: Int32, palette: ColorPalette?, context: Context) {
        let (view, controller) = (kiosk.view, kiosk.controller)
        defer { kiosk.sync?.stop() }
        let decoder = KeyDecoder()
        var size = terminal.size
        func draw() {
            terminal.write(
                view.frame(for: controller, size: size, now: context.now()).render(size: size, palette: palette))
        }
        draw()
        while !controller.shouldExit {
            if controller.hasPendingWork {
                controller.performPendingWork()
                draw()
                controller.desk.settle()
                continue
            }
            let millisecondsToNextSecond =
                1000 - Int32(context.now().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) * 1000)
            let ready = terminal.waitForInput(signals: signals, milliseconds: max(10, millisecondsToNextSecond))
            if ready.signal {
                let events = SignalPipe.drain()
                if events.contains(.terminate) { break }
                if events.contains(.resize) {
                    size = terminal.size
                    terminal.clearScreen()
                }
            }
            if ready.input {
                guard let bytes = terminal.readAvailable() else { break }  // the terminal went away
                for key in decoder.decode(bytes) { controller.handle(key) }
            }
            controller.tick()
            draw()
        }
    }

    /// How long the out-of-service screen waits before the kiosk tries to start again.
    static let retrySeconds = 5

    enum OutOfServiceEnd { case retry, terminate }

    /// The out-of-service screen, shown for `retrySeconds` (or until SIGTERM/SIGHUP, or the
    /// terminal going away); it writes nothing anywhere. Keys typed meanwhile are dropped.
    static func outOfService(
        _ reason: String, words: Speech, terminal: RawTerminal, signals: Int32, palette: ColorPalette?
    ) -> OutOfServiceEnd {
        var size = terminal.size
        func draw() {
            var frame = Frame()
            frame.blank(6)
            frame.lines += KioskView.outOfServiceBody(reason, words: words, width: size.columns).lines
            terminal.write(frame.render(size: size, palette: palette))
        }
        draw()
        for _ in 0..<retrySeconds {
            let ready = terminal.waitForInput(signals: signals, milliseconds: 1000)
            if ready.signal {
                let events = SignalPipe.drain()
                if events.contains(.terminate) { return .terminate }
                if events.contains(.resize) {
                    size = terminal.size
                    terminal.clearScreen()
                    draw()
                }
            }
            if ready.input, terminal.readAvailable() == nil { return .terminate }
        }
        return .retry
    }
}

/// `attendance kiosk hash-exit-code`: makes the value for `[kiosk] exit_code_hash`.
struct KioskHashExitCode: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "hash-exit-code", Phrase("Print the hash of a manager exit code, for [kiosk] exit_code_hash."),
            discussion: Phrase(
                "The code (6–32 letters or digits, in either case) is read from standard input, twice on a terminal. When the store exists, a code that is an employee's is refused: at the kiosk the employee would always win, and the exit code would never work."
            ))
    }

    @OptionGroup var global: GlobalOptions

    func run(in context: Context) throws {
        guard let code = context.readSecret(context.words.tr("Exit code: ")), PINHasher.hasExitCodeForm(code)
        else { throw CommandFailure(context.words.tr("an exit code is 6 to 32 letters or digits")) }
        if context.outputIsTerminal, context.readSecret(context.words.tr("Again: ")) != code {
            throw CommandFailure(context.words.tr("the two codes differ"))
        }
        let configuration = try global.configuration(in: context)
        let path = global.storePath(configuration: configuration, in: context)
        // The store as it is here (for the central store, this desk's copy): no store, no employees yet.
        if !FileAccess.isMissing(path) {
            let store = try context.openStore(at: path)
            if let employee = try store.employee(code: code) {
                throw CommandFailure(
                    context.words.tr(
                        "that is {employee}'s employee code: at the kiosk the employee would always win and the exit code would never work; choose another",
                        ["employee": "\(employee.code)"]))
            }
        }
        context.out.line("exit_code_hash = \"\(try PINHasher.exitCodeHash(code))\"")
    }
}
