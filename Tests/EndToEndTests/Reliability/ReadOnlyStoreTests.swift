import AttendanceTestSupport
import Foundation
import Testing

/// A store the user may read but not write, by its file mode or by a
/// read-only mount: marking is refused with the reason, reports work, the file is untouched.
@Suite("Reliability: read-only store")
struct ReadOnlyStoreTests {
    /// The refusal for the store at `path`, which names why it cannot be written: `reason`
    /// exactly, or (nil) any reason.
    static func expectRefusal(_ text: String, store path: String, because reason: String?) {
        let head = "attendance: the attendance store at \(path) cannot be written: "
        let tail = "; nothing was saved\n"
        #expect(text.hasPrefix(head) && text.hasSuffix(tail), "\(text)")
        if let reason { #expect(text == head + reason + tail) }
    }

    /// Why the reader may not write a store of mode 0440: exact for `nobody`; as another user
    /// the user's own groups are not known here.
    static func modeReason(_ store: String) -> String? {
        guard geteuid() == 0 else { return nil }
        return
            "OS user nobody (uid 65534, groups nogroup) may not write \(store) (owner root, group nogroup, mode 0440)"
    }

    static let mountReason = "its file system is mounted read-only"

    /// As root the reader is `nobody` (root may write any file); otherwise the tests' own user.
    static let reader: [String] =
        geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []

    struct Outcome {
        var status: ChildProcess.Termination?
        var out: String
        var err: String
    }

    static func run(_ arguments: [String], _ s: Sandbox, store: String, prefix: [String]) throws -> Outcome {
        let child = try ChildProcess.attendance(
            arguments, sandbox: s, environment: ["ATTENDANCE_STORE": store], prefix: prefix)
        let ended = child.finish(timeout: 30)
        return Outcome(status: ended, out: child.outputText, err: child.errorText)
    }

    /// Marking and changing are refused with the reason; every report works and shows the
    /// punch of `code` made before.
    static func expectReadOnlyBehaviour(
        _ s: Sandbox, store: String, prefix: [String], code: String, reason: String?
    ) throws {
        let before = contents(of: store)
        for change in [["mark", "out", code], ["employee", "add", "W900", "--name", "New Person"]] {
            let refused = try run(change, s, store: store, prefix: prefix)
            #expect(refused.status == .exited(74), "\(change): \(refused)")
            #expect(refused.out.isEmpty)
            expectRefusal(refused.err, store: store, because: reason)
        }
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        let reports: [([String], String)] = [
            (["punch", "list", code], "  IN    simulated  HQ lobby"),
            (["calendar", code], "\(code)  Worker"),
            (["register", "--month", month], "Worker 1"),
            (["employee", "list"], "W001  Worker 1"),
        ]
        for (report, expected) in reports {
            let result = try run(report, s, store: store, prefix: prefix)
            #expect(result.status == .exited(0), "\(report): \(result.err)")
            #expect(result.out.contains(expected), "\(report): \(result.out)")
            #expect(result.err.isEmpty, "\(report): \(result.err)")
        }
        // The store check reads it all, and fails it: a store that cannot be written takes no punch.
        let check = try run(["store", "check"], s, store: store, prefix: prefix)
        #expect(check.status == .exited(74), "\(check.out)")
        #expect(check.out == "store: \(store)\n", "\(check.out)")
        expectRefusal(check.err, store: store, because: reason)
        #expect(contents(of: store) == before, "the store file changed")
    }

    /// The sandbox's store moved into a folder of its own, whose mode a test may change: the
    /// folder and the store's new path.
    static func storeInFolder(of s: Sandbox, named name: String) throws -> (String, String) {
        let data = s.folder + "/" + name
        let store = data + "/attendance.sqlite"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: s.store, toPath: store)
        return (data, store)
    }

