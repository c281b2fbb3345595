import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceStore
import AttendanceSync
import AttendanceWiFi
import Foundation

/// Many kiosks of one organisation against a real central store, in one process: each kiosk its
/// own SQLite store, its own connection and its own sync rounds every `syncSeconds`, marking its
/// own employees every `markSeconds`, for `seconds`. Then every kiosk drains what it holds, and
/// the centre and one kiosk are counted against what was acknowledged.
public enum OrganisationLoad {
    public struct Settings: Sendable {
        public var url: String
        public var password: String?
        public var kiosks: Int
        public var seconds: Double
        public var syncSeconds: Double = 10
        public var markSeconds: Double = 60
        /// Threads that run the kiosks' rounds and marks (a kiosk's own sync thread, shared).
        public var workers: Int = 32
        public var folder: String
        /// One login a kiosk, as an organisation deploys them: made for this run (members of
        /// attendance_kiosk, no password: the benchmark's server trusts loopback) through
        /// `ownerURL`, and, when PgBouncer stands between, added to its `authFile` and announced
        /// to the process in `pidFile`. Nil: every kiosk uses `url`'s login.
        public var kioskLogins: KioskLogins?

        public struct KioskLogins: Sendable {
            public var ownerURL: String
            public var authFile: String?
            public var pidFile: String?
            public init(ownerURL: String, authFile: String?, pidFile: String?) {
                self.ownerURL = ownerURL
                self.authFile = authFile
                self.pidFile = pidFile
            }
        }

        public init(url: String, password: String?, kiosks: Int, seconds: Double, folder: String) {
            self.url = url
            self.password = password
            self.kiosks = kiosks
            self.seconds = seconds
            self.folder = folder
        }
    }

    public struct Result: Sendable {
        /// Each timed round's duration, in seconds.
        public var rounds: [Double] = []
        /// How late each timed round started after it was due (the workers' backlog), in seconds.
        public var lateness: [Double] = []
        public var failures: [String] = []
        /// Punches the kiosks recorded (acknowledged to an employee).
        public var acknowledged = 0
        /// Those of this run at the centre after the drain, and at kiosk 1 after one more round.
        public var atCentre = 0
        public var atFirstKiosk = 0
        /// The server's backends during the run, at most, as `pg_stat_activity` counted them.
        public var serverConnections = 0
        /// CPU seconds the server's processes used during the timed part.
        public var serverCPUSeconds: Double = 0
        public var setupSeconds: Double = 0
        public var drainSeconds: Double = 0
    }

    /// The result, as the workers add to it under its lock.
    final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var result = Result()
        func change(_ body: (inout Result) -> Void) { lock.withLock { body(&result) } }
        var now: Result { lock.withLock { result } }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    final class Kiosk: @unchecked Sendable {
        let store: AttendanceStore
        private let url: String
        private let password: String?
        /// The connection's synchroniser; nil until the first round and after the centre ended it.
        private var synchronizer: (Synchronizer, CentralStore)?
        let node: String
        let marking: MarkingService
        var people: [Employee] = []
        var marks = 0
        var nextRound: Double
        var nextMark: Double

        init(
            store: AttendanceStore, node: String, url: String, password: String?, marking: MarkingService,
            nextRound: Double, nextMark: Double
        ) {
            self.store = store
            self.node = node
            self.url = url
            self.password = password
            self.marking = marking
            self.nextRound = nextRound
            self.nextMark = nextMark
        }

        /// One sync round, on a new connection when there is none or the last one ended, as the
        /// kiosk's own sync thread does.
        func round() throws {
            let current: Synchronizer
            if let (synchronizer, central) = synchronizer, central.isUsable {
                current = synchronizer
            } else {
                let central = try OrganisationLoad.connect(url, password: password)
                current = Synchronizer(
                    store: store, central: central, node: node, role: .kiosk,
                    pullPageSize: Synchronizer.kioskPullPageSize)
                synchronizer = (current, central)
            }
            _ = try current.round(at: { Date() })
        }

        /// A round outside the timed part that fails (a connection the centre ended) is tried
        /// again, as the kiosk's next round would; each failure is noted in `failures`.
        func drain(failures: inout [String]) throws {
            for attempt in 1...3 {
                do {
                    try round()
                    return
                } catch {
                    if attempt == 3 { throw error }
                    failures.append("drain: \(error)")
                }
            }
        }
    }

    /// A connection to the central store at `url`, as a kiosk of the benchmark makes it.
    static func connect(_ url: String, password: String?) throws -> CentralStore {
        try CentralStore(address: try CentralAddress(parsing: url), password: password, tls: .disable)
    }

    /// This run's names and the office every kiosk is configured for.
    struct Run {
        let settings: Settings
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ssid: SSID
        /// An access point of this run's own: a new desk may not replace an earlier run's.
        let bssid: BSSID
        var configuration = Configuration(hostZone: LocalZone(identifier: "UTC")!)

