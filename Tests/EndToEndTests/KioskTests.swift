import Foundation
import Testing

/// A store with two employees and one allowed access point, and the office's configuration with
/// the policy's own duplicate window and a simulated link on `bssid`.
func kioskSandbox(bssid: String = Office.bssid, extraPolicy: String = "", kiosk: String = "") throws -> Sandbox {
    let s = Sandbox(config: Office.config(policy: extraPolicy, kiosk: kiosk, link: bssid, duplicatePunchSeconds: nil))
    #expect(try s.run("employee", "add", "E001", "--name", "Asha Rao").status == 0)
    #expect(try s.run("employee", "add", "E002", "--name", "Bo Chen").status == 0)
    #expect(
        try s.run("wifi", "allow", "--bssid", "AA-BB-CC-DD-EE-01", "--ssid", "OfficeNet", "--location", "HQ lobby")
            .status == 0)
    return s
}

@Suite("Kiosk in a pseudo-terminal", .serialized)
struct KioskTests {
    @Test(
        "no store (and no [central]): out of service, naming the path, none made; starts once it is there"
    )
    func noStoreNoKiosk() throws {
        let s = Sandbox(config: Office.config(policy: "", kiosk: "", link: Office.bssid, duplicatePunchSeconds: nil))
        let kiosk = try KioskSession(sandbox: s)
        let screen = words(of: try kiosk.waitFor("OUT OF SERVICE"))
        #expect(screen.contains("no store at"), "\(screen)")
        #expect(!screen.contains("Employee code"))
        // It tries again every few seconds, and still makes none.
        Thread.sleep(forTimeInterval: 6)
        #expect(try kiosk.screen().contains("OUT OF SERVICE"))
        #expect(!FileManager.default.fileExists(atPath: s.store))
        // Once the manager has made the store, the kiosk starts by itself.
        #expect(try s.run("employee", "add", "E001", "--name", "Asha Rao").status == 0)
        try kiosk.waitFor("Employee code", timeout: 15)
        let pid = try #require(try kiosk.kioskPID())
        kill(pid, SIGTERM)
        #expect(try kiosk.waitFor("KIOSK-ENDED").contains("KIOSK-ENDED 0"))
    }

    @Test("a 40×10 screen keeps the code prompt and every action; a long name is cut before its code is")
    func smallScreenAndLongNames() throws {
        let s = try kioskSandbox()
        let long = "Maria Fernanda de los Angeles Guadalupe Gonzalez Rodriguez Hernandez"
        #expect(try s.run("employee", "add", "E031", "--name", long + " Sr").status == 0)
        let small = try KioskSession(sandbox: s, size: (40, 10))
        try small.waitFor("Employee code: _")
        try small.send("E00")
        let typed = try small.waitFor("Employee code: E00_")
        #expect(typed.contains("Employee code: E00_"), "\(typed)")
        try small.send("1", "Enter")
        let menu = try small.waitFor("[X] Cancel")
        #expect(menu.contains("[I] Mark IN") && menu.contains("[C] My calendar"), "\(menu)")
        try small.send("x")
        try small.waitFor("Employee code: _")

        let wide = try KioskSession(sandbox: s, size: (80, 24))
        try wide.waitFor("Employee code: _")
        try wide.send("E031", "Enter")
        let greeting = try wide.waitFor("(E031)")
        let line = try #require(greeting.split(separator: "\n").first { $0.contains("(E031)") })
        #expect(line.contains("Hi Maria Fernanda") && line.contains("… (E031)"), "\(line)")
        #expect(line.count <= 80)
    }

