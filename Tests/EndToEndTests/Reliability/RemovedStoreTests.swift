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
        #expect(refused.contains(words(of: Self.moved(s.store))), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: s.store))
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
