import ArgumentParser
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance kiosk`
struct KioskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "The full-screen kiosk where employees mark in and out.",
        subcommands: [KioskRun.self, KioskHashExitCode.self],
        defaultSubcommand: KioskRun.self)
}

/// `attendance kiosk [run]`: the kiosk's loop.
struct KioskRun: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the kiosk on this terminal.",
        discussion: """
            Ctrl-C, Ctrl-Z, Ctrl-\\ and Ctrl-D do nothing. The kiosk ends on SIGTERM or SIGHUP, or when \
            the manager's exit code ([kiosk] exit_code_hash) is typed at the code prompt; the terminal \
            is restored every time.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var link: LinkSourceOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let reader = try link.reader(for: configuration)
        let terminal = RawTerminal()
        let signals = SignalPipe.install()
        do {
            try terminal.enter()
        } catch {
            throw CommandFailure(String(describing: error), status: .unavailable)
        }
        defer { terminal.restore() }

        let view = KioskView(
            officeName: configuration.kiosk.officeName, zone: configuration.policy.zone,
            asciiOnly: context.environment["TERM"] == "linux")
        let palette = ColorPalette.forScreen(environment: context.environment)
        let controller: KioskController
        let sync: BackgroundSync?
        do {
            let path = global.storePath(configuration: configuration, in: context)
            // A kiosk of a central store ([central] kiosk_id) may start with no store: its first
            // sync fills it. Any other kiosk on a missing store would only answer "unknown code".
            if configuration.central?.kioskID == nil { try context.requireExistingStore(at: path) }
            // Checked through read-only connections before it is opened for writing: opening a
            // store for writing writes to it, and a damaged store must not be written at all.
            let problems = try AttendanceStore.check(fileAt: path)
            guard problems.isEmpty else {
                return Self.outOfService(
                    KioskController.damaged(problems), terminal: terminal, signals: signals, palette: palette)
            }
            let store = try context.openStore(at: path, connections: .pool)
            let desk = MarkingDesk(
                configuration: configuration, store: store, linkReader: reader,
                pepperPath: PepperFile.path(storePath: store.path, in: context), now: context.now)
            controller = KioskController(
                desk: desk, settings: configuration.kiosk, now: context.now, uptime: context.uptime)
            controller.startUp()
            sync = try BackgroundSync.forKiosk(store: store, configuration: configuration, in: context)
            sync?.start()
        } catch {
            // No store, no kiosk: say so on the screen until someone stops it.
            return Self.outOfService(String(describing: error), terminal: terminal, signals: signals, palette: palette)
        }

        defer { sync?.stop() }
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

    /// The out-of-service screen, shown until SIGTERM/SIGHUP; it writes nothing anywhere.
    static func outOfService(
        _ reason: String, terminal: RawTerminal, signals: Int32, palette: ColorPalette?
    ) {
        let size = terminal.size
        var frame = Frame()
        frame.blank(6)
        frame.lines += KioskView.outOfServiceBody(reason, width: size.columns).lines
        terminal.write(frame.render(size: size, palette: palette))
        while true {
            let ready = terminal.waitForInput(signals: signals, milliseconds: 1000)
            if ready.signal, SignalPipe.drain().contains(.terminate) { return }
            if ready.input, terminal.readAvailable() == nil { return }
        }
    }
}

/// `attendance kiosk hash-exit-code`: makes the value for `[kiosk] exit_code_hash`.
struct KioskHashExitCode: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash-exit-code",
        abstract: "Print the hash of a manager exit code, for [kiosk] exit_code_hash.",
        discussion: """
            The code (6–32 letters or digits, in either case) is read from standard input, twice on \
            a terminal. \
            When the store exists, a code that is an employee's is refused: at the kiosk the employee \
            would always win, and the exit code would never work.
            """)

    @OptionGroup var global: GlobalOptions

    func run(in context: Context) throws {
        guard let code = context.readSecret("Exit code: "), PINHasher.hasExitCodeForm(code)
        else { throw CommandFailure("an exit code is 6 to 32 letters or digits") }
        if context.outputIsTerminal, context.readSecret("Again: ") != code {
            throw CommandFailure("the two codes differ")
        }
        let configuration = try global.configuration(in: context)
        let path = global.storePath(configuration: configuration, in: context)
        // The store as it is here (for the central store, this desk's copy): no store, no employees yet.
        if !FileAccess.isMissing(path) {
            let store = try context.openStore(at: path)
            if let employee = try store.employee(code: code) {
                throw CommandFailure(
                    "that is \(employee.code)'s employee code: at the kiosk the employee would always win and the "
                        + "exit code would never work; choose another")
            }
        }
        context.out.line("exit_code_hash = \"\(try PINHasher.exitCodeHash(code))\"")
    }
}
