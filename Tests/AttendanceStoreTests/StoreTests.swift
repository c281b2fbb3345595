import AttendanceCore
import Foundation
import Synchronization
import Testing

@testable import AttendanceStore

/// A fresh folder for one test, removed at the end.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "attendance-store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// Runs a program and returns its standard output and exit status.
func run(_ program: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

@Suite("Store")
struct StoreTests {
    let folder = TemporaryFolder()

    func code(_ s: String) throws -> EmployeeCode { try EmployeeCode(parsing: s) }
    func name(_ s: String) throws -> PersonName { try PersonName(parsing: s) }

    @Test("a new store is WAL, synchronous FULL, busy timeout 5 s, and mode 0640")
    func durableSettings() throws {
        let path = folder.file("a.sqlite")
        let store = try AttendanceStore(path: path)
        let settings = try store.durabilitySettings()
        #expect(settings == .init(journalMode: "wal", synchronous: 2, busyTimeoutMilliseconds: 5000))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o037 == 0, "mode \(String(mode, radix: 8)) must be 0640 or stricter")
        #expect(try run("/usr/bin/sqlite3", [path, "pragma journal_mode"]).output == "wal\n")
    }

    @Test("a store opened on one connection (a one-shot command) is WAL, synchronous FULL, busy timeout 5 s")
    func durableSettingsOnOneConnection() throws {
        let path = folder.file("single.sqlite")
        // Made on one connection, and opened again on one after the pool made it.
        for made in [AttendanceStore.Connections.single, .pool] {
            try? FileManager.default.removeItem(atPath: path)
            _ = try AttendanceStore(path: path, connections: made)
            let store = try AttendanceStore(path: path, connections: .single)
            let settings = try store.durabilitySettings()
            #expect(settings == .init(journalMode: "wal", synchronous: 2, busyTimeoutMilliseconds: 5000))
            #expect(try run("/usr/bin/sqlite3", [path, "pragma journal_mode"]).output == "wal\n")
        }
    }

    @Test("an existing store readable by everyone is tightened to 0640 on opening")
    func tightensMode() throws {
        let path = folder.file("b.sqlite")
        _ = try AttendanceStore(path: path)
        chmod(path, 0o666)
        _ = try AttendanceStore(path: path)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o640)
    }

    @Test("employees survive reopening, with every field")
    func employeesPersist() throws {
        let path = folder.file("c.sqlite")
        do {
            let store = try AttendanceStore(path: path)
            try store.addEmployee(
                NewEmployee(
                    code: code("E001"), name: name("Asha Rao"), startDate: try AttendanceDate(parsing: "2026-01-05"),
                    shiftStart: try WallClockTime(parsing: "22:00"), shiftEnd: try WallClockTime(parsing: "06:00")),
                actor: "tester")
            try store.addEmployee(NewEmployee(code: code("b7"), name: name("Bo")), actor: "tester")
        }
        let reopened = try AttendanceStore(path: path)
        let all = try reopened.employees()
        #expect(all.map(\.code.rawValue) == ["b7", "E001"])
        let asha = try #require(try reopened.employee(code: "e001"))
        #expect(asha.name.rawValue == "Asha Rao")
        #expect(asha.startDate?.description == "2026-01-05")
        #expect(asha.shiftStart?.description == "22:00" && asha.shiftEnd?.description == "06:00")
        #expect(asha.isActive && !asha.hasPIN)
    }

    @Test("a duplicate code, in any case, is refused by name and nothing is written")
    func duplicateCode() throws {
        let store = try AttendanceStore(path: folder.file("d.sqlite"))
        try store.addEmployee(NewEmployee(code: code("E001"), name: name("Asha")), actor: "t")
        #expect(throws: StoreError.duplicateEmployee(try code("E001"))) {
            try store.addEmployee(NewEmployee(code: try code("e001"), name: try name("Other")), actor: "t")
        }
        #expect(try store.employees().count == 1)
        #expect(try store.auditLog().count == 1)
    }

    @Test("many employees are added in one transaction: a code already taken among them adds none")
    func addManyAllOrNothing() throws {
        let store = try AttendanceStore(path: folder.file("m.sqlite"))
        try store.addEmployee(NewEmployee(code: code("E002"), name: name("Bo")), actor: "t")
        #expect(throws: StoreError.duplicateEmployee(try code("E002"))) {
            try store.addEmployees(
                [
                    NewEmployee(code: try code("E001"), name: try name("Asha")),
                    NewEmployee(code: try code("e002"), name: try name("B")),
                ],
                actor: "t")
        }
        #expect(try store.employees().map(\.code.rawValue) == ["E002"])
        #expect(try store.auditLog().count == 1)
        try store.addEmployees(
            [NewEmployee(code: code("E001"), name: name("Asha")), NewEmployee(code: code("E003"), name: name("Cy"))],
            actor: "t")
        #expect(try store.employees().map(\.code.rawValue) == ["E001", "E002", "E003"])
        #expect(try store.auditLog().filter { $0.action == "add" }.count == 3)
    }

    @Test("edit and deactivate change the row and are audited with old and new values")
    func editAndDeactivate() throws {
        let store = try AttendanceStore(
            path: folder.file("e.sqlite"), clock: { Date(timeIntervalSince1970: 1_800_000_000) })
        try store.addEmployee(NewEmployee(code: code("E001"), name: name("Asha")), actor: "alice")
        let today = try AttendanceDate(parsing: "2027-01-31")
        try store.editEmployee(code: code("E001"), EmployeeChanges(name: name("Asha Rao")), today: today, actor: "bob")
        let gone = try store.deactivateEmployee(code: code("E001"), endDate: today, today: today, actor: "carol")
        #expect(!gone.isActive && gone.endDate?.description == "2027-01-31")
        // Once is enough: a second deactivation would move the last date without anyone noticing.
        #expect(throws: EmploymentError.alreadyDeactivated(code: try code("E001"), lastDate: today)) {
            try store.deactivateEmployee(code: code("E001"), endDate: today.adding(days: 5), today: today, actor: "x")
        }
        #expect(try store.employee(code: "E001")?.isActive == false)
        let log = try store.auditLog(employee: code("E001"))
        #expect(log.map(\.action) == ["add", "edit", "deactivate"])
        #expect(log.map(\.actor) == ["alice", "bob", "carol"])
        #expect(log[1].oldValue?.contains("\"name\":\"Asha\"") == true)
        #expect(log[1].newValue?.contains("\"name\":\"Asha Rao\"") == true)
        #expect(log[0].at == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(throws: StoreError.unknownEmployee("E999")) {
            try store.editEmployee(
                code: try code("E999"), EmployeeChanges(name: try name("x")), today: today, actor: "t")
        }
    }

    @Test("allowed WiFi: allow, re-allow replaces, revoke keeps the row inactive")
    func allowedWiFi() throws {
        let store = try AttendanceStore(path: folder.file("f.sqlite"))
        let bssid = try BSSID(parsing: "AA-BB-CC-DD-EE-01")
        try store.allow(AllowedNetwork(bssid: bssid, ssid: try SSID(parsing: "OfficeNet"), location: "HQ"), actor: "t")
        try store.allow(AllowedNetwork(bssid: bssid, ssid: nil, location: "HQ lobby"), actor: "t")
        #expect(try store.allowedNetworks() == [AllowedNetwork(bssid: bssid, ssid: nil, location: "HQ lobby")])
        try store.revoke(bssid: bssid, actor: "t")
        #expect(try store.allowedNetworks(activeOnly: true).isEmpty)
        #expect(try store.allowedNetworks().first?.isActive == false)
        #expect(throws: StoreError.unknownNetwork(bssid)) { try store.revoke(bssid: bssid, actor: "t") }
        #expect(try store.auditLog().map(\.action) == ["allow", "allow", "revoke"])
    }

    @Test("closing for exit moves the WAL into the file, keeps every commit, and refuses later use")
    func closeForExit() throws {
        let path = folder.file("closed.sqlite")
        let store = try AttendanceStore(path: path, connections: .single)
        try store.addEmployee(NewEmployee(code: code("E001"), name: name("Asha")), actor: "t")
        let day = try AttendanceDate(parsing: "2026-11-23")
        let attempt = PunchAttempt(
            employeeID: 1, kind: .in, instant: Date(timeIntervalSince1970: 1_795_000_000), zone: "UTC",
            source: .manual)
        let outcome = try store.recordPunch(attempt, recentSince: day) { _ in .accept(day, clockWentBack: false) }
        guard case .recorded = outcome else { throw StoreError.ioError("not recorded: \(outcome)") }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        store.closeForExit()
        // The last connection closed: SQLite checkpointed and removed the WAL, as on freeing it.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM punch"]).output == "1\n")
        #expect(throws: StoreError.self) { _ = try store.punchCount() }
        #expect(try AttendanceStore(path: path, connections: .single).punchCount() == 1)
    }

    @Test("direct SQL cannot rewrite the audit log or delete a punch")
    func triggersGuardHistory() throws {
        let path = folder.file("g.sqlite")
        let store = try AttendanceStore(path: path)
        try store.addEmployee(NewEmployee(code: code("E001"), name: name("Asha")), actor: "t")
        let update = try run("/usr/bin/sqlite3", [path, "UPDATE audit_log SET actor = 'mallory'"])
        #expect(update.status != 0 && update.output.contains("the audit log is append-only"))
        let delete = try run("/usr/bin/sqlite3", [path, "DELETE FROM audit_log"])
        #expect(delete.status != 0 && delete.output.contains("the audit log is append-only"))
        let insert = try run(
            "/usr/bin/sqlite3",
            [
                path,
                "INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms) VALUES (1, 0, 'UTC', '1970-01-01', 'in', 'manual', 0)",
            ])
        // Adding history needs the program's link function for the chain: the tool has none.
        #expect(insert.status != 0 && insert.output.contains("no such function: attendance_history_link"))
        let attempt = PunchAttempt(
            employeeID: 1, kind: .in, instant: Date(timeIntervalSince1970: 0), zone: "UTC", source: .manual)
        let day = try AttendanceDate(parsing: "1970-01-01")
        let outcome = try store.recordPunch(attempt, recentSince: day) { _ in .accept(day, clockWentBack: false) }
        guard case .recorded = outcome else { throw StoreError.ioError("not recorded: \(outcome)") }
        let retime = try run("/usr/bin/sqlite3", [path, "UPDATE punch SET instant_ms = 5"])
        #expect(retime.status != 0 && retime.output.contains("never change"))
        let deletePunch = try run("/usr/bin/sqlite3", [path, "DELETE FROM punch"])
        #expect(deletePunch.status != 0 && deletePunch.output.contains("never deleted"))
        let unchain = try run("/usr/bin/sqlite3", [path, "DELETE FROM history_chain"])
        #expect(unchain.status != 0 && unchain.output.contains("the history chain is append-only"))
        #expect(try run("/usr/bin/sqlite3", [path, "SELECT count(*) FROM punch"]).output == "1\n")
    }

    @Test("check passes on a sound store and names the damage on a corrupted one")
    func checkFindsCorruption() throws {
        let path = folder.file("h.sqlite")
        do {
            let store = try AttendanceStore(path: path)
            for i in 0..<300 {
                try store.addEmployee(
                    NewEmployee(code: code("E\(i)"), name: name(String(repeating: "n", count: 90))), actor: "t")
            }
            #expect(try store.check().isEmpty)
            #expect(try store.check(thorough: true).isEmpty)
        }
        // Fold the WAL into the file, then overwrite bytes in the middle of it.
        #expect(try run("/usr/bin/sqlite3", [path, "PRAGMA wal_checkpoint(TRUNCATE)"]).status == 0)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()
        // Damage is found either while opening or by the check; both are detections.
        let outcome = Result { () throws(StoreError) -> [String] in
            try AttendanceStore(path: path).check(thorough: true)
        }
        switch outcome {
        case .success(let problems): #expect(!problems.isEmpty)
        case .failure(let error): #expect(error.description.contains("damaged"), "\(error)")
        }
    }

    @Test("the file check before opening finds the damage and leaves the file as it was")
    func checkBeforeOpening() throws {
        let path = folder.file("k.sqlite")
        #expect(try AttendanceStore.check(fileAt: path).isEmpty)  // nothing there yet
        #expect(!FileManager.default.fileExists(atPath: path))
        do {
            let store = try AttendanceStore(path: path)
            for i in 0..<300 {
                try store.addEmployee(
                    NewEmployee(code: code("E\(i)"), name: name(String(repeating: "n", count: 90))), actor: "t")
            }
        }
        #expect(try AttendanceStore.check(fileAt: path).isEmpty)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2 - 100)
        handle.write(Data(repeating: 0xA5, count: 8192))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(try !AttendanceStore.check(fileAt: path).isEmpty)
        #expect(try !AttendanceStore.check(fileAt: path, thorough: true).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    /// The WAL file's size in frames, and its checkpoint sequence number, which SQLite raises
    /// each time a checkpoint lets the WAL start again from its beginning.
    func walState(_ path: String) throws -> (frames: Int, restarts: UInt32) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "-wal")))
        let restarts = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return ((bytes.count - 32) / (4_096 + 24), restarts)
    }

    @Test("a resident store sees its -wal and -shm removed, through the descriptors it found, among many files")
    func journalsRemovedAmongManyFiles() throws {
        let store = try AttendanceStore(path: folder.file("watched.sqlite"), connections: .resident)
        try store.addEmployee(NewEmployee(code: code("W1"), name: name("x")), actor: "t")
        // Other files this process has open, as a console's connections or other stores would be.
        let others = (0..<200).map { _ in open("/dev/null", O_RDONLY) }
        defer { others.forEach { close($0) } }
        #expect(!store.journalsMoved())
        let kept = store.journalDescriptors.withLock { $0 }
        #expect(!kept.isEmpty && kept.allSatisfy { !others.contains($0) }, "\(kept)")
        #expect(!store.journalsMoved() && store.journalDescriptors.withLock { $0 } == kept)

        // A "clean-up" removes them, and new files take their names (another program's store).
        for suffix in ["-wal", "-shm"] {
            unlink(store.path + suffix)
            close(open(store.path + suffix, O_CREAT | O_WRONLY, 0o600))
        }
        #expect(store.journalsMoved())
        // Found again when the kept descriptors no longer name them (closed, and taken by others).
        store.journalDescriptors.withLock { $0 = others.prefix(2).map { $0 } }
        #expect(store.journalsMoved())
        store.abandon()
    }

    @Test("a resident store (the kiosk's) makes no checkpoint inside a commit, and makes it when asked")
    func deferredCheckpoints() throws {
        let deferred = try AttendanceStore(path: folder.file("deferred.sqlite"), connections: .resident)
        try deferred.addEmployee(NewEmployee(code: code("D0"), name: name("x")), actor: "t")
        let start = try walState(deferred.path)
        var commits = 1
        while try walState(deferred.path).frames < 1_200 && commits < 3_000 {
            try deferred.addEmployee(NewEmployee(code: code("D\(commits)"), name: name("x")), actor: "t")
            commits += 1
        }
        // Past SQLite's 1,000 frames, and no commit started the WAL again.
        #expect(try walState(deferred.path).frames >= 1_200)
        #expect(try walState(deferred.path).restarts == start.restarts)
        deferred.checkpointIfDue()
        try deferred.addEmployee(NewEmployee(code: code("LAST"), name: name("x")), actor: "t")
        #expect(try walState(deferred.path).restarts != start.restarts)
        #expect(try deferred.employees().count == commits + 1)

        // The same commits on a store that checkpoints as SQLite does start the WAL again.
        let usual = try AttendanceStore(path: folder.file("usual.sqlite"))
        try usual.addEmployee(NewEmployee(code: code("D0"), name: name("x")), actor: "t")
        let usualStart = try walState(usual.path)
        for number in 1..<commits {
            try usual.addEmployee(NewEmployee(code: code("D\(number)"), name: name("x")), actor: "t")
        }
        #expect(try walState(usual.path).restarts != usualStart.restarts)
        #expect(try walState(usual.path).frames < 1_200)
    }

    @Test("a backup taken while another connection writes is complete and passes integrity_check")
    func backupWhileWriting() throws {
        let path = folder.file("i.sqlite")
        let store = try AttendanceStore(path: path)
        for i in 0..<50 { try store.addEmployee(NewEmployee(code: code("A\(i)"), name: name("x")), actor: "t") }
        let writer = try AttendanceStore(path: path)
        let done = DispatchSemaphore(value: 0)
        let failures = Mutex<[String]>([])
        DispatchQueue.global().async {
            for i in 0..<200 {
                do {
                    _ = try writer.addEmployee(
                        NewEmployee(code: try EmployeeCode(parsing: "W\(i)"), name: try PersonName(parsing: "w")),
                        actor: "t")
                } catch {
                    failures.withLock { $0.append("W\(i): \(error)") }
                }
            }
            done.signal()
        }
        let copy = folder.file("backup.sqlite")
        try store.backup(to: copy)
        done.wait()
        // The backup held up no writer past its busy timeout: all 200 went in.
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try store.employees().count == 250)
        #expect(try run("/usr/bin/sqlite3", [copy, "PRAGMA integrity_check"]).output == "ok\n")
        let count =
            Int(
                try run("/usr/bin/sqlite3", [copy, "SELECT count(*) FROM employee"]).output.trimmingCharacters(
                    in: .whitespacesAndNewlines)) ?? -1
        #expect(count >= 50 && count <= 250)
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        #expect(throws: StoreError.self) { try store.backup(to: copy) }  // never overwrites
    }

    @Test("the changes not yet sent name what an edit changed, from the audit log")
    func unsentChanges() throws {
        let store = try AttendanceStore(path: folder.file("desk.sqlite"))
        let code = try EmployeeCode(parsing: "E001")
        _ = try store.addEmployee(NewEmployee(code: code, name: try PersonName(parsing: "Asha Rao")), actor: "t")
        _ = try store.editEmployee(
            code: code, EmployeeChanges(name: try PersonName(parsing: "Asha Rao-Iyer"), endDate: .some(nil)),
            today: try AttendanceDate(parsing: "2026-11-23"), actor: "t")
        _ = try store.deactivateEmployee(
            code: code, endDate: try AttendanceDate(parsing: "2026-11-20"),
            today: try AttendanceDate(parsing: "2026-11-23"),
            actor: "t")
        #expect(
            try store.unsentChanges().prefix(2) == [
                "add employee E001", "edit employee E001 (name: \"Asha Rao-Iyer\")",
            ])
        #expect(try store.unsentChanges().last == "deactivate employee E001 (active: no, end_date: \"2026-11-20\")")
    }

    @Test("another program's SQLite database named as the store is refused and left exactly as it was")
    func foreignDatabase() throws {
        let path = folder.file("other.db")
        let made = try run("/usr/bin/sqlite3", [path, "CREATE TABLE foo(x); INSERT INTO foo VALUES (1);"])
        #expect(made.status == 0)
        chmod(path, 0o664)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for connections in [AttendanceStore.Connections.pool, .single] {
            #expect {
                _ = try AttendanceStore(path: path, connections: connections)
            } throws: { error in
                guard let error = error as? StoreError, case .cannotOpen(_, let reason) = error else { return false }
                return reason.hasPrefix("it is another program's SQLite database, not an attendance store")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o664)
        #expect(
            try run("/usr/bin/sqlite3", [path, "PRAGMA journal_mode; SELECT name FROM sqlite_master;"]).output
                == "delete\nfoo\n")
    }

    @Test("a file that is not a database is reported as damaged, not as a crash")
    func notADatabase() throws {
        let path = folder.file("j.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try AttendanceStore(path: path)
        } throws: { error in
            guard let error = error as? StoreError, case .corrupt = error else { return false }
            return true
        }
    }
}
