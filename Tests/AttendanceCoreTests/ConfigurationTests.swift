import AttendanceCore
import AttendanceLanguage
import Foundation
import Synchronization
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    let host = LocalZone(identifier: "Asia/Kolkata")!

    func issues(_ text: String) -> [String] {
        do {
            _ = try Configuration(parsing: text, file: "a.toml", hostZone: host, zones: .foundation)
            return []
        } catch {
            guard case .configuration(let issues) = error else { return ["unexpected: \(error)"] }
            return issues.map { Speech.english.sentence(for: $0) }
        }
    }

    @Test("the host's zone is asked for only when the file names none")
    func hostZoneOnlyWhenNeeded() throws {
        var asked = 0
        func hostZone() -> LocalZone {
            asked += 1
            return host
        }
        let named = try Configuration(
            parsing: "[policy]\ntimezone = \"Europe/Berlin\"\n", file: "a.toml", hostZone: hostZone(),
            zones: .foundation)
        #expect(named.policy.zone.identifier == "Europe/Berlin" && asked == 0)
        let dotted = try Configuration(
            parsing: "policy.timezone = \"America/New_York\"\n", file: "a.toml", hostZone: hostZone(),
            zones: .foundation)
        #expect(dotted.policy.zone.identifier == "America/New_York" && asked == 0)
        let unnamed = try Configuration(
            parsing: "[policy]\nshift_start = \"09:00\"\n", file: "a.toml", hostZone: hostZone(), zones: .foundation)
        #expect(unnamed.policy.zone == host && asked == 1)
        // A zone that does not exist is refused with its line, whatever the host's zone.
        #expect(issues("[policy]\ntimezone = \"Mars/Olympus\"\n").first?.contains("a.toml:2") == true)
    }

    @Test("the named zone's rules come from the database the caller passes, each file read once")
    func zoneFromThePassedDatabase() throws {
        let reads = Mutex<[String]>([])
        let database = ZoneDatabase { name in
            reads.withLock { $0.append(name) }
            return FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name).map { [UInt8]($0) }
        }
        let text = "[policy]\ntimezone = \"Europe/Berlin\"\n"
        for _ in 1...2 {
            let c = try Configuration(parsing: text, file: "a.toml", hostZone: host, zones: database)
            // 2026-03-29 01:00 UTC is 03:00 summer time in Berlin.
            #expect(c.policy.zone.offset(at: Date(timeIntervalSince1970: 1_774_746_000)) == 7_200)
        }
        #expect(reads.withLock { $0 } == ["Europe/Berlin"])
    }

    @Test("an empty file gives every default of docs/rules.md, in the host's zone")
    func defaults() throws {
        let c = try Configuration(parsing: "", file: "a.toml", hostZone: host, zones: .foundation)
        let p = c.policy
        #expect(p.zone.identifier == "Asia/Kolkata")
        #expect(p.shiftStart.description == "09:30")
        #expect(p.shiftEnd.description == "18:00")
        #expect(p.lateGraceMinutes == 15 && p.earlyExitGraceMinutes == 15)
        #expect(p.halfDayBelowHours == 4.0 && p.absentBelowHours == 1.0)
        #expect(p.workingDays == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(p.weekStarts == .monday)
        #expect(p.duplicatePunchSeconds == 60 && p.maxSessionHours == 16 && p.monthlyGoalDays == 0)
        #expect(p.dayChange.description == "04:00" && p.editWindowDays == 30)
        #expect(c.store.path == nil)
        #expect(c.wifi.source == .nl80211 && c.wifi.interface == nil)
        #expect(c.kiosk.officeName == "Head Office" && c.kiosk.idleSeconds == 20 && c.kiosk.confirmSeconds == 4)
        #expect(c.kiosk.requirePin == false && c.kiosk.exitCodeHash == nil)
    }

    @Test("the documented example config/attendance.toml is valid and says what it shows")
    func documentedExample() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/attendance.toml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let c = try Configuration(parsing: text, file: "attendance.toml", hostZone: host, zones: .foundation)
        // The zone is the host's unless set: the example names one only in a comment.
        #expect(c.policy.zone.identifier == host.identifier)
        #expect(text.contains("\n# timezone = \"Europe/Berlin\"\n"))
        #expect(c.store.path == "/var/lib/attendance/attendance.sqlite")
        // The exit code's line, appended as the file says, sets it (and is not set twice).
        let hashed = try Configuration(
            parsing: text + "exit_code_hash = \"pbkdf2-sha256$210000$c2FsdHNhbHRzYWx0c2FsdA$"
                + String(repeating: "A", count: 43) + "\"\n", file: "attendance.toml", hostZone: host,
            zones: .foundation)
        #expect(hashed.kiosk.exitCodeHash != nil)
        #expect(c.wifi.source == .nl80211)
        #expect(c.central == nil)
        // Its [central] section, commented out, is valid once the "# " is removed.
        let block = try #require(text.range(of: "# [central]\n"))
        let central = text[block.lowerBound...].split(separator: "\n").map { $0.dropFirst(2) }.joined(separator: "\n")
        let joined = try Configuration(
            parsing: String(text[..<block.lowerBound]) + central + "\n", file: "attendance.toml", hostZone: host,
            zones: .foundation)
        let settings = try #require(joined.central)
        #expect(settings.url == "postgresql://kiosk_hq@db.example.org:5432/attendance")
        #expect(settings.kioskID == "hq-entrance" && settings.tls == .require && settings.syncSeconds == 10)
        #expect(settings.passwordFile != nil && settings.caFile != nil)
    }

    @Test("every key set to a valid value is read")
    func allKeys() throws {
        let c = try Configuration(
            parsing: """
                # night shift office
                [policy]
                timezone = "America/New_York"
                shift_start = "22:00"
                shift_end = "06:00"   # next morning
                late_grace_minutes = 10
                early_exit_grace_minutes = 5
                half_day_below_hours = 3.5
                absent_below_hours = 0
                working_days = [
                  "sun", "mon",  # comment inside an array
                  "tue",
                ]
                week_starts = "sunday"
                duplicate_punch_seconds = 1_20
                max_session_hours = 12.5
                monthly_goal_days = 22
                day_change = "12:00"
                edit_window_days = 7
                [store]
                path = "/srv/att.sqlite"
                [wifi]
                source = "simulated"
                interface = "wlp2s0"
                ssid = 'Office\\xffNet'
                bssid = "AA-BB-CC-DD-EE-01"
                [kiosk]
                office_name = "Night Desk"
                idle_seconds = 30
                confirm_seconds = 2
                require_pin = true
                exit_code_hash = "pbkdf2-sha256$210000$c2FsdA$aGFzaA"
                """, file: "a.toml", hostZone: host, zones: .foundation)
        #expect(c.policy.zone.identifier == "America/New_York")
        #expect(c.policy.shiftCrossesMidnight)
        #expect(c.policy.lateGraceMinutes == 10 && c.policy.earlyExitGraceMinutes == 5)
        #expect(c.policy.halfDayBelowHours == 3.5 && c.policy.absentBelowHours == 0)
        #expect(c.policy.workingDays == [.sunday, .monday, .tuesday])
        #expect(c.policy.weekStarts == .sunday)
        #expect(c.policy.duplicatePunchSeconds == 120 && c.policy.maxSessionHours == 12.5)
        #expect(
            c.policy.monthlyGoalDays == 22 && c.policy.dayChange.description == "12:00" && c.policy.editWindowDays == 7)
        #expect(c.store.path == "/srv/att.sqlite")
        #expect(c.wifi.source == .simulated && c.wifi.interface == "wlp2s0")
        #expect(c.wifi.simulatedSSID?.bytes == Array("Office".utf8) + [0xff] + Array("Net".utf8))
        #expect(c.wifi.simulatedBSSID?.description == "aa:bb:cc:dd:ee:01")
        #expect(c.kiosk.officeName == "Night Desk" && c.kiosk.idleSeconds == 30 && c.kiosk.confirmSeconds == 2)
        #expect(c.kiosk.requirePin && c.kiosk.exitCodeHash?.hasPrefix("pbkdf2-sha256$") == true)
    }

    @Test(
        "bad values name the file, the line and the expected form",
        arguments: [
            (
                "[policy]\nshift_start = \"25:00\"",
                "a.toml:2: shift_start in [policy]: expected \"HH:MM\" on a 24-hour clock (00:00–23:59), found \"25:00\""
            ),
            (
                "[policy]\n\ntimezone = \"Mars/Base\"",
                "a.toml:3: timezone in [policy]: unknown time zone \"Mars/Base\"; expected an IANA name such as \"Europe/Berlin\" or \"Asia/Kolkata\""
            ),
            (
                "[policy]\nlate_grace_minutes = \"15\"",
                "a.toml:2: late_grace_minutes in [policy]: expected a whole number of minutes, found a string"
            ),
            (
                "[policy]\nlate_grace_minutes = -1",
                "a.toml:2: late_grace_minutes in [policy]: expected 0–720 minutes, found -1"
            ),
            (
                "[policy]\nhalf_day_below_hours = true",
                "a.toml:2: half_day_below_hours in [policy]: expected a number of hours such as 4.0, found true or false"
            ),
            (
                "[policy]\nworking_days = [\"mon\", \"funday\"]",
                "a.toml:2: working_days in [policy]: \"funday\" is not a day name; each is one of mon, tue, wed, thu, fri, sat, sun"
            ),
            (
                "[policy]\nworking_days = [\"mon\", 2]",
                "a.toml:2: working_days in [policy]: expected an array of day names such as [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"], found an integer in the array"
            ),
            ("[policy]\nworking_days = [\"mon\", \"mon\"]", "a.toml:2: working_days in [policy]: mon is listed twice"),
            (
                "[policy]\nweek_starts = \"friday\"",
                "a.toml:2: week_starts in [policy]: expected \"monday\" or \"sunday\", found \"friday\""
            ),
            (
                "[policy]\nshfit_start = \"09:00\"",
                "a.toml:2: unknown key shfit_start in [policy] (did you mean shift_start?)"
            ),
            (
                "[polcy]\nshift_start = \"09:00\"",
                "a.toml:1: unknown table [polcy]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central] (did you mean policy?)"
            ),
            (
                "shift_start = \"09:00\"",
                "a.toml:1: shift_start must be under a table: [policy], [store], [wifi], [kiosk], [register], [leave_types] or [central]"
            ),
            (
                "[store]\npath = \"relative.sqlite\"",
                "a.toml:2: path in [store]: expected an absolute file path such as \"/var/lib/attendance/attendance.sqlite\""
            ),
            (
                "[wifi]\nsource = \"radio\"",
                "a.toml:2: source in [wifi]: expected \"nl80211\" or \"simulated\", found \"radio\""
            ),
            (
                "[wifi]\nbssid = \"zz:bb:cc:dd:ee:01\"",
                "a.toml:2: bssid in [wifi]: expected six hex bytes such as \"aa:bb:cc:dd:ee:01\", found \"zz:bb:cc:dd:ee:01\""
            ),
            (
                "[wifi]\nsource = \"simulated\"",
                "a.toml:2: source = \"simulated\" in [wifi] needs bssid = \"aa:bb:cc:dd:ee:ff\" (and usually ssid)"
            ),
            (
                "[wifi]\ninterface = \"wlan/0\"",
                "a.toml:2: interface in [wifi]: expected a network interface name such as \"wlan0\" (1–15 characters, no '/' or spaces), or \"\" for the first associated one"
            ),
            ("[kiosk]\nidle_seconds = 2", "a.toml:2: idle_seconds in [kiosk]: expected 5–3600 seconds, found 2"),
            (
                "[kiosk]\nrequire_pin = \"yes\"",
                "a.toml:2: require_pin in [kiosk]: expected true or false, found a string"
            ),
            (
                "[kiosk]\noffice_name = \"A\\u001b[2J\"",
                "a.toml:2: office_name in [kiosk]: expected 1–100 characters without control characters"
            ),
            (
                "[policy]\nhalf_day_below_hours = 1.0",
                "a.toml:2: absent_below_hours in [policy] (1.0) must be below half_day_below_hours (1.0), or 0 to switch it off; otherwise no date can ever be a half day"
            ),
            (
                "[policy]\nabsent_below_hours = 5\nhalf_day_below_hours = 4",
                "a.toml:2: absent_below_hours in [policy] (5.0) must be below half_day_below_hours (4.0), or 0 to switch it off; otherwise no date can ever be a half day"
            ),
        ])
    func badValues(text: String, expected: String) {
        #expect(issues(text) == [expected])
    }

    @Test(
        "broken TOML is refused with its line",
        arguments: [
            (
                "[policy]\nshift_start = 09:30",
                "a.toml:2: 09:30 is not a TOML value: a time needs its seconds (09:30:00), or write it as text, \"09:30\""
            ),
            (
                "[policy]\nshift_start = nine",
                "a.toml:2: \"nine\" is not a value; put text in double quotes, like \"09:30\""
            ),
            ("[policy]\nshift_start \"09:30\"", "a.toml:2: expected '=' after the key \"shift_start\""),
            ("[policy]\nshift_start = \"09:30", "a.toml:2: a string is not closed with '\"' on its line"),
            (
                "[policy]\nshift_start = \"09:30\" extra",
                "a.toml:2: unexpected text after the value; one setting per line"
            ),
            (
                "[policy]\nshift_start = \"09:30\"\nshift_start = \"10:00\"",
                "a.toml:3: shift_start is set twice (first at line 2)"
            ),
            ("[policy]\n[policy]", "a.toml:2: table [policy] appears twice (first at line 1)"),
            (
                "[policy]\nworking_days = [\"mon\",\n\"tue\"",
                "a.toml:3: the array opened at line 2 is not closed with ']'"
            ),
            ("[policy]\nlate_grace_minutes = 015", "a.toml:2: \"015\": integers have no leading zeros"),
            ("[policy\nx = 1", "a.toml:1: a table header must end with ']'"),
            (
                "[policy]\nshift_start = \"\\q\"",
                "a.toml:2: unknown escape '\\q' in a string; write a backslash as \\\\"
            ),
        ])
    func brokenTOML(text: String, expected: String) {
        #expect(issues(text) == [expected])
    }

    static let timeForm = "expected \"HH:MM\" on a 24-hour clock (00:00–23:59)"

    @Test(
        "shift times and day_change are \"HH:MM\" text or TOML local times of whole minutes",
        arguments: [
            // Each a value that also fits the default shift and day_change (shiftAcrossDayChange).
            ("shift_start = 09:30:00", "09:30"), ("shift_start = 10:00:00.000", "10:00"),
            ("shift_start = \"9:30\"", "09:30"),
            ("shift_end = 17:00:00", "17:00"), ("day_change = 03:00:00", "03:00"),
        ])
    func localTimes(line: String, expected: String) throws {
        let c = try Configuration(parsing: "[policy]\n\(line)", file: "a.toml", hostZone: host, zones: .foundation)
        let key = String(line.prefix { $0 != " " })
        let read =
            key == "shift_start" ? c.policy.shiftStart : key == "shift_end" ? c.policy.shiftEnd : c.policy.dayChange
        #expect(read.description == expected)
    }

    @Test(
        "a time that is not whole minutes, or not a time, is refused with the forms that work",
        arguments: [
            (
                "[policy]\nshift_start = 09:30:15",
                "a.toml:2: shift_start in [policy]: \(timeForm) or a local time such as 09:30:00, found 09:30:15; times are whole minutes, so the seconds must be :00"
            ),
            (
                "[policy]\nday_change = 04:00:00.5",
                "a.toml:2: day_change in [policy]: \(timeForm) or a local time such as 09:30:00, found 04:00:00.…; times are whole minutes, so the seconds must be :00"
            ),
            (
                "[policy]\nshift_end = 1979-05-27T18:00:00",
                "a.toml:2: shift_end in [policy]: \(timeForm) or a local time such as 09:30:00, found a local date-time"
            ),
            (
                "[policy]\nshift_start = { h = 9 }",
                "a.toml:2: shift_start in [policy]: \(timeForm) or a local time such as 09:30:00, found a table"
            ),
            (
                "[policy]\nshift_start = 930",
                "a.toml:2: shift_start in [policy]: \(timeForm) or a local time such as 09:30:00, found an integer"
            ),
        ])
    func badTimes(text: String, expected: String) {
        #expect(issues(text) == [expected])
    }

    @Test("dotted keys and inline tables set the same keys as [table] sections")
    func dottedAndInline() throws {
        let c = try Configuration(
            parsing: """
                policy.timezone = "Asia/Tokyo"
                policy.shift_start = 08:00:00
                kiosk = { office_name = "Annex", idle_seconds = 0x1e }
                [wifi]
                source = 'simulated'
                bssid = "aa:bb:cc:dd:ee:01"
                """, file: "a.toml", hostZone: host, zones: .foundation)
        #expect(c.policy.zone.identifier == "Asia/Tokyo" && c.policy.shiftStart.description == "08:00")
        #expect(c.kiosk.officeName == "Annex" && c.kiosk.idleSeconds == 30)
        #expect(c.wifi.source == .simulated)
    }

    @Test(
        "unknown tables and keys are reported however they are written, with \"did you mean\"",
        arguments: [
            (
                "policy.shfit_start = \"09:00\"",
                "a.toml:1: unknown key shfit_start in [policy] (did you mean shift_start?)"
            ),
            (
                "polcy.shift_start = \"09:00\"",
                "a.toml:1: unknown table [polcy]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central] (did you mean policy?)"
            ),
            (
                "kiosk = { idle_second = 5 }",
                "a.toml:1: unknown key idle_second in [kiosk] (did you mean idle_seconds?)"
            ),
            (
                "kiosk = {\u{20}}\nkiosks = { idle_seconds = 5 }",
                "a.toml:2: unknown table [kiosks]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central] (did you mean kiosk?)"
            ),
            ("[policy]\npolicy.shift_start = \"09:30\"", "a.toml:2: unknown key policy in [policy]"),
            ("[policy.night]\nshift_start = \"22:00\"", "a.toml:1: unknown key night in [policy]"),
            (
                "[[policy]]\nshift_start = \"22:00\"",
                "a.toml:1: [[policy]] is an array of tables; write it once, as [policy]"
            ),
            (
                "[[polcy]]",
                "a.toml:1: unknown table [polcy]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central] (did you mean policy?)"
            ),
            (
                "policy = \"09:30\"",
                "a.toml:1: policy must be under a table: [policy], [store], [wifi], [kiosk], [register], [leave_types] or [central]"
            ),
        ])
    func unknownNames(text: String, expected: String) {
        #expect(issues(text) == [expected])
    }

    @Test("[central]: a url that is wrong is named once; a missing url is named at the table")
    func centralURL() {
        let wrong = issues("[central]\nurl = \"postgresql://kiosk:secret@db.example/attendance\"\n")
        #expect(wrong.count == 1 && wrong[0].hasPrefix("a.toml:2: "), "\(wrong)")
        #expect(
            issues("[central]\nkiosk_id = \"hq-1\"\n") == [
                "a.toml:1: [central] needs url = \"postgresql://USER@HOST:PORT/DATABASE\""
            ])
    }

    @Test(
        "[central]: tls = \"disable\" only for a socket or loopback; over a network it is named at its line",
        arguments: [
            ("postgresql://k@db.example:5432/a", false), ("postgresql://k@10.0.0.5/a", false),
            ("postgresql://k@127.0.0.2:5433/a", true), ("postgresql://k@localhost/a", true),
            ("postgresql://k@[::1]:5432/a", true), ("postgresql://k@/a?host=/run/postgresql", true),
            ("postgresql://k@127.example.com/a", false),
        ])
    func plainTextOnlyLocally(url: String, allowed: Bool) {
        let found = issues("[central]\nurl = \"\(url)\"\ntls = \"disable\"\n")
        if allowed {
            #expect(found.isEmpty, "\(found)")
        } else {
            #expect(
                found.count == 1 && found[0].hasPrefix("a.toml:3: tls = \"disable\" would send the password"),
                "\(found)")
        }
        #expect(issues("[central]\nurl = \"\(url)\"\ntls = \"require\"\n").isEmpty)
    }

    @Test("a shift that does not fit in one attendance date is refused at its day_change, with one that fits")
    func shiftAcrossDayChange() {
        #expect(
            issues("[policy]\nshift_start = \"22:00\"\nshift_end = \"06:00\"\n") == [
                "a.toml:3: the shift 22:00–06:00 does not fit in one attendance date: it ends after day_change (04:00) "
                    + "the next morning, on the next attendance date, where its mark-out would be refused as \"not "
                    + "marked in\"; set day_change in [policy] to a time outside the shift, such as day_change = \"14:00\""
            ])
        #expect(
            issues("[policy]\nshift_start = \"02:00\"\nshift_end = \"10:00\"\nday_change = \"04:00\"\n") == [
                "a.toml:4: the shift 02:00–10:00 does not fit in one attendance date: it starts before day_change "
                    + "(04:00), on the previous attendance date; set day_change in [policy] to a time outside the "
                    + "shift, such as day_change = \"01:00\""
            ])
        // RULES' own example, a night shift with day_change at noon, and the defaults, fit.
        #expect(issues("[policy]\nshift_start = \"22:00\"\nshift_end = \"06:00\"\nday_change = \"12:00\"\n").isEmpty)
        #expect(issues("[policy]\n").isEmpty)
        #expect(issues("[policy]\nshift_start = \"04:00\"\nshift_end = \"04:00\"\n").isEmpty)
    }

    @Test("several problems are all reported, in file order")
    func severalProblems() {
        let found = issues("[policy]\nshift_start = \"25:00\"\nshift_end = \"x\"\n[kiosk]\nidle_seconds = 1\n")
        #expect(found.count == 3)
        #expect(found.map { $0.prefix(9) } == ["a.toml:2:", "a.toml:3:", "a.toml:5:"])
    }

    @Test("[kiosk] language is the office's; one with no catalog is refused at its line with those there are")
    func officeLanguage() throws {
        #expect(
            try Configuration(parsing: "", file: "a.toml", hostZone: host, zones: .foundation).kiosk.language == nil)
        let c = try Configuration(
            parsing: "[kiosk]\nlanguage = \"FR\"", file: "a.toml", hostZone: host, zones: .foundation)
        #expect(c.kiosk.language == .french)
        #expect(
            issues("[kiosk]\noffice_name = \"HQ\"\nlanguage = \"de\"") == [
                "a.toml:3: language in [kiosk]: expected one of the languages there is a catalog for (en, es, fr), found \"de\""
            ])
        #expect(issues("[kiosk]\nlanguage = 1").count == 1)
    }

    @Test("hostile text in a config value is echoed without control characters")
    func hostileValues() {
        let found = issues("[wifi]\nsource = \"\\u001b]0;pwned\\u0007\"")
        #expect(found.count == 1)
        #expect(!found[0].unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) })
    }

    @Test("an unknown key of a megabyte is reported at once, cut to 60 characters", .timeLimit(.minutes(1)))
    func megabyteKey() {
        let key = String(repeating: "k", count: 1 << 20)
        let found = issues("[policy]\n\(key) = 1\n[\(key)]\n")
        #expect(
            found == [
                "a.toml:3: unknown table [\(String(repeating: "k", count: 60))…]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central]",
                "a.toml:2: unknown key \(String(repeating: "k", count: 60))… in [policy]",
            ])
    }
}