    @Test(
        "a store of mode 0440 that the user may only read: marking refused with the reason, reports work, kiosk out of service"
    )
    func fileMode() throws {
        let s = try Office.sandbox()
        let (data, store) = try Self.storeInFolder(of: s, named: "data")
        let marked = try Self.run(["mark", "in", Office.code(1)], s, store: store, prefix: [])
        #expect(marked.status == .exited(0), "\(marked.err)")

        // Readable by the group (nogroup for nobody), writable by no one but root.
        if geteuid() == 0 {
            chown(data, 0, 65534)
            chown(store, 0, 65534)
        }
        chmod(store, 0o440)
        chmod(data, geteuid() == 0 ? 0o750 : 0o550)
        defer { withExtendedLifetime(s) { _ = chmod(data, 0o755) } }  // so that the sandbox can be removed
        try Self.expectReadOnlyBehaviour(
            s, store: store, prefix: Self.reader, code: Office.code(1), reason: Self.modeReason(store))

        let kiosk = try KioskSession(
            sandbox: s, prefix: Self.reader.joined(separator: " "), environment: ["ATTENDANCE_STORE": store])
        let screen = words(of: try kiosk.waitFor("OUT OF SERVICE"))
        #expect(screen.contains("OUT OF SERVICE"))
        // The path is longer than a line and is cut over two; the rest reads whole.
        #expect(screen.contains("cannot be written: OS user"), "\(screen)")
        #expect(screen.contains("; nothing was saved"), "\(screen)")

        // The manager gives the kiosk's user write access again: it starts by itself.
        chmod(data, geteuid() == 0 ? 0o770 : 0o755)
        chmod(store, 0o660)
        try kiosk.waitFor("Employee code", timeout: 15)
        try kiosk.send(Office.code(1), "Enter")
        try kiosk.waitFor("[O] Mark OUT")
        try kiosk.send("o")
        try kiosk.waitFor("MARKED OUT")
    }