    @Test("mark in, mark in again refused, mark out: the screen says so and the store agrees")
    func markInAndOut() throws {
        let s = try kioskSandbox(extraPolicy: "duplicate_punch_seconds = 0")
        let kiosk = try KioskSession(sandbox: s)
        var screen = try kiosk.waitFor("Employee code")
        #expect(screen.contains("Test Office"))
        #expect(screen.contains("SIMULATED"))
        #expect(screen.contains("✓ WiFi OfficeNet (aa:bb:cc:dd:ee:01) — HQ lobby"))
        try kiosk.send("E001", "Enter")
        screen = try kiosk.waitFor("Hi Asha Rao (E001)")
        #expect(screen.contains("not marked in yet today"))
        #expect(screen.contains("[I] Mark IN") && !screen.contains("Mark OUT"))
        try kiosk.send("i")
        screen = try kiosk.waitFor("MARKED IN")
        #expect(screen.contains("✓ MARKED IN"))
        #expect(
            try s.sqlite("SELECT kind, source, bssid, location FROM punch")
                == "in|simulated|aa:bb:cc:dd:ee:01|HQ lobby\n")

        // Back to idle with a key; the same person again, past the minutes after a mark-in when
        // the menu starts on Cancel: only OUT is offered now, and it is the menu's choice.
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code")
        s.clock.set(time: "10:10")
        try kiosk.send("e001", "Enter")
        screen = try kiosk.waitFor("Hi Asha Rao")
        #expect(screen.contains("in since") && screen.contains("[O] Mark OUT") && !screen.contains("Mark IN"))
        // Pressing i anyway does nothing: IN is not an action that applies. Keys are taken in
        // order, so had it done anything, Enter would not reach this menu's Mark OUT.
        try kiosk.send("i")
        try kiosk.send("Enter")  // the selected action: Mark OUT
        screen = try kiosk.waitFor("MARKED OUT")
        #expect(screen.contains("worked"))
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in,out\n")
    }

    @Test("a second Enter minutes after the IN does not mark OUT; O does, in blue with its own mark")
    func hurriedEnterAfterMarkIn() throws {
        let s = try kioskSandbox(extraPolicy: "duplicate_punch_seconds = 0")
        let (kiosk, marked) = try kioskAfterMarkIn(s)
        #expect(marked.contains("✓ MARKED IN"))
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code")

        // Code, Enter, and Enter again once the menu is up: it came up on Cancel, and says why.
        try kiosk.send("E001", "Enter")
        let menu = words(of: try kiosk.waitFor("[O] Mark OUT"))
        #expect(menu.contains("You marked IN only minutes ago: press O only if you are leaving now."), "\(menu)")
        try kiosk.send("Enter")
        try kiosk.waitFor("Employee code: _")
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in\n")

        // O still marks out.
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("[O] Mark OUT")
        try kiosk.send("o")
        let screen = try kiosk.waitFor("MARKED OUT")
        #expect(screen.contains("← MARKED OUT") && !screen.contains("✓ MARKED OUT"), "\(screen)")
        let title = try #require(try kiosk.rawScreen().split(separator: "\n").first { $0.contains("MARKED OUT") })
        #expect(title.contains("34m") && !title.contains("32m"), "\(title)")
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in,out\n")
    }

    @Test("the menu tells a person of their own forgotten mark-out, the latest two dates at most")
    func menuNamesMissingMarkOut() throws {
        let s = try kioskSandbox()
        for day in 0...2 {
            s.clock.set(day: day, time: "09:00")
            #expect(try s.run("mark", "in", "E001").status == 0)
        }
        s.clock.set(day: 3, time: "10:00")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        let menu = words(of: try kiosk.waitFor("[I] Mark IN"))
        let (second, third) = (
            ScenarioClock.format(ScenarioClock.instant(day: 1, time: "12:00"), "EEE d MMM"),
            ScenarioClock.format(ScenarioClock.instant(day: 2, time: "12:00"), "EEE d MMM")
        )
        #expect(
            menu.contains("You did not mark out on \(second) and \(third) — press R to ask for corrections"), "\(menu)")
        // Someone with nothing open is told nothing of the kind.
        try kiosk.send("x")
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        #expect(!(try kiosk.waitFor("[I] Mark IN")).contains("did not mark out"))
    }

    @Test("back from My calendar, Enter opens it again: the key that closed it never marks")
    func calendarThenEnter() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("Hi Asha Rao (E001)")
        try kiosk.send("c")
        var screen = try kiosk.waitFor("Enter: back. Left and right")
        #expect(screen.contains("Asha Rao"))
        // Enter closes the calendar; a second Enter, as a hurried person presses it, acts on the
        // menu's chosen action. It must be the calendar again, not Mark IN.
        try kiosk.send("Enter")
        try kiosk.send("Enter")
        screen = try kiosk.waitFor(anyOf: ["MARKED IN", "Enter: back. Left and right"])
        #expect(!screen.contains("MARKED IN"))
        try kiosk.send("Escape")
        screen = try kiosk.waitFor("Hi Asha Rao (E001)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
        // The letter still marks, and the arrows still reach Mark IN.
        try kiosk.send("Up", "Enter")
        screen = try kiosk.waitFor(anyOf: ["MARKED IN", "Enter: back. Left and right"])
        #expect(screen.contains("MARKED IN"), "\(screen)")
        #expect(try s.sqlite("SELECT kind FROM punch") == "in\n")
    }

    @Test("in My calendar the arrows show the month before and after; Enter still goes back to the menu")
    func calendarOtherMonths() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s)
        let noon = ScenarioClock.instant(day: 0, time: "12:00")
        func title(_ months: Int) throws -> String {
            let date = try #require(ScenarioClock.calendar.date(byAdding: .month, value: months, to: noon))
            return "Asha Rao · " + ScenarioClock.format(date, "MMMM yyyy")
        }
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("Hi Asha Rao (E001)")
        try kiosk.send("c")
        try kiosk.waitFor(try title(0))
        try kiosk.send("Left")
        try kiosk.waitFor(try title(-1))
        try kiosk.send("Right", "Right")
        try kiosk.waitFor(try title(1))
        // Two months ahead is as far as it goes.
        try kiosk.send("Right", "Right", "Right")
        try kiosk.waitFor(try title(2))
        Thread.sleep(forTimeInterval: 1)
        #expect(try kiosk.screen().contains(try title(2)))
        try kiosk.send("Enter")
        try kiosk.waitFor("Hi Asha Rao (E001)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("in My calendar up and down page through every flagged day; holidays are named, planned days shown")
    func calendarForTheEmployee() throws {
        let s = try kioskSandbox()
        let calendar = ScenarioClock.calendar
        let noon = ScenarioClock.instant(day: 0, time: "12:00")
        func month(_ months: Int) throws -> [Date] {
            let shifted = try #require(calendar.date(byAdding: .month, value: months, to: noon))
            let first = try #require(calendar.date(from: calendar.dateComponents([.year, .month], from: shifted)))
            let days = try #require(calendar.range(of: .day, in: .month, for: first))
            return days.compactMap { calendar.date(byAdding: .day, value: $0 - 1, to: first) }
        }
        func weekdays(_ dates: [Date]) -> [Date] { dates.filter { !calendar.isDateInWeekend($0) } }
        func day(_ date: Date) -> String { ScenarioClock.format(date, "yyyy-MM-dd") }
        let start = try #require(calendar.date(byAdding: .month, value: -3, to: noon))
        #expect(try s.run("employee", "edit", "E001", "--start-date", day(start)).status == 0)
        // Five late arrivals last month, brought in from the old clock.
        var csv = "code,timestamp,kind\n"
        for date in weekdays(try month(-1)).prefix(5) {
            csv += "E001,\(day(date))T11:00:00\(ScenarioClock.format(date, "xxx")),in\n"
            csv += "E001,\(day(date))T18:00:00\(ScenarioClock.format(date, "xxx")),out\n"
        }
        let file = s.folder + "/old-clock.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try s.run("import", "punches", file)
        #expect(imported.status == 0, "\(imported.err)")
        // Next month: a holiday, and a day of leave, both still to come.
        let next = weekdays(try month(1))
        let (holiday, leave) = (next[6], next[8])
        #expect(try s.run("holiday", "add", day(holiday), "--name", "Founders' Day").status == 0)
        #expect(try s.run("leave", "add", "E001", day(leave), "--reason", "wedding").status == 0)

        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("Hi Asha Rao (E001)")
        try kiosk.send("c")
        try kiosk.send("Left")
        var screen = try kiosk.waitFor("Flagged days 1–3 of 5 (up and down for the others):")
        #expect(screen.contains("Times the office entered from another clock: "), "\(screen)")
        #expect(!screen.contains("imported"), "\(screen)")
        #expect(screen.contains("Enter: back. Left and right: other months. Up and down: other flagged days."))
        try kiosk.send("Down")
        screen = try kiosk.waitFor("Flagged days 4–5 of 5 (up and down for the others):")
        let lateDays = weekdays(try month(-1)).prefix(5).map { calendar.component(.day, from: $0) }
        for late in lateDays.suffix(2) {
            #expect(screen.contains((late < 10 ? " " : "") + "\(late)" + "  L   late by 1h 30m"), "\(screen)")
        }
        // Past the last page it stays there; up goes back.
        try kiosk.send("Down")
        try kiosk.send("Up")
        try kiosk.waitFor("Flagged days 1–3 of 5 (up and down for the others):")

        try kiosk.send("Right", "Right")
        screen = try kiosk.waitFor("Holidays: ")
        let holidayDay = calendar.component(.day, from: holiday)
        let weekday = ScenarioClock.format(holiday, "EEE")
        #expect(screen.contains("Holidays: \(weekday) \(holidayDay) Founders' Day\n"), "\(screen)")
        let leaveDay = calendar.component(.day, from: leave)
        #expect(screen.contains((leaveDay < 10 ? " " : "") + "\(leaveDay)" + " LV"), "\(screen)")
        #expect(screen.contains((holidayDay < 10 ? " " : "") + "\(holidayDay)" + " H "), "\(screen)")
        // Planned, not counted: the month's summary has no LV or H yet.
        #expect(screen.contains("LV 0"), "\(screen)")
        try kiosk.send("Enter")
        try kiosk.waitFor("Hi Asha Rao (E001)")
    }

    @Test("a second IN from another path is refused with 'already marked in', nothing stored")
    func alreadyIn() throws {
        let s = try kioskSandbox(extraPolicy: "duplicate_punch_seconds = 0")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        try kiosk.waitFor("[I] Mark IN")
        // Meanwhile a badge reader marks E002 in.
        #expect(try s.run("mark", "in", "E002").status == 0)
        try kiosk.send("i")
        let screen = try kiosk.waitFor("Already marked in")
        #expect(screen.contains("mark out first"))
        #expect(screen.contains("Nothing was recorded."))
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "1\n")
    }

    @Test("an IN again within the window after an OUT is not stored, and the screen says the person is OUT")
    func duplicate() throws {
        let s = try kioskSandbox()
        // A badge reader marked E001 in and out seconds ago.
        #expect(try s.run("mark", "in", "E001").status == 0)
        #expect(try s.run("mark", "out", "E001").status == 0)
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("[I] Mark IN")
        try kiosk.send("i")
        let screen = try kiosk.waitFor("already recorded at")
        #expect(screen.contains("IN already recorded at") && screen.contains("NOT recorded again"), "\(screen)")
        #expect(screen.contains("came after it: you are marked OUT now."), "\(screen)")
        #expect(!screen.contains("nothing more to do"), "\(screen)")
        #expect(try s.sqlite("SELECT group_concat(kind) FROM punch") == "in,out\n")
        // The command line says the same.
        let again = try s.run("mark", "in", "E001")
        #expect(again.status == 12 && again.err.contains("so E001 Asha Rao is marked OUT now"), "\(again.err)")
    }

    @Test("an employee deactivated while their menu is up cannot mark from it")
    func deactivatedWhileMenuIsUp() throws {
        let s = try kioskSandbox()
        #expect(try s.run("employee", "edit", "E002", "--start-date", ScenarioClock.day(-7)).status == 0)
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        try kiosk.waitFor("[I] Mark IN")
        let left = try s.run("employee", "deactivate", "E002", "--end-date", ScenarioClock.day(-1))
        #expect(left.status == 0, "\(left.err)")
        try kiosk.send("i")
        let screen = try kiosk.waitFor("cannot mark today")
        #expect(screen.contains("NOT recorded") && screen.contains("Bo Chen (E002)"), "\(screen)")
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("a code typed while someone else's menu is still up starts a new code; it never chooses their action")
    func nextPersonTypesOverAMenu() throws {
        let s = try kioskSandbox()
        #expect(try s.run("employee", "add", "1001", "--name", "Dev Rao").status == 0)
        #expect(try s.run("employee", "add", "2002", "--name", "Eva Lind").status == 0)
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        for (first, next, name) in [("E002", "E001", "Asha Rao"), ("2002", "1001", "Dev Rao")] {
            try kiosk.send(first, "Enter")
            try kiosk.waitFor("[I] Mark IN")
            // The next person types their code and Enter over the open menu.
            try kiosk.send(next, "Enter")
            let menu = try kiosk.waitFor("Hi \(name)")
            #expect(menu.contains("(\(next))"), "\(menu)")
            try kiosk.send("x")
            try kiosk.waitFor("Employee code: _")
        }
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("an unknown code is refused plainly and nothing is stored")
    func unknownCode() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("NOBODY", "Enter")
        let screen = try kiosk.waitFor("Unknown code or wrong PIN")
        #expect(screen.contains("Nothing was recorded"))
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("a BSSID that is not allowed is refused, shows what the kiosk sees, records nothing")
    func wifiNotAllowed() throws {
        let s = try kioskSandbox(bssid: "66:55:44:33:22:11")
        let kiosk = try KioskSession(sandbox: s)
        var screen = try kiosk.waitFor("Employee code")
        #expect(screen.contains("✗ WiFi not approved: OfficeNet (66:55:44:33:22:11)"))
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("[I] Mark IN")
        try kiosk.send("i")
        screen = try kiosk.waitFor("WiFi not approved — NOT recorded")
        #expect(screen.contains("Seen: SSID OfficeNet, BSSID 66:55:44:33:22:11 [SIMULATED]"))
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")
    }

    @Test("Ctrl-C, Ctrl-Z, Ctrl-\\ and Ctrl-D do nothing; SIGTERM ends it and restores the terminal")
    func lockdownAndRestore() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        #expect(try kiosk.format("#{alternate_on}") == "1")
        try kiosk.send("E0")
        for key in ["C-c", "C-z", "C-\\", "C-d", "C-c"] { try kiosk.send(key) }
        // Keys are taken in order: the 1 typed after them shows only if the kiosk ignored them.
        try kiosk.send("1")
        var screen = try kiosk.waitFor("Employee code: E01_")
        #expect(!screen.contains("KIOSK-ENDED"))
        let pid = try #require(try kiosk.kioskPID())
        kill(pid, SIGTERM)
        screen = try kiosk.waitFor("KIOSK-ENDED")
        #expect(screen.contains("KIOSK-ENDED 0"))
        #expect(try kiosk.format("#{alternate_on}") == "0")
        #expect(try kiosk.format("#{cursor_flag}") == "1")
        let stty = try String(contentsOfFile: s.folder + "/stty-after", encoding: .utf8)
        let settings = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for setting in ["icanon", "echo", "isig", "icrnl", "opost", "ixon"] {
            #expect(settings.contains(setting), "terminal setting \(setting) not restored")
        }
    }

    @Test("SIGUSR1 (any signal that would end it where it stands) ends it in order, the terminal restored")
    func otherSignalsRestore() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        let pid = try #require(try kiosk.kioskPID())
        kill(pid, SIGUSR1)
        try kiosk.waitFor("KIOSK-ENDED")
        #expect(try kiosk.format("#{alternate_on}") == "0")
        #expect(try kiosk.format("#{cursor_flag}") == "1")
        let stty = try String(contentsOfFile: s.folder + "/stty-after", encoding: .utf8)
        #expect(stty.contains(" icanon") && stty.contains(" echo"), "\(stty)")
    }

    @Test("a name with ESC[2J, an OSC title and a C1 byte is shown without any control bytes")
    func hostileName() throws {
        let s = try kioskSandbox()
        _ = try s.sqlite(
            "UPDATE employee SET name = 'Eve' || char(27) || '[2J' || char(27) || ']0;PWNED' || char(7) || char(155) || '31m' || char(8238) || 'X' WHERE code = 'E002'"
        )
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        let title = try kiosk.format("#{pane_title}")
        try kiosk.send("E002", "Enter")
        let screen = try kiosk.waitFor("Hi Eve")
        #expect(screen.contains("Hi Eve␛[2J␛]0;PWNED␇�31m�X (E002)"))
        #expect(screen.contains("Test Office"))  // the screen was not cleared by the name
        #expect(try kiosk.format("#{pane_title}") == title)  // nor its title changed
        let raw = try kiosk.rawScreen()
        #expect(!raw.contains("PWNED\u{07}") && !raw.contains("\u{1B}]") && !raw.contains("\u{1B}[2J"))
        #expect(!raw.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
    }

    /// E001 marks in at the kiosk at `time` on the scenario's day; the confirmation screen.
    func markInAtKiosk(_ s: Sandbox, at time: String) throws -> String {
        s.clock.set(time: time)
        return try kioskAfterMarkIn(s).screen
    }

    /// Every day a working day: the scenario's day may be a weekend, and nobody is late on a
    /// weekly off (docs/rules.md, status rule 4).
    static let everyDay = #"working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#

    @Test("late arrival: marked in at 09:47 is late by 17 min")
    func lateArrival() throws {
        let s = try kioskSandbox(extraPolicy: Self.everyDay)
        #expect(try markInAtKiosk(s, at: "09:47").contains("✓ MARKED IN 09:47 — late by 17 min"))
        #expect(try s.sqlite("SELECT attendance_date FROM punch") == "\(ScenarioClock.day())\n")
    }

    @Test("the minute a person sees decides: IN at 09:45:40 is on time and P, at 09:46:00 late by 16 min and L")
    func lateToTheMinute() throws {
        let s = try kioskSandbox(extraPolicy: Self.everyDay)
        #expect(try markInAtKiosk(s, at: "09:45:40").contains("✓ MARKED IN 09:45 — on time"))

        s.clock.set(time: "09:46:00")
        let late = try s.run("mark", "in", "E002")
        #expect(
            late.out.hasPrefix("IN E002 Bo Chen at 09:46 on \(ScenarioClock.day()) — late by 16 min"), "\(late.out)")

        // Both leave at 18:00; the next day the calendars and the register agree.
        s.clock.set(time: "18:00")
        #expect(try s.run("mark", "out", "E001").status == 0)
        #expect(try s.run("mark", "out", "E002").status == 0)
        // A second OUT is refused as the kiosk's menu would put it: out since when, worked how long.
        s.clock.set(time: "18:30")
        let again = try s.run("mark", "out", "E001")
        #expect(again.status == 11, "\(again.err)")
        #expect(again.err.contains("not marked in today — out since 18:00 — worked 8h 14m today"), "\(again.err)")
        s.clock.set(day: 1, time: "12:00")
        let onTime = try s.run("calendar", "E001", "--day", ScenarioClock.day()).out
        let isLate = try s.run("calendar", "E002", "--day", ScenarioClock.day()).out
        #expect(onTime.contains("Status:   P  present") && !onTime.contains("late"), "\(onTime)")
        #expect(isLate.contains("Status:   L  late") && isLate.contains("late by 16 min"), "\(isLate)")
        #expect(onTime.contains("  09:45  IN ") && onTime.contains("Worked:   8h 14m"), "\(onTime)")

        // The register's payroll export counts one late date, Bo's.
        let csv = try s.run("register", "--month", ScenarioClock.month(), "--format", "csv").out
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let date = try #require(rows.first?.firstIndex { $0 == ScenarioClock.day() })
        let lateCount = try #require(rows.first?.firstIndex { $0 == "late" })
        #expect(rows.dropFirst().map { "\($0[0]) \($0[date]) \($0[lateCount])" } == ["E001 P 0", "E002 L 1"], "\(csv)")
    }

    @Test("a mark-out at 01:30 belongs to the previous attendance date")
    func markOutAfterMidnight() throws {
        let s = try kioskSandbox()
        s.clock.set(time: "21:00")
        let marked = try s.run("mark", "in", "E001")
        #expect(marked.status == 0, "\(marked.err)")
        s.clock.set(day: 1, time: "01:30")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        var screen = try kiosk.waitFor("[O] Mark OUT")
        #expect(screen.contains("in since 21:00"))
        try kiosk.send("o")
        screen = try kiosk.waitFor("MARKED OUT")
        #expect(screen.contains("MARKED OUT 01:30 — worked 4h 30m today"))
        let day = ScenarioClock.day()
        #expect(try s.sqlite("SELECT kind, attendance_date FROM punch ORDER BY id") == "in|\(day)\nout|\(day)\n")
    }

    @Test("a mark-in on a full day of leave says so, not 'on time' or 'late'")
    func markInOnLeave() throws {
        // Every day a working day: the scenario's day may be a Sunday, where leave is not taken.
        let s = try kioskSandbox(extraPolicy: #"working_days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#)
        #expect(try s.run("leave", "add", "E001", ScenarioClock.day(), "--reason", "annual leave").status == 0)
        s.clock.set(time: "13:00")
        let marked = try s.run("mark", "in", "E001")
        #expect(marked.status == 0, "\(marked.err)")
        #expect(marked.out.contains("— on leave today: the date stays LV ("), "\(marked.out)")
    }

    @Test("a mark-in on a weekly off or a holiday says so, not 'on time' or 'late'")
    func markInOnDayOff() throws {
        let today = ScenarioClock.day()
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd"
        let weekday = try #require(parser.date(from: today)).formatted(
            Date.FormatStyle(locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)
                .weekday(.abbreviated)
        ).lowercased()
        // Every day a working day but the scenario's: today is a weekly off.
        let others = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].filter { $0 != weekday }
        #expect(others.count == 6)
        let off = try kioskSandbox(
            extraPolicy: "working_days = [" + others.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        #expect(try markInAtKiosk(off, at: "11:00").contains("✓ MARKED IN 11:00 — a day off: the time worked counts"))

        // A holiday on a working day is named.
        let holiday = try kioskSandbox(extraPolicy: Self.everyDay)
        #expect(try holiday.run("holiday", "add", today, "--name", "Founders' Day").status == 0)
        holiday.clock.set(time: "11:00")
        let marked = try holiday.run("mark", "in", "E001")
        #expect(marked.status == 0, "\(marked.err)")
        #expect(marked.out.contains("— Founders' Day is a holiday: the time worked counts"), "\(marked.out)")
    }

    @Test("a mark-out ending a session longer than max_session_hours says it is not counted")
    func markOutAfterTooLongASession() throws {
        let s = try kioskSandbox()
        s.clock.set(time: "05:00")
        #expect(try s.run("mark", "in", "E001").status == 0)
        #expect(try s.run("mark", "in", "E002").status == 0)
        // 22 hours later, still the same attendance date (it turns at 04:00).
        s.clock.set(day: 1, time: "03:00")
        let out = try s.run("mark", "out", "E001")
        #expect(out.status == 0, "\(out.err)")
        #expect(
            out.out.contains(
                "worked 0 min today — this session was longer than 16 h, so it is not counted; your manager will correct it"
            ), "\(out.out)")
        // At the kiosk the menu says why it shows 0 min, and the whole sentence is on the screen.
        s.clock.set(day: 1, time: "03:00")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        let menu = try kiosk.waitFor("[O] Mark OUT")
        #expect(menu.contains("in since 05:00 — over 16 h, not counted: ask your manager"), "\(menu)")
        try kiosk.send("o")
        let screen = try kiosk.waitFor("MARKED OUT")
        let text = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(
            text.contains("This session was longer than 16 h, so it is not counted; your manager will correct it."),
            "\(screen)")
    }

    @Test("idle timeout clears a half-typed code and returns any screen to idle")
    func idleTimeout() throws {
        let s = try kioskSandbox(kiosk: "idle_seconds = 5")
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")
        try kiosk.send("E001", "Enter")
        try kiosk.waitFor("Hi Asha Rao")
        let screen = try kiosk.waitFor("Employee code: _", timeout: 9)
        #expect(screen.contains("Employee code: _") && !screen.contains("Hi Asha"))
    }

    @Test("at TERM=linux the kiosk uses ASCII marks, and NO_COLOR leaves colours out")
    func linuxConsole() throws {
        let s = try kioskSandbox()
        let kiosk = try KioskSession(sandbox: s, environment: ["TERM": "linux", "NO_COLOR": "1"])
        let screen = try kiosk.waitFor("Employee code")
        #expect(screen.contains("OK WiFi OfficeNet (aa:bb:cc:dd:ee:01)"))
        #expect(!screen.contains("✓"))
        let raw = try kiosk.rawScreen()
        #expect(!raw.contains("[32m") && !raw.contains(";32m") && !raw.contains("38;5"))
    }
}

