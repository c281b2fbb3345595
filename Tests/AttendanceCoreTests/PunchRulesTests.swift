import AttendanceLanguage
import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md "Punches" 1–4: what the kiosk records, repeats or refuses.
@Suite("Punch rules")
struct PunchRulesTests {
    let policy = Fixture.policy()
    let monday = Fixture.date("2026-03-02")
    let tuesday = Fixture.date("2026-03-03")

    func decide(_ kind: PunchKind, at text: String, after recent: [Punch]) -> PunchDecision {
        policy.decide(kind, at: Fixture.instant(text), recent: recent)
    }

    // MARK: - Accepted

    @Test("the first IN of the day is accepted on today's date")
    func firstIn() {
        #expect(decide(.in, at: "2026-03-02 09:02", after: []) == .accept(monday, clockWentBack: false))
    }

    @Test("an OUT after an IN is accepted")
    func outAfterIn() {
        let recent = Fixture.punches(["in 09:02"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-02 18:00", after: recent) == .accept(monday, clockWentBack: false))
    }

    @Test("a mark-out at 01:30 belongs to the previous attendance date")
    func markOutAfterMidnight() {
        let recent = Fixture.punches(["in 20:00"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-03 01:30", after: recent) == .accept(monday, clockWentBack: false))
        #expect(policy.attendanceDate(of: Fixture.instant("2026-03-03 01:30")) == monday)
        #expect(policy.attendanceDate(of: Fixture.instant("2026-03-03 03:59:59")) == monday)
        #expect(policy.attendanceDate(of: Fixture.instant("2026-03-03 04:00")) == tuesday)
    }

    @Test("a second IN after a mark-out opens a new session")
    func inAfterOut() {
        let recent = Fixture.punches(["in 09:00", "out 12:30"], on: "2026-03-02")
        #expect(decide(.in, at: "2026-03-02 13:15", after: recent) == .accept(monday, clockWentBack: false))
    }

    @Test("yesterday's open session does not block today's IN")
    func yesterdaysOpenSession() {
        let recent = Fixture.punches(["in 09:00"], on: "2026-03-02")
        #expect(decide(.in, at: "2026-03-03 09:10", after: recent) == .accept(tuesday, clockWentBack: false))
    }

    @Test("an IN earlier than the previous OUT is accepted and says the clock went back")
    func clockWentBack() {
        let recent = Fixture.punches(["in 09:00", "out 12:00"], on: "2026-03-02")
        #expect(decide(.in, at: "2026-03-02 11:50", after: recent) == .accept(monday, clockWentBack: true))
    }

    @Test(
        "rule 7: an OUT not after the open session's IN is refused with that IN's time",
        arguments: ["2026-03-02 08:50", "2026-03-02 09:00"])
    func outBeforeIn(at: String) {
        let recent = Fixture.punches(["in 09:00"], on: "2026-03-02")
        let refusal = PunchRefusal.clockBehindMarkIn(since: recent[0].instant, clock: "09:00")
        #expect(decide(.out, at: at, after: recent) == .refused(refusal))
        #expect(refusal.description == "the clock is earlier than your mark-in at 09:00 — ask a manager")
        // One second after the IN is a (very short) session.
        #expect(decide(.out, at: "2026-03-02 09:00:01", after: recent) == .accept(monday, clockWentBack: false))
    }

    // MARK: - Refused

    @Test("an IN while marked in is refused with the time of that IN")
    func alreadyIn() throws {
        let recent = Fixture.punches(["in 09:02:40"], on: "2026-03-02")
        let decision = decide(.in, at: "2026-03-02 11:00", after: recent)
        let since = Fixture.instant("2026-03-02 09:02:40")
        #expect(decision == .refused(.alreadyIn(since: since, clock: "09:02")))
        #expect(
            PunchRefusal.alreadyIn(since: since, clock: "09:02").description
                == "already marked in at 09:02 — mark out first")
    }

    @Test("in the hour the clocks repeat, a refusal names the IN's time with its offset")
    func refusalsInTheRepeatedHour() {
        // Berlin, 2026-10-25: 02:00–03:00 is shown twice, first at +02:00, then at +01:00.
        let utc = { (text: String) in ISO8601DateFormatter().date(from: text)! }
        func punch(_ kind: PunchKind, _ instant: Date) -> Punch {
            Punch(
                id: 1, employeeID: Fixture.employee.id, instant: instant, zone: policy.zone.identifier,
                attendanceDate: policy.attendanceDate(of: instant), kind: kind, source: .simulated, createdAt: instant)
        }
        let first = [punch(.in, utc("2026-10-25T00:30:00Z"))]
        #expect(
            policy.decide(.in, at: utc("2026-10-25T01:35:00Z"), recent: first)
                == .refused(.alreadyIn(since: first[0].instant, clock: "02:30+02:00")))
        let second = [punch(.in, utc("2026-10-25T01:40:00Z"))]
        #expect(
            policy.decide(.out, at: utc("2026-10-25T00:50:00Z"), recent: second)
                == .refused(.clockBehindMarkIn(since: second[0].instant, clock: "02:40+01:00")))
        // Outside that hour the time is shown as it always is.
        let morning = [punch(.in, utc("2026-10-25T08:00:00Z"))]
        #expect(
            policy.decide(.in, at: utc("2026-10-25T09:00:00Z"), recent: morning)
                == .refused(.alreadyIn(since: morning[0].instant, clock: "09:00")))
    }

