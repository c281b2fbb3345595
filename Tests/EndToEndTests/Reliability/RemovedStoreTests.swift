import AttendanceTestSupport
import Foundation
import Testing

/// A store file removed, or replaced, under a running kiosk. The kiosk keeps its open file; a
/// punch written there would be shown as recorded and lost when the kiosk ends. It is refused.
@Suite("Reliability: the store removed or replaced under a running kiosk", .serialized)
struct RemovedStoreTests {
    static func moved(_ store: String) -> String {
        "the attendance store at \(store) was removed or replaced while this program had it open; nothing was saved — "
            + "restart the kiosk (or the command) so it opens the store that is there now"
    }

    @Test("removed: the next punch is NOT recorded, with the reason, and no store appears")
    func removed() throws {
        let s = try Office.sandbox()
        var kiosk: KioskSession? = try KioskSession(sandbox: s)
        defer { kiosk = nil }
        try #require(kiosk).waitFor("Employee code")
        #expect(try FullDiskTests.mark(#require(kiosk), Office.code(1)).contains("MARKED IN"))
        try FullDiskTests.dismiss(#require(kiosk))
        for suffix in ["", "-wal", "-shm"] { unlink(s.store + suffix) }

        let refused = words(of: try FullDiskTests.mark(#require(kiosk), Office.code(2)))
        #expect(refused.contains("NOT recorded"), "\(refused)")
        #expect(refused.contains("was removed or replaced while this program had it open; nothing was saved"))
        // The IN made before went with the removed file: it is kept to be imported.
        #expect(refused.contains("1 punch(es) recorded here before it was noticed are not in that store"))
        #expect(!FileManager.default.fileExists(atPath: s.store))
    }

    @Test(
        "its -wal and -shm removed: the next punch is refused, the punch they took is kept to import, and a punch made elsewhere meanwhile survives the kiosk's end"
    )
    func journalsRemoved() throws {
        let s = try Office.sandbox()
        var session: KioskSession? = try KioskSession(sandbox: s)
        defer { session = nil }
        let kiosk = try #require(session)
        try kiosk.waitFor("Employee code")
        #expect(try FullDiskTests.mark(kiosk, Office.code(1)).contains("MARKED IN"))
        try FullDiskTests.dismiss(kiosk)
        // A "clean-up" removes the journal files; the kiosk's IN was only in its -wal.
        for suffix in ["-wal", "-shm"] { unlink(s.store + suffix) }
        // The command line opens the store as it is now and records into it.
        let elsewhere = try ChildProcess.attendance(["mark", "in", Office.code(2)], sandbox: s)
        #expect(elsewhere.finish(timeout: 30) == .exited(0), "\(elsewhere.errorText)")

        let refused = words(of: try FullDiskTests.mark(kiosk, Office.code(3)))
        #expect(refused.contains("NOT recorded") && refused.contains("-wal or -shm file"), "\(refused)")
        #expect(refused.contains("1 punch(es) recorded here"), "\(refused)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: s.folder).filter { $0.contains(".not-saved-") }
        let file = s.folder + "/" + (try #require(kept.first, "no file of kept punches: \(kept)"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("code,timestamp,kind,note,source\r\n\(Office.code(1)),"), "\(text)")
        #expect(text.split(separator: "\r\n").count == 2, "\(text)")

        // The kiosk ends: it must not write its removed -wal into the store, nor remove the -wal
        // the command line's punch is in.
        let pid = try #require(try kiosk.kioskPID())
        kill(pid, SIGTERM)
        try kiosk.waitFor("KIOSK-ENDED")
        let listed = try ChildProcess.attendance(["punch", "list", Office.code(2)], sandbox: s)
        #expect(listed.finish(timeout: 30) == .exited(0))
        #expect(listed.outputText.contains("IN"), "\(listed.outputText)\(listed.errorText)")
        #expect(try runTool("/usr/bin/sqlite3", [s.store, "PRAGMA integrity_check"]).output == "ok\n")
        // The kept punch goes in as an import.
        let imported = try ChildProcess.attendance(["import", "punches", file], sandbox: s)
        #expect(imported.finish(timeout: 30) == .exited(0), "\(imported.errorText)")
        #expect(try runTool("/usr/bin/sqlite3", [s.store, "SELECT count(*) FROM punch"]).output == "2\n")
    }

    @Test("replaced by a restored copy: the punch is refused, and the copy is left as it was")
    func replaced() throws {
        let s = try Office.sandbox()
        let copy = s.folder + "/restored.sqlite"
        try FileManager.default.copyItem(atPath: s.store, toPath: copy)
        var kiosk: KioskSession? = try KioskSession(sandbox: s)
        defer { kiosk = nil }
        try #require(kiosk).waitFor("Employee code")
        #expect(rename(copy, s.store) == 0)

        let refused = words(of: try FullDiskTests.mark(#require(kiosk), Office.code(1)))
        #expect(refused.contains(words(of: Self.moved(s.store))), "\(refused)")
        #expect(try runTool("/usr/bin/sqlite3", [s.store, "SELECT count(*) FROM punch"]).output == "0\n")
        // The command line opens the file that is there now and records into it.
        let marked = try ChildProcess.attendance(["mark", "in", Office.code(1)], sandbox: s)
        #expect(marked.finish(timeout: 30) == .exited(0), "\(marked.errorText)")
        #expect(try runTool("/usr/bin/sqlite3", [s.store, "SELECT count(*) FROM punch"]).output == "1\n")
    }
}
