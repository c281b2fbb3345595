import AttendanceTestSupport
import Foundation
import Testing

/// The clock moving under the kiosk: NTP stepping it back or forward, someone setting it. Every
/// process of a scenario runs on the scenario's clock (``ScenarioClock``), so moving it moves
/// the clock of the kiosk that is already running, as a real step would.
@Suite("Reliability: the clock stepping back and forward")
struct ClockTests {
    static let flaggedNote =
        "attendance: note: this punch is earlier than one already stored; flagged for the manager\n"

    @Test("an OUT not after the IN it would close is refused, nothing stored, and logged for the manager")
    func outBeforeIn() throws {
        let s = try Office.sandbox()
        let code = Office.code(1)
        let marked = try ChildProcess.attendance(["mark", "in", code], sandbox: s, at: "10:00")
        #expect(marked.termination == .exited(0))
        #expect(marked.outputText.hasPrefix("IN \(code) Worker 1 at 10:00 on \(ScenarioClock.day())"))

        // The clock is now half an hour behind: the OUT would end a session before it began.
        let back = try ChildProcess.attendance(["mark", "out", code], sandbox: s, at: "09:30")
        #expect(back.termination == .exited(16))
        #expect(back.outputText.isEmpty)
        #expect(
            back.errorText
                == "attendance: \(code) Worker 1: the clock is earlier than your mark-in at 10:00 — ask a manager\n")
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in\n")
        let audit = try ChildProcess.attendance(["audit", "--employee", code], sandbox: s, at: "09:31")
        #expect(
            audit.outputText.contains("  kiosk  refused OUT of \(code) at \(ScenarioClock.day()) 09:30\n"),
            "\(audit.outputText)")
        #expect(audit.outputText.contains("why: the clock is earlier than your mark-in at 10:00 — ask a manager"))

        // Once the clock is right again the OUT is taken; a later IN stamped before that OUT
        // (the clock stepped back again) is recorded as taken and flagged.
        let out = try ChildProcess.attendance(["mark", "out", code], sandbox: s, at: "18:00")
        #expect(out.termination == .exited(0), "\(out.errorText)")
        let again = try ChildProcess.attendance(["mark", "in", code], sandbox: s, at: "17:50")
        #expect(again.termination == .exited(0), "\(again.errorText)")
        #expect(again.errorText == Self.flaggedNote)
        let rows = try s.sqlite("SELECT kind, clock_went_back FROM punch ORDER BY id")
        #expect(rows == "in|0\nout|0\nin|1\n")
        let day = try ChildProcess.attendance(
            ["calendar", code, "--day", ScenarioClock.day()], sandbox: s, at: "18:30")
        let flags = try #require(day.outputText.split(separator: "\n").first { $0.hasPrefix("Flags:") })
        #expect(flags.contains("clock went back"), "\(flags)")
    }

    @Test("the kiosk refuses an OUT before the mark-in, says why, and records nothing")
    func kioskOutBeforeIn() throws {
        let s = try Office.sandbox()
        let code = Office.code(2)
        let marked = try ChildProcess.attendance(["mark", "in", code], sandbox: s, at: "10:00")
        #expect(marked.termination == .exited(0))

        s.clock.set(time: "09:40")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send(code, "Enter")
        #expect(try kiosk.waitFor("[O] Mark OUT").contains("in since 10:00"))
        try kiosk.send("o")
        let screen = words(of: try kiosk.waitFor("The clock is behind your mark-in"))
        #expect(screen.contains("The clock is earlier than your mark-in at 10:00 — ask a manager."), "\(screen)")
        #expect(screen.contains("Nothing was recorded."), "\(screen)")
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in\n")
    }

    @Test(
        "a running kiosk across steps: back an hour, a confirmation still goes after its seconds; forward a day, a new date"
    )
    func residentKioskAcrossSteps() throws {
        let s = try Office.sandbox(kiosk: "confirm_seconds = 2\nidle_seconds = 30")
        let code = Office.code(3)
        s.clock.set(time: "10:00")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send(code, "Enter")
        try kiosk.waitFor("[I] Mark IN")
        try kiosk.send("i")
        try kiosk.waitFor("MARKED IN 10:00")

        // NTP steps the clock back an hour while the confirmation is up: the screen shows the
        // new time at once, and the confirmation still goes after its 2 seconds, not an hour.
        s.clock.advance(by: -3600)
        try kiosk.waitFor(" 09:00:")
        try kiosk.waitFor("Employee code: _", timeout: 6)

        // The clock jumps to 09:00 the next day: the kiosk is on the new date, where nobody has
        // marked in yet, and yesterday's open session does not block today's IN.
        s.clock.set(day: 1, time: "09:00")
        let (day, _, _) = ScenarioClock.weekday(1)
        try kiosk.waitFor(" \(day) ")
        try kiosk.send(code, "Enter")
        #expect(try kiosk.waitFor("[I] Mark IN").contains("not marked in yet today"))
        try kiosk.send("i")
        try kiosk.waitFor("MARKED IN 09:00")
        let dates = try s.sqlite("SELECT attendance_date FROM punch ORDER BY id")
        #expect(dates == "\(ScenarioClock.day())\n\(ScenarioClock.day(1))\n")
    }
}
