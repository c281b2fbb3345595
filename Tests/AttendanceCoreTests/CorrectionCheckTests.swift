import AttendanceLanguage
import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md "Punches" 6: what a manager's correction must leave behind, checked without a store.
@Suite("Correction checks")
struct CorrectionCheckTests {
    let policy = Fixture.policy()
    var check: CorrectionCheck { CorrectionCheck(policy: policy, now: Fixture.instant("2026-03-10 12:00")) }
    let monday = Fixture.date("2026-03-02")

    func refusal(before: [Punch], after: [Punch], dates: [String]) -> String? {
        do {
            try check.check(before: before, after: after, dates: Set(dates.map(Fixture.date)))
            return nil
        } catch {
            return Speech.english.sentence(for: error)
        }
    }

    /// A punch being added (it has no id yet).
    func new(_ kind: PunchKind, _ text: String) -> Punch {
        Fixture.punch(kind, text, id: CorrectionCheck.newPunchID, source: .manual)
    }

    // MARK: - The punches of a date

    @Test("closing an open session with an OUT passes")
    func closingPasses() {
        let before = Fixture.punches(["in 09:02"], on: "2026-03-02")
        #expect(refusal(before: before, after: before + [new(.out, "2026-03-02 18:00")], dates: ["2026-03-02"]) == nil)
    }