@Suite("Lines that are not text")
struct TextLinesTests {
    @Test(
        "the first line that is not UTF-8 is named",
        arguments: [
            (Array("a\nb\n".utf8), nil), (Array("a\n".utf8) + [0xC3], 2), ([0xFF], 1),
            (Array("ok\né\n".utf8) + [0x80] + Array("\n".utf8), 3), ([], nil),
        ] as [([UInt8], Int?)])
    func firstNotUTF8(bytes: [UInt8], line: Int?) {
        #expect(TextLines.firstNotUTF8(in: bytes) == line)
    }
}

@Suite("Configuration: the payroll period")
struct PayrollPeriodConfigurationTests {
    let host = LocalZone(identifier: "Asia/Kolkata")!

    @Test("[register] period_start_day sets the payroll period; by default the period is the month")
    func periodStartDay() throws {
        let month = try YearMonth(parsing: "2026-11")
        let plain = try Configuration(parsing: "", file: "a.toml", hostZone: host, zones: .foundation)
        #expect(plain.register.period(month) == DatePeriod(month))
        let payroll = try Configuration(
            parsing: "[register]\nperiod_start_day = 26\n", file: "a.toml", hostZone: host, zones: .foundation)
        #expect(payroll.register.period(month).description == "2026-10-26 to 2026-11-25")
    }

