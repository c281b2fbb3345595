import Foundation
import Testing

/// Asking for a correction at the kiosk, through the real executable in a pseudo-terminal, and
/// the manager's answer from the command line.
@Suite("Kiosk correction requests", .serialized)
struct KioskRequestTests {
    /// E001 marked in on the scenario's first day and never out; the kiosk runs the next morning.
    func forgotToMarkOut() throws -> (Sandbox, KioskSession, String) {
        let s = try kioskSandbox()
        s.clock.set(day: 0, time: "09:00")
        #expect(try s.run("mark", "in", "E001").status == 0)
        s.clock.set(day: 1, time: "10:00")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        return (s, kiosk, ScenarioClock.format(ScenarioClock.instant(day: 0, time: "12:00"), "EEE d MMM"))
    }

    @Test(
        "a forgotten mark-out asked for at the kiosk counts for nothing until approved; the next visit shows the answer"
    )
    func askThenApproved() throws {
        let (s, kiosk, shown) = try forgotToMarkOut()
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("[R] Ask for a correction")
        let (form, sent) = try kiosk.askForCorrection(leftAt: "1800", reason: "forgot to mark out")
        // The form starts on the forgotten day, at the time they left.
        #expect(words(of: form).contains("< \(shown) >"), "\(form)")
        #expect(words(of: sent).contains("You left at 18:00 on \(shown)."), "\(sent)")
        #expect(
            try s.sqlite("SELECT state, date, left_at, reason FROM correction_request")
                == "waiting|\(ScenarioClock.day(0))|18:00|forgot to mark out\n")
        // Waiting, it counts for nothing: the day is still a missing mark-out, and no punch was added.
        #expect(try s.run("missing").out.contains(ScenarioClock.day(0)))
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "1\n")

        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code: _")
        try kiosk.send("E001", "Enter")
        let waiting = words(of: try kiosk.waitFor("[R] Ask for a correction"))
        #expect(waiting.contains("Your request for \(shown) is waiting for your manager."), "\(waiting)")
        try kiosk.send("x")
        try kiosk.waitFor("Employee code: _")

        let approved = try s.run("request", "approve", "1", "--note", "thanks, fixed")
        #expect(approved.status == 0, "\(approved.err)")
        #expect(!(try s.run("missing").out.contains(ScenarioClock.day(0))))

        try kiosk.send("E001", "Enter")
        let menu = words(of: try kiosk.waitFor("[R] Ask for a correction"))
        #expect(menu.contains("Your request for \(shown) was approved: thanks, fixed"), "\(menu)")
        #expect(!menu.contains("did not mark out"), "\(menu)")
        // Seen once: the visit after says nothing more of it.
        try kiosk.send("x")
        try kiosk.waitFor("Employee code: _")
        try kiosk.send("E001", "Enter")
        #expect(!(try kiosk.waitFor("[R] Ask for a correction")).contains("was approved"))
    }

    @Test("Esc leaves the form without asking, an empty reason is refused on it, and a refusal's reason is shown")
    func cancelEmptyAndRefused() throws {
        let (s, kiosk, shown) = try forgotToMarkOut()
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("[R] Ask for a correction")
        try kiosk.send("r")
        try kiosk.waitFor("Left at (HH:MM):")
        try kiosk.send("Escape")
        try kiosk.waitFor("[R] Ask for a correction")
        #expect(try s.sqlite("SELECT count(*) FROM correction_request") == "0\n")

        try kiosk.send("r")
        try kiosk.waitFor("Left at (HH:MM):")
        try kiosk.send("1730", "Tab", "Enter")
        try kiosk.waitFor("Say in a few words why the day is wrong.")
        #expect(try s.sqlite("SELECT count(*) FROM correction_request") == "0\n")
        // Control characters never get into the reason.
        try kiosk.send("C-a", "C-g")
        try kiosk.send("left early, doctor", literal: true)
        try kiosk.send("Enter")
        try kiosk.waitFor("Request sent")
        #expect(try s.sqlite("SELECT left_at, reason FROM correction_request") == "17:30|left early, doctor\n")

        let refused = try s.run("request", "refuse", "1", "--reason", "you left at 16:00, see the door log")
        #expect(refused.status == 0, "\(refused.err)")
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code: _")
        try kiosk.send("E001", "Enter")
        let menu = words(of: try kiosk.waitFor("[R] Ask for a correction"))
        #expect(menu.contains("Your request for \(shown) was refused: you left at 16:00, see the door log"), "\(menu)")
        #expect(menu.contains("did not mark out"), "\(menu)")
    }
}