    @Test(
        "a kiosk started on its own store made read-only recovers when it is writable again, though its -shm was made read-only"
    )
    func readOnlyJournalFiles() throws {
        let s = try Office.sandbox()
        let (data, store) = try Self.storeInFolder(of: s, named: "own")
        if geteuid() == 0 {
            chown(data, 65534, 65534)
            chown(store, 65534, 65534)
        }
        chmod(data, 0o755)
        chmod(store, 0o440)
        let kiosk = try KioskSession(
            sandbox: s, prefix: Self.reader.joined(separator: " "), environment: ["ATTENDANCE_STORE": store])
        try kiosk.waitFor("OUT OF SERVICE")
        // SQLite gave the -shm it made the store's mode then: 0440.
        var info = stat()
        #expect(stat(store + "-shm", &info) == 0 && info.st_mode & 0o777 == 0o440)
        // store check names it once the store is writable again, as a problem a writer meets.
        chmod(store, 0o640)
        let check = try Self.run(["store", "check"], s, store: store, prefix: [])
        #expect(
            check.out.contains("\(store)-shm cannot be written by its owner (mode 0440) while the store can"),
            "\(check.out)\(check.err)")
        // The kiosk's user owns it, so the kiosk gives it the store's mode back and starts by itself.
        try kiosk.waitFor("Employee code", timeout: 15)
        try kiosk.send(Office.code(1), "Enter")
        try kiosk.waitFor("[I] Mark IN")
        try kiosk.send("i")
        try kiosk.waitFor("MARKED IN")
        #expect(stat(store + "-shm", &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test(
        "an immutable store (chattr +i): marking refused with the reason, reports work",
        .enabled(if: canMakeImmutable, "needs root and a file system that keeps chattr +i"))
    func immutableStore() throws {
        let s = try Office.sandbox()
        let marked = try Self.run(["mark", "in", Office.code(1)], s, store: s.store, prefix: [])
        #expect(marked.status == .exited(0), "\(marked.err)")
        try runTool("/usr/bin/chattr", ["+i", s.store])
        defer { _ = try? runTool("/usr/bin/chattr", ["-i", s.store]) }
        try Self.expectReadOnlyBehaviour(
            s, store: s.store, prefix: [], code: Office.code(1),
            reason: "writing it is not permitted (is it immutable? lsattr \(s.store))")
    }

    @Test(
        "a user who may not read the store is told so, with whose file and which mode, not 'read-only'",
        .enabled(if: geteuid() == 0, "needs another user than the store's owner: runs as root (CI does)"))
    func unreadableStore() throws {
        let s = try Office.sandbox()
        chmod(s.store, 0o640)
        let before = contents(of: s.store)
        for report in [["register"], ["employee", "list"], ["mark", "in", Office.code(1)]] {
            let result = try Self.run(report, s, store: s.store, prefix: Self.reader)
            #expect(result.status == .exited(74), "\(report): \(result.err)")
            #expect(
                result.err
                    == "attendance: cannot open the attendance store at \(s.store): OS user nobody (uid 65534, groups "
                    + "nogroup) may not read \(s.store) (owner root, group root, mode 0640)\n", "\(report)")
            #expect(result.out.isEmpty)
        }
        #expect(contents(of: s.store) == before)
    }

    @Test(
        "a user who may not enter the store's folder is told so in Spanish, with the folder's owner and mode",
        .enabled(if: geteuid() == 0, "needs another user than the folder's owner: runs as root (CI does)"))
    func closedFolderInSpanish() throws {
        let s = try Office.sandbox()
        let folder = s.folder + "/cerrada"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "/attendance.sqlite"
        #expect(rename(s.store, store) == 0)
        #expect(chmod(folder, 0o700) == 0)
        // The catalog copied where `nobody` may read it: the build folder can sit in a folder only
        // root may enter (a clone in `mktemp -d`), and the sentence would then be English.
        let catalogs = s.folder + "/locale"
        let spanish = catalogs + "/es/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: spanish, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: builtCatalogs + "/es/LC_MESSAGES/attendance.mo", toPath: spanish + "/attendance.mo")
        let child = try ChildProcess.attendance(
            ["register", "--language", "es"], sandbox: s,
            environment: ["ATTENDANCE_STORE": store, "ATTENDANCE_LOCALEDIR": catalogs], prefix: Self.reader)
        let ended = child.finish(timeout: 30)
        #expect(ended == .exited(74), "\(child.errorText)")
        #expect(
            child.errorText
                == "attendance: no se puede abrir la base de fichajes \(store): usuario del sistema nobody (uid 65534, "
                + "grupos nogroup) no tiene permiso para entrar en la carpeta \(folder) (propietario root, grupo root, "
                + "modo 0700)\n")
    }

    @Test(
        "a read-only bind mount, with a kiosk writing through the writable path: reports see its latest punch",
        .enabled(if: canMount))
    func readOnlyMount() throws {
        let s = try Office.sandbox()
        let data = s.folder + "/data"
        let view = s.folder + "/read-only-view"
        for folder in [data, view] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.moveItem(atPath: s.store, toPath: data + "/attendance.sqlite")
        #expect(try runTool("/bin/mount", ["--bind", data, view]).status == 0)
        defer { withExtendedLifetime(s) { _ = try? runTool("/bin/umount", ["-l", view]) } }
        #expect(try runTool("/bin/mount", ["-o", "remount,bind,ro", view]).status == 0)

        // The kiosk keeps the store open on the writable path; its punch is in the WAL only.
        var kiosk: KioskSession? = try KioskSession(
            sandbox: s, environment: ["ATTENDANCE_STORE": data + "/attendance.sqlite"])
        defer { kiosk = nil }
        try #require(kiosk).waitFor("Employee code")
        #expect(try FullDiskTests.mark(#require(kiosk), Office.code(2)).contains("MARKED IN"))
        #expect(fileSize(data + "/attendance.sqlite-wal") > 0)

        try Self.expectReadOnlyBehaviour(
            s, store: view + "/attendance.sqlite", prefix: [], code: Office.code(2), reason: Self.mountReason)
    }
}