    @Test("a period_start_day past the 28th, or not a number, is named with its line")
    func badStartDay() {
        for (value, problem) in [
            ("29", "expected the day of the month a payroll period starts on, 1–28, found 29"),
            ("\"26\"", "expected a whole number, found a string"),
        ] {
            do {
                _ = try Configuration(
                    parsing: "[kiosk]\nidle_seconds = 20\n[register]\nperiod_start_day = \(value)\n", file: "a.toml",
                    hostZone: host, zones: .foundation)
                Issue.record("\(value) was accepted")
            } catch {
                #expect(Speech.english.sentence(for: error) == "a.toml:4: period_start_day in [register]: \(problem)")
            }
        }
    }
}

@Suite("Configuration: leave types")
struct LeaveTypeConfigurationTests {
    let host = LocalZone(identifier: "Asia/Kolkata")!

    @Test("annual LV, sick SL and unpaid UL by default; [leave_types] adds a type and changes a default")
    func types() throws {
        let plain = try Configuration(parsing: "", file: "a.toml", hostZone: host, zones: .foundation)
        #expect(plain.policy.leaveTypes.all.map { "\($0.name):\($0.code)" } == ["annual:LV", "sick:SL", "unpaid:UL"])
        let set = try Configuration(
            parsing: "[leave_types]\nmaternity = { code = \"ML\", colour = \"#FFAB91\" }\nsick = { code = \"SK\" }\n",
            file: "a.toml", hostZone: host, zones: .foundation)
        #expect(
            set.policy.leaveTypes.all.map { "\($0.name):\($0.code)" }
                == ["annual:LV", "sick:SK", "unpaid:UL", "maternity:ML"])
        #expect(set.policy.leaveTypes["maternity"]?.colour == 0xFFAB91)
        #expect(set.policy.leaveTypes["sick"]?.colour == LeaveType.sick.colour)
    }

    @Test(
        "a status's code, a code taken, a bad colour, an unknown key and a new type without code are named on their lines"
    )
    func refusals() {
        let text = """
            [leave_types]
            maternity = { code = "P" }
            study = { code = "SL" }
            sick = { colour = "pink" }
            unpaid = { code = "UL", hue = 3 }
            parental = { colour = "#FFFFFF" }
            "Bad Name" = { code = "BN" }

            """
        do {
            _ = try Configuration(parsing: text, file: "a.toml", hostZone: host, zones: .foundation)
            Issue.record("accepted")
        } catch {
            #expect(
                Speech.english.sentence(for: error).split(separator: "\n").map(String.init) == [
                    "a.toml:2: maternity in [leave_types]: code: expected one or two capital letters, not another status's (P, L, HD, A, H, WO, M, IN)",
                    "a.toml:3: study in [leave_types]: the code SL is sick's already",
                    "a.toml:4: sick in [leave_types]: colour: expected \"#RRGGBB\", found \"pink\"",
                    "a.toml:5: unpaid in [leave_types]: unknown key hue; a leave type has a code and a colour",
                    "a.toml:6: parental in [leave_types]: a new leave type needs its code, such as code = \"ML\"",
                    "a.toml:7: Bad Name in [leave_types]: a leave type's name is 1–20 lower-case letters, digits or _, starting with a letter",
                ])
        }
    }
}
