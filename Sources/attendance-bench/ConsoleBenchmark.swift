import AttendanceApp
import AttendanceStore
import AttendanceTestSupport
import Foundation

/// The web console as a manager's browser meets it: `attendance serve` as its own process, asked
/// over loopback by a small HTTP/1.1 client of this file (one connection per request, as a
/// browser's first visit), while the kiosk's marking path writes to the same store.
enum ConsoleBenchmark {
    static let password = "bench password 12345"

    /// A running console, signed in once.
    struct Server {
        let process: ChildProcess
        let port: UInt16
        let cookie: String

        /// Resident memory now, from /proc.
        var residentKilobytes: Int {
            let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }

        func stop() {
            process.send(SIGTERM)
            process.finish(timeout: 30)
        }
    }

    /// Adds an account to the store at `environment`'s store, starts the console on a free
    /// port and signs in.
    static func start(attendance: String, environment: [String: String], folder: String) throws -> Server {
        let added = try ChildProcess.run(
            attendance, ["manager", "add", "bench", "--role", "manager"], environment: environment,
            input: password + "\n", folder: folder)
        guard added.status == 0 || added.errorText.contains("exists already") else {
            throw BenchFailure(description: "manager add: \(added.errorText)")
        }
        let process = try ChildProcess(
            attendance, ["serve", "--listen", "127.0.0.1:0"].map { Array($0.utf8) }, environment: environment,
            input: [], folder: folder)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let port = process.outputText.split(separator: ":").last.flatMap({ UInt16($0.prefix { $0.isNumber }) }),
                process.outputText.contains("attendance console: ")
            {
                let body = "name=bench&password=" + password.replacingOccurrences(of: " ", with: "+")
                let answer = try request(port: port, "POST /login", body: body)
                guard let cookie = answer.header("Set-Cookie")?.split(separator: ";").first else {
                    throw BenchFailure(description: "no session after signing in: \(answer.status)")
                }
                return Server(process: process, port: port, cookie: String(cookie))
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.send(SIGKILL)
        throw BenchFailure(description: "the console did not start: \(process.errorText)")
    }

    // MARK: - A small HTTP client

    struct Answer {
        let status: Int
        let head: String
        let bytes: Int

        func header(_ name: String) -> String? {
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `line` is "GET /path" or "POST /path"; the whole answer is read until the server closes.
    static func request(port: UInt16, _ line: String, cookie: String? = nil, body: String = "") throws -> Answer {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BenchFailure(description: "connect: \(errno)") }
        var text = "\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let cookie { text += "Cookie: \(cookie)\r\n" }
        if !body.isEmpty {
            text += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        text += "\r\n" + body
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw BenchFailure(description: "send: \(errno)") }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        // Only the head is read as text: splitting the register's 6.9 MB page with Foundation took
        // the client longer than a tenth of the server's time, and counted as the server's.
        let end = received.firstRange(of: [13, 10, 13, 10])?.lowerBound ?? received.endIndex
        let head = String(decoding: received[..<end], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, bytes: received.count)
    }

    /// Times `line` `runs` times after one not counted, in seconds.
    static func time(_ server: Server, _ line: String, runs: Int) throws -> Sample {
        _ = try request(port: server.port, line, cookie: server.cookie)
        var seconds: [Double] = []
        for _ in 0..<runs {
            let start = Date()
            let answer = try request(port: server.port, line, cookie: server.cookie)
            seconds.append(Date().timeIntervalSince(start))
            guard answer.status == 200 else { throw BenchFailure(description: "\(line) answered \(answer.status)") }
        }
        return Sample(seconds)
    }

    // MARK: - Managers and a kiosk at once

    struct Load {
        let pages: Sample
        let marks: Sample
        let failures: Int
        let residentIdleKilobytes: Int
        let residentAfterKilobytes: Int
    }

    /// `managers` clients, each asking for today, the register, a calendar, a day and the
    /// missing list in turn, for as long as the kiosk's marking path makes `marks` marks on the
    /// same store (MarkBenchmark, with the console running alongside).
    static func managersAndKiosk(attendance: String, managers: Int, marks: Int, folder: String) throws -> Load {
        let pages = Collected()
        let resident = Collected()
        let timing = try MarkBenchmark.run(marks: marks, employees: 100, folder: folder) { store, ready, stop in
            do {
                let config = folder + "/console.toml"
                try BenchOffice.writeConfiguration(to: config, zone: ReportBenchmarks.zone)
                let environment = [
                    "ATTENDANCE_STORE": store.path, "ATTENDANCE_CONFIG": config, "HOME": folder,
                    "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                ]
                let server = try start(attendance: attendance, environment: environment, folder: folder)
                defer { server.stop() }
                Thread.sleep(forTimeInterval: 1)
                resident.add(Double(server.residentKilobytes))
                let today = ReportBenchmarks.zone.localDateTime(of: Date()).date
                let lines = [
                    "GET /", "GET /register", "GET /employees/B1", "GET /employees/B2/days/\(today)", "GET /missing",
                ]
                let (port, cookie) = (server.port, server.cookie)
                let group = DispatchGroup()
                let done = Stopping()
                var started = false
                for manager in 0..<managers {
                    group.enter()
                    Thread.detachNewThread {
                        var turn = manager
                        while !done.isSet {
                            let line = lines[turn % lines.count]
                            turn += 1
                            let start = Date()
                            let answer = try? request(port: port, line, cookie: cookie)
                            if answer?.status == 200 {
                                pages.add(Date().timeIntervalSince(start))
                            } else {
                                pages.fail()
                            }
                        }
                        group.leave()
                    }
                    if !started {
                        started = true
                        ready()
                    }
                }
                while !stop() { Thread.sleep(forTimeInterval: 0.02) }
                done.set()
                group.wait()
                resident.add(Double(server.residentKilobytes))
            } catch {
                pages.fail()
                ready()
            }
        }
        let values = resident.values
        return Load(
            pages: Sample(pages.values), marks: Sample(timing.marks.map(\.milliseconds)), failures: pages.failures,
            residentIdleKilobytes: Int(values.first ?? 0), residentAfterKilobytes: Int(values.last ?? 0))
    }
}

/// Figures gathered from several threads.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Double] = []
    private var failed = 0
    func add(_ value: Double) { lock.withLock { stored.append(value) } }
    func fail() { lock.withLock { failed += 1 } }
    var values: [Double] { lock.withLock { stored } }
    var failures: Int { lock.withLock { failed } }
}