        init(_ settings: Settings) throws {
            self.settings = settings
            ssid = try SSID(parsing: "OfficeNet")
            bssid = try BSSID(
                parsing: "02:"
                    + (0..<5).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined(separator: ":"))
            configuration.policy.duplicatePunchSeconds = 0
        }

        func code(kiosk: Int, person: Int) -> String { "L\(id)-\(kiosk)-\(person)" }

        /// The desk makes two employees a kiosk and the access point, and sends them up.
        func setUpDesk() throws {
            let desk = try AttendanceStore(path: settings.folder + "/desk.sqlite")
            _ = try desk.allow(AllowedNetwork(bssid: bssid, ssid: ssid, location: "HQ lobby"), actor: "load")
            for kiosk in 1...settings.kiosks {
                for person in 1...2 {
                    _ = try desk.addEmployee(
                        NewEmployee(
                            code: try EmployeeCode(parsing: code(kiosk: kiosk, person: person)),
                            name: try PersonName(parsing: "Load Person \(kiosk).\(person)")),
                        actor: "load")
                }
            }
            _ = try Synchronizer(
                store: desk, central: try connect(settings.url, password: settings.password), node: "load-desk-\(id)",
                role: .desk
            ).round(at: { Date() })
        }

        /// Every kiosk joins: its first round takes the organisation's employees.
        func joinKiosks(failures: inout [String], progress: (String) -> Void) throws -> [Kiosk] {
            var kioskURL = { (_: Int) in settings.url }
            if let logins = settings.kioskLogins {
                kioskURL = try makeKioskLogins(logins, count: settings.kiosks, run: id, url: settings.url)
            }
            var kiosks: [Kiosk] = []
            for number in 1...settings.kiosks {
                let store = try AttendanceStore(path: settings.folder + "/kiosk-\(number).sqlite")
                let marking = MarkingService(
                    configuration: configuration, store: store,
                    linkReader: SimulatedLinkSource(ssid: ssid, bssid: bssid),
                    pepperPath: settings.folder + "/pepper-unused", now: { Date() })
                // Spread over the period, as kiosks started at different moments would be.
                let share = Double(number - 1) / Double(settings.kiosks)
                let kiosk = Kiosk(
                    store: store, node: "load-\(id)-\(number)", url: kioskURL(number), password: settings.password,
                    marking: marking, nextRound: share * settings.syncSeconds, nextMark: share * settings.markSeconds)
                try kiosk.drain(failures: &failures)
                kiosk.people = try (1...2).map { person in
                    guard let employee = try store.employee(code: code(kiosk: number, person: person)) else {
                        throw Failure(description: "kiosk \(number) did not receive its employees")
                    }
                    return employee
                }
                kiosks.append(kiosk)
                if number % 50 == 0 { progress("\(number) kiosks joined") }
            }
            return kiosks
        }

        /// One number from the central store, through psql.
        func count(_ sql: String) throws -> Int {
            let answer = try ChildProcess.run(
                "/usr/bin/psql", ["-X", "-q", "-At", settings.url, "-c", sql],
                environment: ["PATH": "/usr/bin:/bin", "PGPASSWORD": settings.password ?? ""])
            guard answer.status == 0, let count = Int(answer.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw Failure(description: "psql: \(answer.errorText)") }
            return count
        }

        /// The timed part: each worker runs its share of the kiosks, the earliest due first, while
        /// the server's backends are counted every second.
        func timed(_ kiosks: [Kiosk], into shared: Shared, progress: (String) -> Void) {
            let start = ContinuousClock.now
            let elapsed: @Sendable () -> Double = {
                let gone = start.duration(to: .now).components
                return Double(gone.seconds) + Double(gone.attoseconds) / 1e18
            }
            let workers = min(settings.workers, settings.kiosks)
            let group = DispatchGroup()
            for worker in 0..<workers {
                let mine = stride(from: worker, to: kiosks.count, by: workers).map { kiosks[$0] }
                group.enter()
                Thread.detachNewThread { [settings] in
                    defer { group.leave() }
                    Self.work(mine, settings: settings, shared: shared, elapsed: elapsed)
                }
            }
            while group.wait(timeout: .now() + 1) == .timedOut {
                if let backends = try? count(
                    "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'")
                {
                    shared.change { $0.serverConnections = max($0.serverConnections, backends) }
                }
                let now = shared.now
                progress(String(format: "%.0f s: %d rounds, %d marks", elapsed(), now.rounds.count, now.acknowledged))
            }
        }

