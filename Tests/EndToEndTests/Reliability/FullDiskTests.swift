import AttendanceTestSupport
import Foundation
import Testing

/// No room to write, from a full disk (a tiny tmpfs, as root) or from the
/// file-size limit (`prlimit --fsize`, anyone). The punch is refused with a visible reason and
/// never acknowledged, earlier punches stay, and marking works again once there is room,
/// without restarting the kiosk.
@Suite("Reliability: full disk and the file-size limit", .serialized)
struct FullDiskTests {
    static let diskFull =
        "the disk holding the attendance store is full; nothing was saved — free some space and try again"

    static func sizeLimit(_ bytes: Int) -> String {
        "the attendance store reached this program's file size limit (\(bytes) bytes, ulimit -f); nothing was saved — raise the limit and try again"
    }

    static func count(_ store: String) throws -> String {
        try runTool("/usr/bin/sqlite3", [store, "SELECT count(*) FROM punch"]).output
    }

    /// Marks `code` at the kiosk with the action offered; returns the screen that followed.
    static func mark(_ kiosk: KioskSession, _ code: String) throws -> String {
        try kiosk.send(code, "Enter")
        let menu = try kiosk.waitFor("] Mark ")
        try kiosk.send(menu.contains("[O] Mark OUT") ? "o" : "i")
        return try kiosk.waitFor(anyOf: ["MARKED", "NOT recorded"], timeout: 15)
    }

    /// Back to the code prompt from a message.
    static func dismiss(_ kiosk: KioskSession) throws {
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code: _")
    }

