import ArgumentParser
import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import AttendanceWeb
import Foundation

/// `attendance serve`: the manager's console in a browser.
struct ServeCommand: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "serve",
            Phrase("Serve the manager's web console: today, the register, calendars, fixes and administration."),
            discussion: Phrase(
                "Sign in with an account made by `attendance manager add`. By default the console listens on 127.0.0.1:8080, for this machine only; beyond it, only with TLS (--tls-cert and --tls-key), or behind a reverse proxy on loopback. It reads and writes the same store as the kiosk, which keeps punching meanwhile. With --store postgresql://… it serves a desk's copy of the central store, synced every sync_seconds (10 by default), so every kiosk's punches appear and its changes go up. Stop it with SIGTERM or Ctrl-C."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("Where to listen; port 0 lets the system choose.", valueName: "host:port"))
    var listen = "127.0.0.1:8080"
    @Option(help: .tr("The TLS certificate chain, in PEM.", valueName: "path")) var tlsCert: String?
    @Option(help: .tr("The TLS certificate's private key, in PEM.", valueName: "path")) var tlsKey: String?

    func run(in context: Context) throws {
        let address = try ListenAddress(parsing: listen)
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw CommandFailure(
                context.words.tr("--tls-cert and --tls-key go together; give both or neither"), status: .usage)
        }
        let tls = tlsCert.flatMap { cert in tlsKey.map { TLSFiles(certificate: cert, key: $0) } }
        let configuration = try global.configuration(in: context)
        let store: AttendanceStore
        var background: BackgroundSync?
        if let named = global.storeArgument(in: context), CentralAddress.names(named) {
            // At a desk: the copy of the central store, brought up to date now and kept so by a
            // sync every sync_seconds, which also sends the console's changes up.
            let address = try CentralAddress(parsing: named)
            let copy = try DeskCopy.open(address, configuration: configuration, in: context)
            store = copy.store
            background = BackgroundSync(
                store: store, address: address, settings: configuration.central ?? CentralSettings(), node: copy.node,
                role: .desk, context: context)
        } else {
            let path = global.storePath(configuration: configuration, in: context)
            try context.requireExistingStore(at: path)
            // Pages read while the kiosk writes: the pool's readers never wait on its writer.
            store = try context.openStore(at: path, connections: .pool)
        }
        let storePath = store.path
        let console = Console(
            store: store, configuration: configuration, isSecure: tls != nil, now: context.now,
            newPINPepper: { try PepperFile.forNewPIN(storePath: storePath, in: context) }, isDesk: background != nil,
            catalog: Catalog(directory: Catalog.directory(environment: context.environment)))
        let server = try ConsoleServer(console: console, address: address, tls: tls)
        background?.start()
        defer { background?.stop() }
        let (out, words) = (context.out, context.words)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        // Every request is served at background priority (its tasks inherit it; libdispatch runs
        // them at nice 10), as the console's store work is: a kiosk on the same machine comes first.
        Task(priority: .background) {
            do {
                try await server.run { url in
                    out.line(words.tr("attendance console: {url} (stop with Ctrl-C)", ["url": "\(url)"]))
                }
            } catch {
                outcome.set(error)
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error {
            if error is AppFailure { throw error }
            throw CommandFailure(
                words.tr(
                    "the console could not serve on {address}: {reason}",
                    ["address": "\(address)", "reason": words.sentence(for: error)]),
                status: .unavailable)
        }
    }
}

/// The server task's failure, handed back to the waiting command.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { stored = error } }
}