@Suite("Kiosk PINs", .serialized)
struct KioskPINTests {
    @Test("a wrong PIN and an unknown code look the same; 10 wrong PINs lock the code, even against the right PIN")
    func wrongPINThenLockOut() throws {
        let s = try kioskSandbox()
        let pepper = ["ATTENDANCE_PEPPER": s.folder + "/pepper"]
        #expect(try s.run("employee", "set-pin", "E002", input: "2468\n2468\n", extra: pepper).status == 0)
        let kiosk = try KioskSession(sandbox: s)
        try kiosk.waitFor("Employee code")

        // A real code and a made-up one get the same PIN screen, showing only what was typed.
        try kiosk.send("E002", "Enter")
        var screen = try kiosk.waitFor("PIN:")
        #expect(screen.contains("Code E002") && !screen.contains("Bo Chen"))
        try kiosk.send("9999", "Enter")
        let wrongPIN = try kiosk.waitFor("Unknown code or wrong PIN")
        try kiosk.send("Escape")
        try kiosk.waitFor("Employee code")
        try kiosk.send("NOBODY", "Enter")
        screen = try kiosk.waitFor("PIN:")
        #expect(screen.contains("Code NOBODY"))
        try kiosk.send("9999", "Enter")
        let unknown = try kiosk.waitFor("Unknown code or wrong PIN")
        func body(_ screen: String) -> [Substring] { screen.split(separator: "\n").dropFirst(2).dropLast(2).map { $0 } }
        #expect(body(wrongPIN) == body(unknown))

        // Nine more wrong PINs from a badge reader, each two minutes on, past the growing delay.
        for attempt in 2...10 {
            s.clock.advance(by: 120)
            let result = try s.run("mark", "in", "E002", input: "1111\n", extra: pepper)
            #expect(result.status == (attempt == 10 ? 15 : 14), "attempt \(attempt): \(result.err)")
        }
        try kiosk.send("Escape")
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        try kiosk.waitFor("PIN:")
        try kiosk.send("2468", "Enter")
        screen = try kiosk.waitFor("This code is locked")
        #expect(screen.contains("Ask your manager to unlock it"))
        #expect(try s.sqlite("SELECT count(*) FROM punch") == "0\n")

        // The manager unlocks; the right PIN works again.
        #expect(try s.run("employee", "unlock", "E002").status == 0)
        try kiosk.send("Escape")
        try kiosk.waitFor("Employee code")
        try kiosk.send("E002", "Enter")
        try kiosk.waitFor("PIN:")
        try kiosk.send("2468", "Enter")
        screen = try kiosk.waitFor("Hi Bo Chen")
        #expect(screen.contains("[I] Mark IN"))
    }
}

/// A kiosk on `s` where E001 has just marked in, and its confirmation screen.
func kioskAfterMarkIn(_ s: Sandbox) throws -> (kiosk: KioskSession, screen: String) {
    let kiosk = try KioskSession(sandbox: s)
    try kiosk.waitFor("Employee code")
    try kiosk.send("E001", "Enter")
    try kiosk.waitFor("[I] Mark IN")
    try kiosk.send("i")
    return (kiosk, try kiosk.waitFor("MARKED IN"))
}
