import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal
import Foundation

/// Everything a command touches outside itself: output, input, environment, clock, user.
///
/// The executable passes `Context.live()`; tests build one with captured output, their own
/// environment and a fixed clock, and run commands in-process.
public struct Context: Sendable {
    public var out: Console
    public var err: Console
    /// Reads one line of standard input (without its line break), nil at end of input.
    public var readLine: @Sendable () -> String?
    /// Reads a secret (a PIN) without echo when standard input is a terminal.
    public var readSecret: @Sendable (_ prompt: String) -> String?
    /// Reads the rest of standard input as bytes (a file given as `-`).
    public var readStandardInput: @Sendable () -> [UInt8] = { [] }
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    /// Seconds on a clock that only moves forward, at its own pace (CLOCK_MONOTONIC): for
    /// timeouts, which must not jump when someone or NTP sets the wall clock.
    public var uptime: @Sendable () -> TimeInterval
    /// The OS user running the command, recorded in the audit log.
    public var userName: String {
        get { userNameLookup() }
        set { userNameLookup = { newValue } }
    }
    /// Looked up only when asked for: reading the user database (`getpwuid`) is work that most
    /// commands, a mark among them, never need.
    private var userNameLookup: @Sendable () -> String
    /// The effective user id running the command: recorded beside every change's actor, so a
    /// `--by` name never replaces who really made it.
    public var userID: UInt32
    public var isRoot: Bool
    /// The zone of the machine, for a configuration that names none.
    public var hostZone: LocalZone {
        get { hostZoneLookup() }
        set { hostZoneLookup = { newValue } }
    }
    /// Where a zone's rules come from: the system's time zone database.
    public let zones: ZoneDatabase
    /// Looked up only when asked for: Foundation's `TimeZone.current` reads the environment twice
    /// and the zone's rules, 1.5 M instructions, which a configuration with `timezone` never needs.
    private var hostZoneLookup: @Sendable () -> LocalZone
    /// Whether standard output is a terminal (full-screen programs and colour need one).
    public var outputIsTerminal: Bool
    /// The central store's desk copies this command opened, sent up as it ends.
    public let deskCopies = DeskCopies()
    /// The language of the command's sentences: its `--language`, else the locale's, else English
    /// (set by ``Attendance/run(_:in:)``). JSON and CSV never go through it.
    public var words = Speech.english

    public init(
        out: Console, err: Console, readLine: @escaping @Sendable () -> String? = { nil },
        readSecret: @escaping @Sendable (String) -> String? = { _ in nil }, environment: [String: String],
        now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }, userName: String,
        userID: UInt32 = 1000, isRoot: Bool, hostZone: @autoclosure @escaping @Sendable () -> LocalZone,
        zones: ZoneDatabase = ZoneDatabase(reading: SystemZoneFiles.read), outputIsTerminal: Bool
    ) {
        self.out = out
        self.err = err
        self.readLine = readLine
        self.readSecret = readSecret
        self.environment = environment
        self.now = now
        self.uptime = uptime
        self.userNameLookup = { userName }
        self.userID = userID
        self.isRoot = isRoot
        self.hostZoneLookup = hostZone
        self.zones = zones
        self.outputIsTerminal = outputIsTerminal
    }

    /// The real process: standard streams, the real clock, the host's zone.
    public static func live() -> Context {
        let zones = ZoneDatabase(reading: SystemZoneFiles.read)
        let environment = ProcessInfo.processInfo.environment
        let stdout = FileDescriptorSink(fd: STDOUT_FILENO)
        let stderr = FileDescriptorSink(fd: STDERR_FILENO)
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        // sudo names who ran it; anyone else could set SUDO_USER to any name, so it is believed
        // only in a process sudo made (root, really and effectively).
        let sudoUser =
            getuid() == 0 && geteuid() == 0 ? environment["SUDO_USER"].flatMap { $0.isEmpty ? nil : $0 } : nil
        var context = Context(
            out: Console(
                sink: stdout, usesColor: stdout.isTerminal && !noColor && environment["TERM"] != "dumb",
                palette: ColorPalette(term: environment["TERM"])),
            err: Console(sink: stderr, usesColor: stderr.isTerminal && !noColor),
            readLine: { Swift.readLine(strippingNewline: true) },
            readSecret: { prompt in SecretInput.read(prompt: prompt) },
            environment: environment,
            now: { Date() },
            userName: "",
            userID: UInt32(geteuid()),
            isRoot: geteuid() == 0,
            hostZone: LocalZone(TimeZone.current, in: zones), zones: zones, outputIsTerminal: stdout.isTerminal)
        context.userNameLookup = { sudoUser ?? Self.loginName() }
        context.readStandardInput = { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        return context
    }

    static func loginName() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid \(geteuid())"
    }
}