    @Test(
        "the kiosk on a full disk refuses with the reason, keeps what it had, and marks again once space is freed",
        .enabled(if: canMount))
    func kioskOnFullDisk() throws {
        let s = try Office.sandbox()
        let disk = try TinyDisk(in: s.folder, kilobytes: 1024)
        let store = disk.path + "/attendance.sqlite"
        try FileManager.default.copyItem(atPath: s.store, toPath: store)
        let environment = ["ATTENDANCE_STORE": store]
        var kiosk: KioskSession? = try KioskSession(sandbox: s, environment: environment)
        defer {
            kiosk = nil  // the kiosk ends before its disk goes, and the disk before the sandbox
            withExtendedLifetime(s) { disk.unmount() }
        }
        let screen = try #require(kiosk).waitFor("Employee code")
        #expect(screen.contains("Employee code"))
        let pid = try #require(try kiosk?.kioskPID())
        #expect(try Self.mark(#require(kiosk), Office.code(1)).contains("MARKED IN"))
        try Self.dismiss(#require(kiosk))

        #expect(disk.fill() > 0)
        let refused = words(of: try Self.mark(#require(kiosk), Office.code(2)))
        #expect(refused.contains("✗ Could not be saved — NOT recorded"), "\(refused)")
        #expect(refused.contains(Self.diskFull), "\(refused)")
        #expect(try Self.count(store) == "1\n")
        // The command line says the same, and reports still work on the full disk.
        let marked = try ChildProcess.attendance(["mark", "in", Office.code(3)], sandbox: s, environment: environment)
        #expect(marked.finish(timeout: 30) == .exited(74))
        #expect(marked.outputText.isEmpty && marked.errorText == "attendance: \(Self.diskFull)\n")
        let listed = try ChildProcess.attendance(
            ["punch", "list", Office.code(1)], sandbox: s, environment: environment)
        #expect(listed.finish(timeout: 30) == .exited(0))
        #expect(listed.outputText.contains("  IN    simulated  HQ lobby"), "\(listed.outputText)\(listed.errorText)")

        try Self.dismiss(#require(kiosk))
        disk.free()
        let again = try Self.mark(#require(kiosk), Office.code(2))
        #expect(again.contains("MARKED IN"), "\(again)")
        #expect(try kiosk?.kioskPID() == pid)
        #expect(try Self.count(store) == "2\n")
        #expect(try runTool("/usr/bin/sqlite3", [store, "PRAGMA integrity_check"]).output == "ok\n")
    }

    @Test("the kiosk past its file-size limit refuses with the reason and marks again once the limit is raised")
    func kioskPastSizeLimit() throws {
        let s = try Office.sandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        let pid = try #require(try kiosk.kioskPID())
        #expect(try Self.mark(kiosk, Office.code(1)).contains("MARKED IN"))
        try Self.dismiss(kiosk)

        // The limit is what the WAL holds now: the next punch would have to grow it.
        let limit = fileSize(s.store + "-wal")
        #expect(limit > 0)
        #expect(try runTool("/usr/bin/prlimit", ["--pid", String(pid), "--fsize=\(limit):unlimited"]).status == 0)
        let refused = words(of: try Self.mark(kiosk, Office.code(2)))
        #expect(refused.contains("✗ Could not be saved — NOT recorded"), "\(refused)")
        #expect(refused.contains(Self.sizeLimit(limit)), "\(refused)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "1\n")

        try Self.dismiss(kiosk)
        #expect(try runTool("/usr/bin/prlimit", ["--pid", String(pid), "--fsize=unlimited:unlimited"]).status == 0)
        #expect(try Self.mark(kiosk, Office.code(2)).contains("MARKED IN"))
        #expect(try kiosk.kioskPID() == pid)
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "2\n")
    }

    @Test("mark under a file-size limit is refused with the reason (not killed by SIGXFSZ); reports still work")
    func markPastSizeLimit() throws {
        let s = try Office.sandbox()
        let limited = ["/usr/bin/prlimit", "--fsize=4096"]
        let marked = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s, prefix: limited)
        #expect(marked.finish(timeout: 30) == .exited(74))
        #expect(marked.outputText.isEmpty)
        #expect(marked.errorText == "attendance: \(Self.sizeLimit(4096))\n")
        let calendar = try ChildProcess.attendance(["employee", "list"], sandbox: s, prefix: limited)
        #expect(calendar.finish(timeout: 30) == .exited(0))
        #expect(calendar.outputText.contains("W001  Worker 1"), "\(calendar.errorText)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")

        let unlimited = try s.run("mark", "in", Office.code(1))
        #expect(unlimited.status == 0, "\(unlimited.err)")
        #expect(try s.sqlite("SELECT count(*) FROM punch; PRAGMA integrity_check") == "1\nok\n")
    }

    @Test(
        "mark on a full disk is refused with the reason; reports still work; it marks once space is freed",
        .enabled(if: canMount))
    func markOnFullDisk() throws {
        let s = try Office.sandbox()
        let disk = try TinyDisk(in: s.folder, kilobytes: 1024)
        defer { withExtendedLifetime(s) { disk.unmount() } }
        let store = disk.path + "/attendance.sqlite"
        try FileManager.default.copyItem(atPath: s.store, toPath: store)
        let environment = ["ATTENDANCE_STORE": store]
        #expect(
            try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s, environment: environment).finish(
                timeout: 30) == .exited(0))

        disk.fill()
        let marked = try ChildProcess.attendance(["mark", "out", Office.code(1)], sandbox: s, environment: environment)
        #expect(marked.finish(timeout: 30) == .exited(74), "\(marked.outputText)\(marked.errorText)")
        #expect(
            marked.outputText.isEmpty && marked.errorText == "attendance: \(Self.diskFull)\n",
            "\(marked.outputText)\(marked.errorText)")
        let listed = try ChildProcess.attendance(
            ["punch", "list", Office.code(1)], sandbox: s, environment: environment)
        #expect(listed.finish(timeout: 30) == .exited(0), "\(listed.errorText)")
        #expect(listed.outputText.contains("  IN    simulated  HQ lobby"))
        #expect(listed.outputText.split(separator: "\n").count == 3)

        disk.free()
        let again = try ChildProcess.attendance(["mark", "out", Office.code(1)], sandbox: s, environment: environment)
        #expect(again.finish(timeout: 30) == .exited(0), "\(again.errorText)")
        #expect(
            try runTool("/usr/bin/sqlite3", [store, "SELECT group_concat(kind) FROM punch; PRAGMA integrity_check"])
                .output == "in,out\nok\n")
    }

    @Test("a mark whose confirmation cannot be written (stdout on a full disk) is recorded and says so: status 73")
    func markWithOutputOnFullDisk() throws {
        let s = try Office.sandbox()
        // The store has room; only standard output (here /dev/full, as a full disk answers) has none.
        let toFullDisk = ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/full"]
        let marked = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s, prefix: toFullDisk)
        #expect(marked.finish(timeout: 30) == .exited(73))
        #expect(
            marked.errorText
                == "attendance: the output could not be written (No space left on device); what the command did is "
                + "done, but what it printed is incomplete\n")
        // Status 73 means done: the punch is there, and marking in again is refused as already in.
        let again = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s)
        #expect(again.finish(timeout: 30) == .exited(10), "\(again.errorText)")
        #expect(try runTool("/usr/bin/sqlite3", [s.store, "SELECT group_concat(kind) FROM punch"]).output == "in\n")
        // A report sent to the full disk is not a quiet success either.
        let report = try ChildProcess.attendance(["punch", "list", Office.code(1)], sandbox: s, prefix: toFullDisk)
        #expect(report.finish(timeout: 30) == .exited(73))
    }

    @Test(
        "a store first made on a full disk: named as a full disk, none left half-made; made once there is room",
        .enabled(if: canMount))
    func storeMadeOnFullDisk() throws {
        let s = Sandbox(config: Office.config())
        let disk = try TinyDisk(in: s.folder, kilobytes: 1024)
        defer { withExtendedLifetime(s) { disk.unmount() } }
        let environment = ["ATTENDANCE_STORE": disk.path + "/attendance.sqlite"]
        #expect(disk.fill() > 0)
        for command in [
            ["employee", "add", "E001", "--name", "Asha"],
            ["wifi", "allow", "--bssid", Office.bssid, "--location", "HQ"],
        ] {
            let refused = try ChildProcess.attendance(command, sandbox: s, environment: environment)
            #expect(refused.finish(timeout: 30) == .exited(74), "\(command)")
            #expect(refused.errorText == "attendance: \(Self.diskFull)\n", "\(command): \(refused.errorText)")
            // The half-made store is not left behind for every later command to trip over.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0.hasPrefix("attendance") }
                    == [])
        }
        disk.free()
        let added = try ChildProcess.attendance(
            ["employee", "add", "E001", "--name", "Asha"], sandbox: s, environment: environment)
        #expect(added.finish(timeout: 30) == .exited(0), "\(added.errorText)")
    }

    @Test(
        "a backup onto a full disk names that disk, not the store's, and leaves nothing; a missing folder is not made",
        .enabled(if: canMount))
    func backupOntoFullDisk() throws {
        let s = try Office.sandbox()
        let disk = try TinyDisk(in: s.folder, kilobytes: 1024)
        defer { withExtendedLifetime(s) { disk.unmount() } }
        #expect(disk.fill() > 0)
        let refused = try ChildProcess.attendance(["store", "backup", disk.path + "/copy.sqlite"], sandbox: s)
        #expect(refused.finish(timeout: 30) == .exited(74))
        #expect(
            refused.errorText
                == "attendance: backup failed: the disk holding \(disk.path) is full; no backup was written, and the store is as it was\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler"])
        let missing = disk.path + "/no/such"
        let typo = try ChildProcess.attendance(["store", "backup", missing + "/copy.sqlite"], sandbox: s)
        #expect(typo.finish(timeout: 30) == .exited(65))
        #expect(
            typo.errorText
                == "attendance: backup failed: the folder \(missing) does not exist; make it first (nothing was written)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: disk.path + "/no"))
        disk.free()
        let done = try ChildProcess.attendance(["store", "backup", disk.path + "/copy.sqlite"], sandbox: s)
        #expect(done.finish(timeout: 30) == .exited(0), "\(done.errorText)")
    }
}
