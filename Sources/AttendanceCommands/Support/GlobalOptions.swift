import ArgumentParser
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import Foundation

/// The options every command takes: which configuration and which store.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: .tr(
            "The configuration file.",
            discussion: CommandWords.words.tr(
                "Default: $ATTENDANCE_CONFIG, else /etc/attendance/attendance.toml, else built-in defaults."),
            valueName: "path"))
    public var config: String?

    @Option(
        name: .long,
        help: .tr(
            "The store: a SQLite file, or the central store as postgresql://USER@HOST:PORT/DATABASE.",
            discussion:
                CommandWords.words.tr(
                    "Default: $ATTENDANCE_STORE, else [store] path, else /var/lib/attendance/attendance.sqlite for root and $XDG_DATA_HOME/attendance/attendance.sqlite otherwise."
                ),
            valueName: "path|url"))
    public var store: String?

    public init() {}

    /// The configuration in force: `--config`, `$ATTENDANCE_CONFIG`, the system file, or the
    /// built-in defaults, in that order. A file named explicitly must exist.
    public func configuration(in context: Context) throws -> Configuration {
        guard let path = configurationPath(in: context) else { return Configuration(hostZone: context.hostZone) }
        let words = context.words
        // A configuration is a few kilobytes; a huge file (a log or a disk image named by
        // mistake) is refused before it is read, not after minutes and gigabytes.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > Self.largestConfiguration {
            throw CommandFailure(
                words.tr(
                    "the configuration file {path} is {size} KB; a configuration is a few KB, so this is not one (at most {limit} KB)",
                    ["path": path, "size": "\(info.st_size / 1024)", "limit": "\(Self.largestConfiguration / 1024)"]),
                status: .configuration)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            if let denial = FileAccess.denial(of: path) {
                throw CommandFailure(
                    words.tr(
                        "the configuration file {path} cannot be read: {reason}; give the file, and each folder on its way, to a group that user is in (README \"Deploying a real kiosk\")",
                        ["path": path, "reason": words.sentence(for: denial)]), status: .configuration)
            }
            throw CommandFailure(
                words.tr(
                    // Translators: {reason} is one of the reasons a file cannot be read ("does not exist", "is a folder, not a file"…).
                    "the configuration file {path} {reason}",
                    ["path": path, "reason": Self.whyUnreadable(path, words: words)]), status: .configuration)
        }
        guard let text = String(validatingUTF8CString: data) else {
            let sentence =
                TextLines.firstNotUTF8(in: data).map {
                    words.tr(
                        "the configuration file {path} is not UTF-8 text (line {line})",
                        ["path": path, "line": "\($0)"])
                } ?? words.tr("the configuration file {path} is not UTF-8 text", ["path": path])
            throw CommandFailure(sentence, status: .configuration)
        }
        return try Configuration(parsing: text, file: path, hostZone: context.hostZone, zones: context.zones)
    }

    /// The largest configuration file read, in bytes.
    static let largestConfiguration = 1 << 20

    /// The configuration file in force, if any: `--config`, `$ATTENDANCE_CONFIG`, or the system
    /// file when it is there.
    func configurationPath(in context: Context) -> String? {
        let systemPath = "/etc/attendance/attendance.toml"
        if let config { return config }
        if let fromEnvironment = context.environment["ATTENDANCE_CONFIG"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        // Present but perhaps unreadable: say so rather than fall back to the defaults.
        return FileAccess.isMissing(systemPath) ? nil : systemPath
    }

    /// Why a file that could not be read was not: missing, or which permission stops whom, in
    /// `words`: what follows the file's name in a sentence ("… does not exist").
    static func whyUnreadable(_ path: String, words: Speech) -> String {
        // Translators: this and the reasons below follow a file's name: "the file {file} {reason}".
        if let denial = FileAccess.denial(of: path) {
            return words.tr("cannot be read: {reason}", ["reason": words.sentence(for: denial)])
        }
        if FileAccess.isMissing(path) { return words.tr("does not exist") }
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return words.tr("is a folder, not a file") }
            // A pipe or a terminal (`/dev/stdin`) is read in one go only when it is a file.
            if info.st_mode & S_IFMT != S_IFREG {
                return words.tr(
                    "cannot be read: it is not a regular file (a pipe or a device); save it to a file first")
            }
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        let code = errno
        if fd >= 0 { close(fd) }
        return fd >= 0
            ? words.tr("cannot be read")
            : words.tr("cannot be read: {reason}", ["reason": String(cString: strerror(code))])
    }

    /// The store named by `--store` or `$ATTENDANCE_STORE`, as given: a path or a URL.
    func storeArgument(in context: Context) -> String? {
        if let store { return store }
        if let fromEnvironment = context.environment["ATTENDANCE_STORE"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return nil
    }

    /// Where the store lives, by the rules above. For the central store, this desk's copy of it.
    public func storePath(configuration: Configuration, in context: Context) -> String {
        if let named = storeArgument(in: context) {
            guard CentralAddress.names(named), let address = try? CentralAddress(parsing: named) else { return named }
            return DeskCopy.copyPath(for: address, in: context)
        }
        if let configured = configuration.store.path { return configured }
        if context.isRoot { return "/var/lib/attendance/attendance.sqlite" }
        let dataHome =
            context.environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (context.environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/attendance/attendance.sqlite"
    }

    /// Refuses a change of employees, PINs, access points, holidays, leave or punches on the own
    /// store of a kiosk of the central store (`[central] kiosk_id`): made there it would stay on
    /// that kiosk (an edit) or reach every kiosk through a kiosk's login (an addition). Such
    /// changes are made at the centre, with `--store postgresql://…`.
    func refuseKioskAdministration(_ configuration: Configuration, in context: Context) throws {
        guard let kiosk = configuration.central?.kioskID else { return }
        if let named = storeArgument(in: context), CentralAddress.names(named) { return }
        throw CommandFailure(
            context.words.tr(
                "this machine is kiosk {kiosk} of the central store: employees, PINs, access points, holidays, leave, corrections and console accounts are changed at the centre, where every kiosk gets them — add --store postgresql://USER@HOST/DATABASE with a manager's login",
                ["kiosk": kiosk.quotedForMessage]),
            status: .usage)
    }

    /// The configuration and the opened store, the pair most commands start from.
    ///
    /// For the central store (`postgresql://…`) the store is this desk's copy of it, brought up
    /// to date first (docs/architecture.md "The central store"). A local store must already exist
    /// unless `creating` (the setting-up commands only): see ``Context/requireExistingStore(at:)``.
    public func open(in context: Context, creating: Bool = false) throws -> (Configuration, AttendanceStore) {
        let configuration = try configuration(in: context)
        return (configuration, try open(configuration, in: context, creating: creating))
    }

    /// The store, for a command that has read `configuration` already.
    func open(_ configuration: Configuration, in context: Context, creating: Bool = false) throws -> AttendanceStore {
        if let named = storeArgument(in: context), CentralAddress.names(named) {
            return try DeskCopy.open(try CentralAddress(parsing: named), configuration: configuration, in: context)
                .store
        }
        let path = storePath(configuration: configuration, in: context)
        if !creating { try context.requireExistingStore(at: path) }
        return try context.openStore(at: path)
    }
}

extension String {
    /// Text from a file's bytes, nil unless they are valid UTF-8 without NUL bytes.
    init?(validatingUTF8CString data: Data) {
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}

/// Who a change is recorded as, for the audit log.
public struct ActorOptions: ParsableArguments {
    @Option(
        name: .long,
        help: .tr(
            "Who makes the change, for the audit log; recorded beside the OS user and uid, never instead.",
            valueName: "name"))
    public var by: PersonName?

    public init() {}

    /// Who the change is recorded as: always the OS user and uid running the command, with
    /// `--by` beside them: "Boss Lady via root (uid 0)", or "root (uid 0)" without `--by`.
    public func actor(in context: Context) -> String {
        let user = "\(context.userName) (uid \(context.userID))"
        guard let by else { return user }
        return "\(by.rawValue) via \(user)"
    }
}

/// How a listing is written.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv
}

/// How one document (a calendar, an employee, the WiFi link, the audit log) is written: it has
/// no rows to put in CSV, so `--help` offers only these and the parser refuses the rest.
public enum DocumentFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}
