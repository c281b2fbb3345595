import AttendanceApp
import AttendanceCommands
import AttendanceCore
import AttendanceStore
import AttendanceWiFi
import Foundation

/// Times the in-process mark path, for `attendance-bench` (a figure, not a test).
///
/// ``MarkingService`` has package access: the benchmark reaches it from here, and the shipped
/// executable has no door to it. Each
/// mark is exactly what the kiosk does after a code: read the (simulated) link, verify it
/// against the allowed table, apply the punch rules in an IMMEDIATE transaction, commit with
/// `synchronous=FULL`, and read back today's state for the confirmation. Nothing is printed.
public enum MarkBenchmark {
    /// The durations of every mark, in the order they were taken.
    public struct Timing: Sendable {
        public let employees: Int
        public let marks: [Duration]
    }

    /// A mark that was not recorded: the benchmark would time something else than the path.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Builds a store in `folder` with `employees` employees and one allowed access point, then
    /// marks `marks` times: employee after employee, IN on the first round, OUT on the next, and
    /// so on. The duplicate window is set to 0 s: a person's marks are minutes apart in real life
    /// and microseconds apart here, and the window would answer "already recorded" to some of
    /// them without a commit. The store is removed before returning.
    ///
    /// Employees are `codePrefix` followed by their number; `unchained` drops the history
    /// chain's punch trigger first, to measure what the chain costs. `alongside`, when given, runs on a thread of its own for as long as the marks do (the
    /// kiosk's background sync, for one); it returns when the second closure says to stop.
    public static func run(
        marks: Int, employees: Int, folder: String, codePrefix: String = "B", unchained: Bool = false,
        alongside: (
            @Sendable (_ store: AttendanceStore, _ ready: @Sendable () -> Void, _ stop: @Sendable () -> Bool) -> Void
        )? =
            nil
    ) throws -> Timing {
        let path = folder + "/attendance-mark-bench-\(getpid()).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let zone = LocalZone(TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800) ?? .current)
        var configuration = Configuration(hostZone: zone)
        configuration.policy.duplicatePunchSeconds = 0
        // As the kiosk opens it: checkpoints wait until the person has their answer.
        let store = try AttendanceStore(path: path, connections: .resident)
        if unchained {
            // A control for the history chain's cost: this store's punches are not linked.
            let dropped = try ChildProcess.run(
                "/usr/bin/sqlite3", [path, "DROP TRIGGER punch_chained"], environment: [:])
            guard dropped.status == 0 else { throw Failure(description: "cannot drop the chain: \(dropped.errorText)") }
        }
        let ssid = try SSID(parsing: "OfficeNet")
        let bssid = try BSSID(parsing: "aa:bb:cc:dd:ee:01")
        _ = try store.allow(AllowedNetwork(bssid: bssid, ssid: ssid, location: "HQ lobby"), actor: "bench")
        var people: [Employee] = []
        for number in 1...max(1, employees) {
            people.append(
                try store.addEmployee(
                    NewEmployee(
                        code: try EmployeeCode(parsing: "\(codePrefix)\(number)"),
                        name: try PersonName(parsing: "Bench Employee \(number)")),
                    actor: "bench"))
        }
        let desk = MarkingService(
            configuration: configuration, store: store, linkReader: SimulatedLinkSource(ssid: ssid, bssid: bssid),
            pepperPath: folder + "/pin-pepper-unused", now: { Date() })

        let stopping = Stopping()
        let finished = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        if let alongside {
            Thread.detachNewThread {
                alongside(store, { started.signal() }, { stopping.isSet })
                finished.signal()
            }
            // Timing starts in the steady state `alongside` says it has reached.
            started.wait()
        }
        defer {
            if alongside != nil {
                stopping.set()
                finished.wait()
            }
        }

        let clock = ContinuousClock()
        var durations: [Duration] = []
        durations.reserveCapacity(marks)
        for index in 0..<marks {
            let employee = people[index % people.count]
            let kind: PunchKind = (index / people.count) % 2 == 0 ? .in : .out
            let start = clock.now
            let result = try desk.mark(kind, employee: employee)
            durations.append(start.duration(to: clock.now))
            // After the confirmation, as the kiosk's loop does: not part of what a person waits for.
            desk.settle()
            guard case .recorded = result else {
                throw Failure(
                    description: "mark \(index + 1) (\(kind.label) \(employee.code)) was not recorded: \(result)")
            }
        }
        return Timing(employees: people.count, marks: durations)
    }
}

/// A flag one thread sets and others read: when to stop.
public final class Stopping: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    public init() {}
    public var isSet: Bool { lock.withLock { value } }
    public func set() { lock.withLock { value = true } }
}
