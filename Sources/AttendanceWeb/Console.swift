import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// What every page of the console is served from: the store, the configuration, the clock, the
/// sessions and sign-in. Pages ask the application layer (`Reports`, `Corrections`,
/// `ManagerAccounts`, `SignIn`, `Employees`, `AllowedWiFi`, `Holidays`, `LeaveBook`) and word
/// its answers; nothing here decides a status or a refusal.
public final class Console: Sendable {
    let store: AttendanceStore
    let configuration: Configuration
    let now: @Sendable () -> Date
    let sessions = SessionStore()
    let signIn: SignIn
    /// Whether the console is served over TLS: its cookie is then `Secure`.
    let isSecure: Bool
    /// The PIN pepper for a PIN set here, as the command line finds it (read when needed).
    let newPINPepper: @Sendable () throws -> [UInt8]
    /// Whether the store is a desk's copy of the central store (`--store postgresql://…`).
    let isDesk: Bool
    /// The translations the pages are worded from; nil: English only.
    let catalog: Catalog?
    /// The language of a browser that asks for none of those there are: the office's, else English.
    let language: Language

    /// The words of the request being answered: the language its browser asks for (set by
    /// ``ConsolePolicy`` around each request).
    @TaskLocal static var words = Speech.english
    var words: Speech { Self.words }

    /// The store is read and written by blocking calls (SQLite); they run here, off the
    /// server's event loops, so a slow register never stalls another manager's page. At
    /// background priority (libdispatch runs it at nice 10): on a kiosk's machine a punch at
    /// the door comes before a manager's page, which takes only what the kiosk leaves.
    private let work = DispatchQueue(label: "attendance.console", qos: .background, attributes: .concurrent)

    public init(
        store: AttendanceStore, configuration: Configuration, isSecure: Bool,
        now: @escaping @Sendable () -> Date = { Date() },
        newPINPepper: @escaping @Sendable () throws -> [UInt8] = Employees.noPepper, isDesk: Bool = false,
        catalog: Catalog? = nil
    ) {
        self.store = store
        self.configuration = configuration
        self.isSecure = isSecure
        self.newPINPepper = newPINPepper
        self.isDesk = isDesk
        self.catalog = catalog
        language = configuration.kiosk.language ?? .english
        self.now = now
        self.signIn = SignIn(store: store)
    }

    /// The words for a browser whose `Accept-Language` is `header`.
    func words(acceptLanguage header: String?) -> Speech {
        Speech(header.flatMap(Language.init(acceptLanguage:)) ?? language, catalog: catalog)
    }

    var policy: Policy { configuration.policy }
    var office: String { configuration.kiosk.officeName }

    /// Runs `body` on the console's work queue and hands back its result.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            work.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
