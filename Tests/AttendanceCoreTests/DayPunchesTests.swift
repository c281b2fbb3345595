import Foundation
import Testing

@testable import AttendanceCore

/// docs/rules.md "Punches" 5: sessions, worked time, gaps.
@Suite("Sessions of a date")
struct DayPunchesTests {
    let day = "2026-03-02"

    func pair(_ specs: [String], maxSessionHours: Double = 16) -> DayPunches {
        DayPunches(Fixture.punches(specs, on: day), maxSessionHours: maxSessionHours)
    }

    @Test("worked time is the sum of the sessions and the time between them is a gap")
    func sessionsAndGaps() {
        let punches = pair(["in 09:00", "out 12:30", "in 13:15", "out 18:05"])
        #expect(punches.sessions.count == 2)
        #expect(punches.workedSeconds == 30_000)  // 3 h 30 min + 4 h 50 min
        #expect(punches.gaps.map(\.length) == [45 * 60])
        #expect(punches.gaps.first?.start == Fixture.instant("2026-03-02 12:30"))
        #expect(punches.gaps.first?.end == Fixture.instant("2026-03-02 13:15"))
        #expect(punches.firstIn == Fixture.instant("2026-03-02 09:00"))
        #expect(punches.lastOut == Fixture.instant("2026-03-02 18:05"))
        #expect(punches.openSession == nil)
        #expect(!punches.hasOpenSession)
    }

    @Test("punches are paired in time order, not in the order given")
    func timeOrder() {
        let ordered = Fixture.punches(["in 09:00", "out 12:00", "in 13:00", "out 17:00"], on: day)
        let punches = DayPunches(ordered.reversed(), maxSessionHours: 16)
        #expect(punches.punches == ordered)
        #expect(punches.workedSeconds == 7 * 3600)
    }

    @Test("an IN without an OUT is an open session that adds nothing until it closes")
    func openSession() throws {
        let punches = pair(["in 09:00", "out 12:00", "in 13:00"])
        let open = try #require(punches.openSession)
        #expect(open.start == Fixture.instant("2026-03-02 13:00"))
        #expect(open.length == nil)
        #expect(punches.workedSeconds == 3 * 3600)
        #expect(punches.workedSeconds(until: Fixture.instant("2026-03-02 14:30")) == 4.5 * 3600)
        #expect(punches.lastOut == Fixture.instant("2026-03-02 12:00"))
        #expect(punches.gaps.map(\.length) == [3600])
    }

    @Test(
        "a session longer than max_session_hours is not counted",
        arguments: [
            (hours: 16.0, counted: true), (hours: 16.0 + 1.0 / 60, counted: false),
        ])
    func overMax(hours: Double, counted: Bool) {
        let out = hours == 16 ? "out 21:00" : "out 21:01"
        let punches = pair(["in 05:00", out])
        #expect(punches.sessions.first?.isOverMax == !counted)
        #expect(punches.sessionsOverMax.count == (counted ? 0 : 1))
        #expect(punches.workedSeconds == (counted ? 16 * 3600 : 0))
    }

    @Test("an OUT with no open session pairs with nothing")
    func unpairedOut() {
        let punches = pair(["out 08:00", "in 09:00", "out 17:00", "out 17:30"])
        #expect(punches.unpairedPunches.map(\.id) == [1, 4])
        #expect(punches.sessions.count == 1)
        #expect(punches.workedSeconds == 8 * 3600)
    }

    @Test("an IN after an IN leaves the first session open for good and starts another")
    func inAfterIn() {
        let punches = pair(["in 09:00", "in 13:00", "out 18:00"])
        #expect(punches.sessions.map(\.isOpen) == [true, false])
        #expect(punches.hasOpenSession)
        #expect(punches.openSession == nil)
        #expect(punches.workedSeconds == 5 * 3600)
        #expect(punches.gaps.isEmpty)
    }

    @Test("a kiosk punch recorded after a later one means the clock went back")
    func clockWentBack() {
        var punches = Fixture.punches(["in 09:00", "out 08:55"], on: day)
        #expect(DayPunches(punches, maxSessionHours: 16).clockWentBack)
        // A manager adding a forgotten IN after the fact is not a clock problem.
        punches[1] = Fixture.punch(.in, "2026-03-02 08:00", id: 2, source: .manual)
        #expect(!DayPunches(punches, maxSessionHours: 16).clockWentBack)
        #expect(!pair(["in 09:00", "out 17:00"]).clockWentBack)
    }