        /// One worker: its kiosks' marks and rounds, each when due, until the timed part ends.
        static func work(
            _ mine: [Kiosk], settings: Settings, shared: Shared, elapsed: @Sendable () -> Double
        ) {
            while let kiosk = mine.min(by: { min($0.nextRound, $0.nextMark) < min($1.nextRound, $1.nextMark) }) {
                let due = min(kiosk.nextRound, kiosk.nextMark)
                if due >= settings.seconds { return }
                let wait = due - elapsed()
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                let late = max(0, elapsed() - due)
                if kiosk.nextMark <= kiosk.nextRound {
                    kiosk.nextMark += settings.markSeconds
                    let person = kiosk.people[kiosk.marks % 2]
                    let kind: PunchKind = (kiosk.marks / 2) % 2 == 0 ? .in : .out
                    do {
                        guard case .recorded = try kiosk.marking.mark(kind, employee: person) else {
                            throw Failure(description: "a \(kind.label) of \(person.code) was not recorded")
                        }
                        kiosk.marks += 1
                        shared.change { $0.acknowledged += 1 }
                    } catch {
                        shared.change { $0.failures.append("mark: \(error)") }
                    }
                } else {
                    kiosk.nextRound += settings.syncSeconds
                    let began = elapsed()
                    do {
                        try kiosk.round()
                        let took = elapsed() - began
                        shared.change {
                            $0.rounds.append(took)
                            $0.lateness.append(late)
                        }
                    } catch {
                        shared.change { $0.failures.append("round: \(error)") }
                    }
                }
            }
        }
    }

    public static func run(_ settings: Settings, progress: (String) -> Void) throws -> Result {
        let run = try Run(settings)
        var result = Result()
        let setupStart = Date()
        try run.setUpDesk()
        progress("desk: \(settings.kiosks * 2) employees sent up")
        let kiosks = try run.joinKiosks(failures: &result.failures, progress: progress)
        // A kiosk that joined early has not yet seen the employees of those that joined after it
        // (up to twice as many as there are kiosks). It takes them now, as the kiosks of an
        // organisation that grew over weeks already have: the timed part is then every kiosk's
        // usual round, rather than a first catch-up of each at the same moment.
        for kiosk in kiosks { try kiosk.drain(failures: &result.failures) }
        progress("every kiosk has every employee")
        result.setupSeconds = Date().timeIntervalSince(setupStart)

        let shared = Shared()
        shared.result = result
        let cpuBefore = serverCPUSeconds()
        run.timed(kiosks, into: shared, progress: progress)
        result = shared.now
        result.serverCPUSeconds = serverCPUSeconds() - cpuBefore

        // Every kiosk sends what it still holds; then kiosk 1 takes everyone's.
        let drainStart = Date()
        for kiosk in kiosks { try kiosk.drain(failures: &result.failures) }
        try kiosks[0].drain(failures: &result.failures)
        result.drainSeconds = Date().timeIntervalSince(drainStart)
        result.atCentre = try run.count("SELECT count(*) FROM punch WHERE node LIKE 'load-\(run.id)-%'")
        let first = try ChildProcess.run(
            "/usr/bin/sqlite3",
            [
                settings.folder + "/kiosk-1.sqlite",
                "SELECT count(*) FROM punch p JOIN employee e ON e.id = p.employee_id WHERE e.code LIKE 'L\(run.id)-%'",
            ], environment: [:])
        result.atFirstKiosk = Int(first.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return result
    }

    /// Makes `count` kiosk logins for run `run`; returns each kiosk's URL (`url` with its login).
    static func makeKioskLogins(
        _ logins: Settings.KioskLogins, count: Int, run: String, url: String
    ) throws -> (Int) -> String {
        let name = { (number: Int) in "load_\(run)_\(number)" }
        let made = try ChildProcess.run(
            "/usr/bin/psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", logins.ownerURL, "-c",
                "DO $$ BEGIN FOR i IN 1..\(count) LOOP EXECUTE format("
                    + "'CREATE ROLE %I LOGIN IN ROLE attendance_kiosk', 'load_\(run)_' || i); END LOOP; END $$",
            ], environment: ["PATH": "/usr/bin:/bin"])
        guard made.status == 0 else { throw Failure(description: "kiosk logins: \(made.errorText)") }
        if let authFile = logins.authFile {
            let lines = (1...count).map { "\"\(name($0))\" \"\"\n" }.joined()
            guard let handle = FileHandle(forWritingAtPath: authFile) else {
                throw Failure(description: "cannot append to PgBouncer's \(authFile)")
            }
            handle.seekToEndOfFile()
            handle.write(Data(lines.utf8))
            handle.closeFile()
            if let pidFile = logins.pidFile,
                let pid = Int32(
                    (try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(
                        in: .whitespacesAndNewlines))
            {
                kill(pid, SIGHUP)
                Thread.sleep(forTimeInterval: 1)
            }
        }
        guard let at = url.range(of: "://"), let end = url.range(of: "@", range: at.upperBound..<url.endIndex) else {
            throw Failure(description: "the URL names no login: \(url)")
        }
        return { number in String(url[..<at.upperBound]) + name(number) + String(url[end.lowerBound...]) }
    }

    /// CPU seconds used so far by every process named postgres or pgbouncer on this machine.
    static func serverCPUSeconds() -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var total = 0.0
        for pid in processes where pid.allSatisfy(\.isNumber) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let name = stat[stat.index(after: open)..<close]
            guard name.hasPrefix("postgres") || name.hasPrefix("pgbouncer") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            total += (user + system) / ticks
        }
        return total
    }
}