    @Test("already in after midnight names the local time of the evening IN")
    func alreadyInAfterMidnight() {
        let recent = Fixture.punches(["in 09:00", "out 18:00", "in 23:40"], on: "2026-03-02")
        let since = Fixture.instant("2026-03-02 23:40")
        #expect(
            decide(.in, at: "2026-03-03 00:30", after: recent)
                == .refused(.alreadyIn(since: since, clock: "23:40")))
    }

    @Test(
        "an OUT with no IN today is refused as not in",
        arguments: [
            [String](), ["in 09:00", "out 12:00"],
        ])
    func notIn(today: [String]) {
        let recent = Fixture.punches(today, on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-02 18:00", after: recent) == .refused(.notIn))
        #expect(PunchRefusal.notIn.description == "not marked in today")
    }

    @Test("yesterday's open session cannot be closed today")
    func outForYesterday() {
        let recent = Fixture.punches(["in 09:00"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-03 09:00", after: recent) == .refused(.notIn))
    }

    // MARK: - Duplicates

    @Test(
        "a repeat within duplicate_punch_seconds is already recorded, not already in",
        arguments: [
            ("09:00:01", true), ("09:00:45", true), ("09:01:00", true), ("09:01:01", false),
        ])
    func duplicateIn(at clock: String, isDuplicate: Bool) {
        let recent = Fixture.punches(["in 09:00:00"], on: "2026-03-02")
        let decision = decide(.in, at: "2026-03-02 \(clock)", after: recent)
        if isDuplicate {
            #expect(decision == .duplicate(of: recent[0]))
        } else {
            #expect(decision == .refused(.alreadyIn(since: recent[0].instant, clock: "09:00")))
        }
    }

    @Test("a repeated OUT within the window is already recorded, not not-in")
    func duplicateOut() {
        let recent = Fixture.punches(["in 09:00", "out 18:00"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-02 18:00:30", after: recent) == .duplicate(of: recent[1]))
        #expect(decide(.out, at: "2026-03-02 18:01:30", after: recent) == .refused(.notIn))
    }

    @Test("the window compares with the previous punch of the same kind only")
    func duplicateIsPerKind() {
        let recent = Fixture.punches(["in 09:00:00"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-02 09:00:20", after: recent) == .accept(monday, clockWentBack: false))
    }

    @Test("the window reaches across day_change into the previous attendance date")
    func duplicateAcrossDayChange() {
        let recent = Fixture.punches(["in 20:00", "out 03:59:50+1"], on: "2026-03-02")
        #expect(decide(.out, at: "2026-03-03 04:00:10", after: recent) == .duplicate(of: recent[1]))
    }

    @Test("duplicate_punch_seconds = 0 turns the window off")
    func noWindow() {
        let policy = Fixture.policy { $0.duplicatePunchSeconds = 0 }
        let recent = Fixture.punches(["in 09:00:00"], on: "2026-03-02")
        let decision = policy.decide(.in, at: Fixture.instant("2026-03-02 09:00:10"), recent: recent)
        #expect(decision == .refused(.alreadyIn(since: recent[0].instant, clock: "09:00")))
    }

    // MARK: - Night shift

    @Test("a night shift with day_change 12:00 keeps IN and OUT on the date the shift began")
    func nightShift() {
        let night = Fixture.policy {
            $0.shiftStart = Fixture.time("22:00")
            $0.shiftEnd = Fixture.time("06:00")
            $0.dayChange = Fixture.time("12:00")
        }
        #expect(
            night.decide(.in, at: Fixture.instant("2026-03-02 21:55"), recent: [])
                == .accept(monday, clockWentBack: false))
        let recent = Fixture.punches(["in 21:55"], on: "2026-03-02", policy: night)
        #expect(
            night.decide(.out, at: Fixture.instant("2026-03-03 06:05"), recent: recent)
                == .accept(monday, clockWentBack: false))
        #expect(
            night.decide(.in, at: Fixture.instant("2026-03-03 02:00"), recent: recent)
                == .refused(.alreadyIn(since: recent[0].instant, clock: "21:55")))
    }

    // MARK: - Another kiosk's clock running ahead

    /// `specs` as punches taken at kiosk "front" (another kiosk than the deciding one).
    func elsewhere(_ specs: [String]) -> [Punch] {
        Fixture.punches(specs, on: "2026-03-02").map { punch in
            var punch = punch
            punch.origin = "front"
            return punch
        }
    }

    @Test("an IN stamped half an hour ahead at another kiosk does not stop the OUT here")
    func outAfterInFromFastKiosk() {
        let recent = elsewhere(["in 09:30"])
        #expect(decide(.out, at: "2026-03-02 09:20", after: recent) == .accept(monday, clockWentBack: false))
    }

    @Test("an OUT stamped ahead at another kiosk does not make this kiosk's IN already in, nor its clock gone back")
    func inAfterOutFromFastKiosk() {
        let recent = Fixture.punches(["in 08:00"], on: "2026-03-02") + elsewhere(["out 12:30"])
        #expect(decide(.in, at: "2026-03-02 12:05", after: recent) == .accept(monday, clockWentBack: false))
    }

    @Test("a punch from another kiosk within two minutes ahead still counts, as a clock gone back")
    func slightlyAheadStillCounts() {
        let recent = elsewhere(["in 09:01:30"])
        #expect(
            decide(.out, at: "2026-03-02 09:00", after: recent)
                == .refused(
                    .clockBehindMarkIn(since: recent[0].instant, clock: "09:01")))
        #expect(
            decide(.in, at: "2026-03-02 09:00", after: recent)
                == .refused(
                    .alreadyIn(since: recent[0].instant, clock: "09:01")))
    }

    @Test("this kiosk's own punch ahead of its clock still decides: its own clock went back")
    func ownPunchAheadStillDecides() {
        let recent = Fixture.punches(["in 09:30"], on: "2026-03-02")
        #expect(
            decide(.out, at: "2026-03-02 09:20", after: recent)
                == .refused(
                    .clockBehindMarkIn(since: recent[0].instant, clock: "09:30")))
    }

    @Test("a clock's offset in words: none within two minutes, minutes, then hours")
    func clockOffsetWords() {
        #expect(ClockOffset.minutes(ofSeconds: 119) == nil)
        #expect(ClockOffset.minutes(ofSeconds: -120) == nil)
        #expect(
            ClockOffset.minutes(ofSeconds: 31 * 60 + 10).map(Speech.english.clockOffset(minutes:)) == "31 min ahead")
        #expect(
            ClockOffset.minutes(ofSeconds: -(65 * 60)).map(Speech.english.clockOffset(minutes:)) == "1 h 5 min behind")
        #expect(Speech.english.clockOffset(minutes: 120) == "2 h ahead")
        #expect(ClockOffset.minutes(ofSeconds: 121) == 2)
    }

    // MARK: - What a kiosk knows, and when a forgotten mark-out likely was

    @Test("a kiosk knows every punch while its last sync is within three periods (a minute at least), either way")
    func knowledgeAfterSync() {
        let now = Fixture.instant("2026-03-02 09:00")
        #expect(PunchKnowledge.after(lastSync: nil, syncSeconds: 10, at: now) == .partial)
        #expect(PunchKnowledge.after(lastSync: now.addingTimeInterval(-60), syncSeconds: 10, at: now) == .complete)
        #expect(PunchKnowledge.after(lastSync: now.addingTimeInterval(-61), syncSeconds: 10, at: now) == .partial)
        #expect(PunchKnowledge.after(lastSync: now.addingTimeInterval(-89), syncSeconds: 30, at: now) == .complete)
        #expect(PunchKnowledge.after(lastSync: now.addingTimeInterval(90), syncSeconds: 30, at: now) == .complete)
        #expect(PunchKnowledge.after(lastSync: now.addingTimeInterval(91), syncSeconds: 30, at: now) == .partial)
    }

    @Test("a forgotten mark-out is suggested at the shift's end only when that could close the session")
    func suggestedClose() throws {
        // The fixture's shift ends at 18:00; sessions over 16 h are not counted.
        let policy = Fixture.policy()
        let max = policy.maxSessionHours * 3600
        let open = try #require(policy.pairing(Fixture.punches(["in 09:00"], on: "2026-03-02")).sessions.first)
        #expect(
            policy.suggestedClose(of: open, before: nil, on: monday, maxSessionSeconds: max)
                == Fixture.instant("2026-03-02 18:00"))
        // After the shift's end, before the next IN, or too long: the manager says.
        let late = try #require(policy.pairing(Fixture.punches(["in 19:00"], on: "2026-03-02")).sessions.first)
        #expect(policy.suggestedClose(of: late, before: nil, on: monday, maxSessionSeconds: max) == nil)
        #expect(
            policy.suggestedClose(
                of: open, before: Fixture.instant("2026-03-02 13:00"), on: monday, maxSessionSeconds: max) == nil)
        #expect(policy.suggestedClose(of: open, before: nil, on: monday, maxSessionSeconds: 3600) == nil)
    }
}
