import Foundation
import Testing

/// Issue 7, part 7: the kiosk's clock steps back (faketime). A punch earlier than the
/// employee's previous one is kept as taken, in the order taken, and flagged for the manager.
@Suite("Reliability: clock going backwards")
struct ClockTests {
    static let note = "attendance: note: this punch is earlier than one already stored; flagged for the manager\n"

    @Test("an OUT stamped before the IN it follows is recorded as taken, flagged, and shown to the manager")
    func markAfterClockWentBack() throws {
        let s = try Office.sandbox()
        let code = Office.code(1)
        let marked = try ChildProcess.attendance(["mark", "in", code], sandbox: s, at: "2026-03-02 10:00:00")
        #expect(marked.termination == .exited(0))
        #expect(marked.outputText.hasPrefix("IN \(code) Worker 1 at 10:00 on 2026-03-02"))
        #expect(marked.errorText.isEmpty)

        // The clock is now half an hour behind.
        let back = try ChildProcess.attendance(["mark", "out", code], sandbox: s, at: "2026-03-02 09:30:00")
        #expect(back.termination == .exited(0))
        #expect(back.outputText.hasPrefix("OUT \(code) Worker 1 at 09:30 on 2026-03-02"), "\(back.outputText)")
        #expect(back.errorText == Self.note)

        // Stored as taken: the OUT keeps its own time and comes second, flagged.
        let rows = try s.sqlite(
            "SELECT id, kind, strftime('%H:%M', instant_ms / 1000, 'unixepoch', '+05:30'), clock_went_back FROM punch ORDER BY id"
        )
        #expect(rows == "1|in|10:00|0\n2|out|09:30|1\n")

        // The manager sees it on the day and in the month's flagged days.
        let later = "2026-03-05 12:00:00"
        let day = try ChildProcess.attendance(["calendar", code, "--day", "2026-03-02"], sandbox: s, at: later)
        #expect(day.termination == .exited(0))
        #expect(day.outputText.contains("  09:30  OUT  SIMULATED"), "\(day.outputText)")
        #expect(day.outputText.contains("  10:00  IN   SIMULATED"))
        let flags = try #require(day.outputText.split(separator: "\n").first { $0.hasPrefix("Flags:") })
        #expect(flags.contains("clock went back"), "\(flags)")
        let month = try ChildProcess.attendance(["calendar", code, "--month", "2026-03"], sandbox: s, at: later)
        #expect(month.termination == .exited(0))
        #expect(
            month.outputText.contains(
                "\nFlagged days:\n  Mon  2  M   missing mark-out, OUT without IN, clock went back\n"),
            "\(month.outputText)")
    }

    @Test("the kiosk marks a punch after the clock went back and tells the person the manager will check it")
    func kioskAfterClockWentBack() throws {
        let s = try Office.sandbox()
        let code = Office.code(2)
        let marked = try ChildProcess.attendance(["mark", "in", code], sandbox: s, at: "2026-03-02 10:00:00")
        #expect(marked.termination == .exited(0))

        let kiosk = try KioskSession(sandbox: s, prefix: "faketime -f '@2026-03-02 09:40:00'")
        try kiosk.waitFor("Employee code")
        try kiosk.send(code, "Enter")
        #expect(try kiosk.waitFor("[O] Mark OUT").contains("in since 10:00"))
        try kiosk.send("o")
        let screen = words(of: try kiosk.waitFor("MARKED OUT"))
        #expect(screen.contains("MARKED OUT 09:40"), "\(screen)")
        #expect(
            screen.contains("Note: the clock seems to have gone back; your manager will check this punch."), "\(screen)"
        )
        #expect(try s.sqlite("SELECT kind, clock_went_back FROM punch ORDER BY id") == "in|0\nout|1\n")
    }
}