    @Test("an OUT that would follow another OUT names both punches and their times")
    func twoOuts() {
        let before = Fixture.punches(["in 09:02", "out 18:00"], on: "2026-03-02")
        #expect(
            refusal(before: before, after: before + [new(.out, "2026-03-02 17:00")], dates: ["2026-03-02"])
                == "on 2026-03-02, the new OUT at 17:00 would be followed by OUT at 18:00 (punch 2); "
                + "punches must alternate IN, OUT, IN, OUT")
    }

    @Test("an IN inside a session breaks the alternation")
    func inInsideSession() {
        let before = Fixture.punches(["in 09:02", "out 18:00"], on: "2026-03-02")
        #expect(
            refusal(before: before, after: before + [new(.in, "2026-03-02 12:00")], dates: ["2026-03-02"])
                == "on 2026-03-02, IN at 09:02 (punch 1) would be followed by the new IN at 12:00; "
                + "punches must alternate IN, OUT, IN, OUT")
    }

    @Test("voiding the IN of a closed session leaves an OUT without an IN")
    func voidingTheIn() {
        let before = Fixture.punches(["in 09:02", "out 18:00"], on: "2026-03-02")
        #expect(
            refusal(before: before, after: [before[1]], dates: ["2026-03-02"])
                == "on 2026-03-02, OUT at 18:00 (punch 2) would have no IN before it")
    }

    @Test("an OUT stamped before the IN it was meant to close says it is not after that IN")
    func outBeforeItsIn() {
        let after = Fixture.punches(["in 09:00", "out 08:59"], on: "2026-03-02")
        #expect(
            refusal(before: [], after: after, dates: ["2026-03-02"])
                == "on 2026-03-02, OUT at 08:59 (punch 2) would have no IN before it: it is not after "
                + "IN at 09:00 (punch 1), which it cannot close")
    }

    @Test("voiding the OUT leaves an open session, which is allowed (the date becomes M)")
    func voidingTheOut() {
        let before = Fixture.punches(["in 09:02", "out 18:00"], on: "2026-03-02")
        #expect(refusal(before: before, after: [before[0]], dates: ["2026-03-02"]) == nil)
    }

    @Test("a session shorter than a minute is refused; exactly one minute passes")
    func tooShort() {
        let before = Fixture.punches(["in 09:02"], on: "2026-03-02")
        #expect(
            refusal(before: before, after: before + [new(.out, "2026-03-02 09:02:59")], dates: ["2026-03-02"])
                == "on 2026-03-02, the session from IN at 09:02 (punch 1) to the new OUT at 09:02 would be shorter "
                + "than 1 minute")
        #expect(refusal(before: before, after: before + [new(.out, "2026-03-02 09:03")], dates: ["2026-03-02"]) == nil)
    }

    @Test("a session longer than max_session_hours is refused; exactly the maximum passes")
    func tooLong() {
        let before = Fixture.punches(["in 09:00"], on: "2026-03-02")
        #expect(
            refusal(before: before, after: before + [new(.out, "2026-03-03 01:01")], dates: ["2026-03-02"])
                == "on 2026-03-02, the session from IN at 09:00 (punch 1) to the new OUT at 2026-03-03 01:01 would be "
                + "longer than max_session_hours (16)")
        #expect(refusal(before: before, after: before + [new(.out, "2026-03-03 01:00")], dates: ["2026-03-02"]) == nil)
    }

    @Test("a punch inside a session of another date is refused, naming that session")
    func overlap() {
        // Dates follow from instants, so sessions of two dates only meet when punches were dated
        // under another day change: here the 3rd's IN at 03:15 was recorded when it was 03:00.
        let night = Fixture.punches(["in 22:00", "out 03:00+1"], on: "2026-03-02")
        var early = Fixture.punch(.in, "2026-03-03 03:15", id: 3)
        early.attendanceDate = Fixture.date("2026-03-03")
        let next = [early, Fixture.punch(.out, "2026-03-03 12:00", id: 4)]
        var later = night[1]
        later.instant = Fixture.instant("2026-03-03 03:10")
        #expect(refusal(before: night + next, after: [night[0], later] + next, dates: ["2026-03-02"]) == nil)
        later.instant = Fixture.instant("2026-03-03 03:30")
        #expect(
            refusal(before: night + next, after: [night[0], later] + next, dates: ["2026-03-02"])
                == "the session of 2026-03-02 from IN at 22:00 (punch 1) to OUT at 2026-03-03 03:30 (punch 2) would "
                + "overlap the session of 2026-03-03 from IN at 03:15 (punch 3) to OUT at 12:00 (punch 4)")
        // An open IN inside another date's session: the new IN at 02:50 of the 3rd.
        var lone = Fixture.punch(.in, "2026-03-03 02:50", id: CorrectionCheck.newPunchID, source: .manual)
        lone.attendanceDate = Fixture.date("2026-03-03")
        #expect(
            refusal(before: night, after: night + [lone], dates: ["2026-03-03"])
                == "the new IN at 02:50 of 2026-03-03 would fall inside the session of 2026-03-02 from "
                + "IN at 22:00 (punch 1) to OUT at 2026-03-03 03:00 (punch 2)")
    }

    @Test("a problem the date already had does not block a correction that leaves it alone")
    func existingProblemsTolerated() {
        // An import left IN, IN: adding the missing OUT between them is the repair.
        let before = Fixture.punches(["in 09:00", "in 13:00", "out 18:00"], on: "2026-03-02")
        let repaired = before + [new(.out, "2026-03-02 12:00")]
        #expect(refusal(before: before, after: repaired, dates: ["2026-03-02"]) == nil)
        // Voiding an unrelated punch leaves the old problem as it was: allowed.
        #expect(refusal(before: before, after: [before[0], before[1]], dates: ["2026-03-02"]) == nil)
    }

    // MARK: - Time

    @Test("a time after now is refused with both local times")
    func future() {
        #expect(throws: CorrectionError.inFuture(time: "2026-03-10 12:01", now: "2026-03-10 12:00")) {
            try check.checkNotInFuture(Fixture.instant("2026-03-10 12:01"))
        }
        #expect(throws: Never.self) { try check.checkNotInFuture(Fixture.instant("2026-03-10 12:00")) }
        #expect(
            CorrectionError.inFuture(time: "2026-03-10 12:01", now: "2026-03-10 12:00").description
                == "2026-03-10 12:01 is in the future (it is now 2026-03-10 12:00); "
                + "punches can only be entered for times that have passed")
    }

    @Test("edit_window_days: 30 days back needs nothing, 31 needs --force and is flagged")
    func editWindow() throws {
        // Today is 2026-03-10.
        #expect(try check.isOutsideEditWindow([Fixture.date("2026-02-08")], force: false) == false)
        #expect(throws: CorrectionError.outsideEditWindow(Fixture.date("2026-02-07"), days: 30)) {
            try check.isOutsideEditWindow([Fixture.date("2026-03-01"), Fixture.date("2026-02-07")], force: false)
        }
        #expect(try check.isOutsideEditWindow([Fixture.date("2026-02-07")], force: true) == true)
        #expect(
            CorrectionError.outsideEditWindow(Fixture.date("2026-02-07"), days: 30).description
                == "2026-02-07 is more than 30 days ago ([policy] edit_window_days); "
                + "add --force to correct it anyway (the correction is flagged)")
    }

    // MARK: - Reason and note

    @Test("a reason is required and must be plain text of at most 500 characters")
    func reason() throws {
        #expect(throws: CorrectionError.reasonRequired) { try CorrectionText.reason(nil) }
        #expect(throws: CorrectionError.reasonRequired) { try CorrectionText.reason("  \t") }
        #expect(CorrectionError.reasonRequired.description == "a reason is required: say why with --reason TEXT")
        #expect(try CorrectionText.reason("  forgot to mark out ") == "forgot to mark out")
        #expect(try CorrectionText.reason(String(repeating: "x", count: 500)).count == 500)
        #expect(throws: CorrectionError.self) { try CorrectionText.reason(String(repeating: "x", count: 501)) }
        #expect(throws: CorrectionError.invalidText(what: Phrase("reason"), value: "a\u{1b}[2J")) {
            try CorrectionText.reason("a\u{1b}[2J")
        }
    }

    @Test("a note: at most 500 characters, no control characters; empty is none")
    func note() throws {
        #expect(try CorrectionText.note(nil) == nil)
        #expect(try CorrectionText.note(" ") == nil)
        #expect(try CorrectionText.note(String(repeating: "é", count: 500))?.count == 500)
        let long = String(repeating: "n", count: 501)
        #expect(throws: CorrectionError.invalidText(what: Phrase("note"), value: long)) {
            try CorrectionText.note(long)
        }
        #expect(
            CorrectionError.invalidText(what: Phrase("note"), value: "line\nbreak").description
                == "invalid note \"line\\x0a" + "break\": expected at most 500 characters without control characters")
        #expect(throws: CorrectionError.self) { try CorrectionText.note("line\nbreak") }
        #expect(throws: CorrectionError.self) { try CorrectionText.note("bidi \u{202e}txt") }
    }

    // MARK: - History

    @Test("void hides a punch, restore brings it back, the latest re-time gives its time and date")
    func history() {
        let punch = Fixture.punch(.in, "2026-03-02 09:00", id: 9)
        func correction(_ id: Int64, _ action: CorrectionAction, to text: String? = nil) -> PunchCorrection {
            let instant = text.map { Fixture.instant($0) }
            return PunchCorrection(
                id: id, punchID: 9, employeeID: 7, action: action, fromDate: monday,
                toDate: instant.map(policy.attendanceDate(of:)) ?? monday, newInstant: instant, actor: "m",
                at: Date(timeIntervalSince1970: 0), reason: "r")
        }
        #expect(PunchHistory(original: punch, corrections: []).effective == punch)
        #expect(!PunchHistory(original: punch, corrections: []).effective.isCorrected)
        let voided = PunchHistory(original: punch, corrections: [correction(1, .void)])
        #expect(voided.isVoided && voided.effective.isCorrected)
        #expect(PunchHistory.effectivePunches([punch], corrections: [correction(1, .void)]).isEmpty)
        let restored = PunchHistory(original: punch, corrections: [correction(2, .restore), correction(1, .void)])
        #expect(!restored.isVoided)
        let moved = PunchHistory(
            original: punch,
            corrections: [
                correction(1, .retime, to: "2026-03-03 09:00"), correction(2, .retime, to: "2026-03-02 08:50"),
            ])
        #expect(moved.effective.instant == Fixture.instant("2026-03-02 08:50"))
        #expect(moved.effective.attendanceDate == monday && moved.isRetimed)
        #expect(moved.original == punch)
    }

    @Test("corrections apply in the order they were made, not the order a store numbered them")
    func historyMadeOrder() {
        let punch = Fixture.punch(.out, "2026-03-02 17:00", id: 9)
        func retime(_ id: Int64, to text: String, madeAt made: String) -> PunchCorrection {
            PunchCorrection(
                id: id, punchID: 9, employeeID: 7, action: .retime, fromDate: monday, toDate: monday,
                newInstant: Fixture.instant(text), actor: "m", at: Fixture.instant(made), reason: "r")
        }
        // A store received the 17:30 change last (number 2), another first: both end at 18:00.
        let newer = retime(1, to: "2026-03-02 18:00", madeAt: "2026-03-02 20:40")
        let older = retime(2, to: "2026-03-02 19:00", madeAt: "2026-03-02 17:30")
        #expect(
            PunchHistory(original: punch, corrections: [newer, older]).effective.instant
                == Fixture.instant("2026-03-02 18:00"))
        #expect(PunchHistory(original: punch, corrections: [older, newer]).corrections.map(\.id) == [2, 1])
        // Made in the same millisecond: the number decides.
        let twin = retime(3, to: "2026-03-02 19:30", madeAt: "2026-03-02 20:40")
        #expect(
            PunchHistory(original: punch, corrections: [twin, newer]).effective.instant
                == Fixture.instant("2026-03-02 19:30"))
    }

    @Test("a corrected kiosk punch earlier than a later-recorded one is not a clock step back")
    func correctedKioskPunchIsNotClockWentBack() {
        var punches = Fixture.punches(["in 09:00", "out 12:00", "in 13:00", "out 18:00"], on: "2026-03-02")
        punches[0].instant = Fixture.instant("2026-03-02 12:30")
        punches[1].instant = Fixture.instant("2026-03-02 12:45")
        #expect(DayPunches(punches, maxSessionHours: 16).clockWentBack == false)
        punches[2].instant = Fixture.instant("2026-03-02 08:00")
        #expect(DayPunches(punches, maxSessionHours: 16).clockWentBack == true)
        punches[2].isCorrected = true
        #expect(DayPunches(punches, maxSessionHours: 16).clockWentBack == false)
    }
}