    /// Each kiosk's ids are its own recording order: punches synced from other kiosks are judged
    /// against their own kiosk's, whichever kiosk came first in the day.
    @Test(
        "the clock went back only when one kiosk's ids go back in time order",
        arguments: [
            // (kiosk, id) of each punch, in time order 08:00, 09:00, …; then the expected flag.
            ([("A", 10), ("B", 5), ("A", 11), ("B", 6)], false),
            ([("A", 10), ("B", 5), ("A", 11), ("B", 4)], true),
            ([("A", 10), ("B", 3), ("A", 9)], true),
            ([("A", 10), ("B", 3), ("C", 1), ("B", 4), ("C", 2), ("A", 12)], false),
            ([("A", 10), ("B", 3), ("C", 2), ("C", 1)], true),
            ([("", 7), ("B", 1), ("", 8)], false),
        ] as [([(String, Int64)], Bool)])
    func clockWentBackPerKiosk(punches recorded: [(String, Int64)], expected: Bool) {
        let punches = recorded.enumerated().map { index, entry in
            var punch = Fixture.punch(
                index.isMultiple(of: 2) ? .in : .out, "2026-03-02 \(String(format: "%02d", 8 + index)):00", id: entry.1)
            punch.origin = entry.0.isEmpty ? nil : entry.0
            return punch
        }
        #expect(DayPunches(punches, maxSessionHours: 16).clockWentBack == expected)
    }

    @Test(
        "the figures the rules read agree with the sessions",
        arguments: [
            (["in 09:00", "out 17:00"], false, false, false, false),
            (["in 09:00"], true, false, false, false),
            (["in 09:00", "in 13:00", "out 18:00"], true, true, false, false),
            (["out 08:00", "in 09:00", "out 17:00"], false, false, false, true),
            (["in 04:30", "out 21:00"], false, false, true, false),
        ])
    func figures(specs: [String], open: Bool, leftOpen: Bool, overMax: Bool, unpaired: Bool) {
        let punches = pair(specs)
        #expect(punches.hasOpenSession == open)
        #expect(punches.hasOpenSession == punches.sessions.contains(where: \.isOpen))
        #expect(punches.hasSessionLeftOpen == leftOpen)
        #expect(punches.hasSessionOverMax == overMax)
        #expect(punches.hasSessionOverMax == !punches.sessionsOverMax.isEmpty)
        #expect(punches.hasUnpairedPunch == unpaired)
        #expect(punches.hasUnpairedPunch == !punches.unpairedPunches.isEmpty)
        #expect(punches.workedSeconds == punches.sessions.filter(\.isCounted).compactMap(\.length).reduce(0, +))
    }

    @Test("sessions keep their punches for day detail")
    func sessionPunches() {
        let punches = pair(["in 09:00", "out 12:30", "in 13:15"])
        #expect(punches.sessions.map(\.inPunch.id) == [1, 3])
        #expect(punches.sessions.map { $0.outPunch?.id } == [2, nil])
        #expect(punches.gaps.map(\.outPunch.id) == [2])
        #expect(punches.gaps.map(\.inPunch.id) == [3])
        #expect(punches.openSessionLength(until: Fixture.instant("2026-03-02 14:15")) == 3600)
        #expect(pair(["in 09:00", "out 12:30"]).openSessionLength(until: Fixture.instant("2026-03-02 14:15")) == nil)
    }

    @Test("an open session longer than max_session_hours adds nothing so far")
    func openOverMax() {
        let punches = pair(["in 09:00", "out 10:00", "in 11:00"])
        #expect(punches.workedSeconds(until: Fixture.instant("2026-03-03 03:00")) == 3600 + 16 * 3600)
        #expect(punches.workedSeconds(until: Fixture.instant("2026-03-03 03:01")) == 3600)
    }

    @Test("no punches: no sessions, no gaps, nothing worked")
    func empty() {
        let punches = pair([])
        #expect(punches.sessions.isEmpty && punches.gaps.isEmpty && punches.unpairedPunches.isEmpty)
        #expect(punches.workedSeconds == 0)
        #expect(punches.firstIn == nil && punches.lastOut == nil)
    }
}
