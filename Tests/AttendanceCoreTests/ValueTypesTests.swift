import AttendanceCore
import Foundation
import Testing

@Suite("Value types")
struct ValueTypesTests {
    // MARK: - BSSID

    @Test(
        "BSSIDs in every accepted spelling normalise to lower-case colons",
        arguments: [
            ("aa:bb:cc:dd:ee:01", "aa:bb:cc:dd:ee:01"),
            ("AA-BB-CC-DD-EE-01", "aa:bb:cc:dd:ee:01"),
            ("aa.bb.cc.dd.ee.01", "aa:bb:cc:dd:ee:01"),
            ("aabb.ccdd.ee01", "aa:bb:cc:dd:ee:01"),
            ("AABBCCDDEE01", "aa:bb:cc:dd:ee:01"),
            ("0A:1b:2C:3d:4E:5f", "0a:1b:2c:3d:4e:5f"),
        ])
    func bssidSpellings(input: String, expected: String) throws {
        #expect(try BSSID(parsing: input).description == expected)
    }

    @Test(
        "malformed BSSIDs are refused with the expected form",
        arguments: [
            "", "aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:01:02", "aa:bb-cc:dd:ee:01", "a:b:c:d:e:f", "gg:bb:cc:dd:ee:01",
            "aabbccddee0", "aabbccddee011", "aa bb cc dd ee 01", "aa::bb:cc:dd:ee", "aa:bb:cc:dd:ee:01\u{1b}",
            "aabb:ccdd:ee01x",
        ])
    func bssidRefused(input: String) {
        #expect(throws: CoreError.self) { try BSSID(parsing: input) }
        do {
            _ = try BSSID(parsing: input)
        } catch {
            #expect(error.description.contains("expected six two-digit hex bytes"))
            #expect(!error.description.contains("\u{1b}"))
        }
    }

    // MARK: - SSID

    @Test("SSIDs display like iw: printable text kept, other bytes as \\xNN")
    func ssidEscaping() throws {
        #expect(try SSID(bytes: Array("OfficeNet".utf8)).escaped == "OfficeNet")
        #expect(try SSID(bytes: Array("Café ☕".utf8)).escaped == "Café ☕")
        #expect(try SSID(bytes: [0x41, 0x1b, 0x5b, 0x32, 0x4a]).escaped == "A\\x1b[2J")
        #expect(try SSID(bytes: [0xff, 0x41]).escaped == "\\xffA")
        #expect(try SSID(bytes: Array(" edge ".utf8)).escaped == "\\x20edge\\x20")
        #expect(try SSID(bytes: Array("back\\slash".utf8)).escaped == "back\\\\slash")
        #expect(try SSID(bytes: [0xc2, 0x9b]).escaped == "\\xc2\\x9b")  // C1 CSI in UTF-8
        #expect(try SSID(bytes: []).isHidden)
        #expect(try SSID(bytes: [0, 0, 0]).isHidden)
        #expect(try !SSID(bytes: [0x41]).isHidden)
    }

    @Test("an SSID is at most 32 bytes, and \\xNN spells a byte when typed")
    func ssidLimits() throws {
        #expect(try SSID(bytes: Array(repeating: 0x41, count: 32)).bytes.count == 32)
        #expect(throws: CoreError.self) { try SSID(bytes: Array(repeating: 0x41, count: 33)) }
        #expect(try SSID(parsing: "A\\xffB").bytes == [0x41, 0xff, 0x42])
        #expect(try SSID(parsing: "a\\\\b").bytes == Array("a\\b".utf8))
        let round = try SSID(bytes: [0xfe, 0x20, 0x41, 0x1b])
        #expect(try SSID(parsing: round.escaped) == round)
    }

    // MARK: - Codes and names

    @Test("employee codes: letters, digits, _ and -, 1 to 32, compared without case")
    func employeeCodes() throws {
        #expect(try EmployeeCode(parsing: "E001").rawValue == "E001")
        #expect(try EmployeeCode(parsing: "a_b-C9") == EmployeeCode(parsing: "A_B-c9"))
        #expect(try EmployeeCode(parsing: String(repeating: "x", count: 32)).rawValue.count == 32)
        for bad in ["", String(repeating: "x", count: 33), "E 001", "E001!", "É001", "E\u{1b}", "E001\n"] {
            #expect(throws: CoreError.self) { try EmployeeCode(parsing: bad) }
        }
    }

    @Test("names: trimmed, 1 to 100 characters, no control or bidi characters")
    func names() throws {
        #expect(try PersonName(parsing: "  Asha Rao ").rawValue == "Asha Rao")
        #expect(try PersonName(parsing: "José Müller-Lüdenscheidt").rawValue == "José Müller-Lüdenscheidt")
        #expect(try PersonName(parsing: "प्रिया शर्मा").rawValue == "प्रिया शर्मा")
        // Zero-width spaces, joiners and a BOM show nothing: "Hi  (H11)".
        for bad in [
            "", "   ", String(repeating: "n", count: 101), "Eve\u{1b}[2J", "Mallory\u{9b}", "A\u{202e}B", "x\ny",
            "\u{200B}\u{200B}", "\u{200D}\u{FEFF}\u{2060}", "Ahmad\u{061C} Rao", "Ahmad\u{200F} Rao",
        ] {
            #expect(throws: CoreError.self) { try PersonName(parsing: bad) }
        }
    }

    @Test("a name of combining marks alone is not a name; marks on letters are")
    func namesOfMarksAlone() throws {
        for marks in ["\u{301}", "\u{301}\u{308}\u{20DD}", "\u{94D}\u{93F}", " \u{301} \u{301} "] {
            #expect(
                throws: CoreError.invalidValue(
                    what: Phrase("name"), value: marks,
                    expected: Phrase("at least one letter or digit, not combining marks alone"))
            ) {
                try PersonName(parsing: marks)
            }
        }
        #expect(try PersonName(parsing: "Jose\u{301}").rawValue == "Jose\u{301}")
        #expect(try PersonName(parsing: "स्\u{94D}").rawValue == "स्\u{94D}")
    }

    // MARK: - Dates and times

    @Test("dates parse strictly, count days, and know their weekday")
    func dates() throws {
        let d = try AttendanceDate(parsing: "2026-11-21")
        #expect(d.weekday == .saturday)
        #expect(d.dayNumber == 20_778)
        #expect(AttendanceDate(dayNumber: d.dayNumber) == d)
        #expect(d.adding(days: 10).description == "2026-12-01")
        #expect(try AttendanceDate(parsing: "2024-02-29").adding(days: 1).description == "2024-03-01")
        #expect(try AttendanceDate(parsing: "1970-01-01").dayNumber == 0)
        #expect(try AttendanceDate(parsing: "1969-12-31").dayNumber == -1)
        #expect(try AttendanceDate(parsing: "0999-03-07").description == "0999-03-07")
        // Every date of four centuries reads back from its text.
        for dayNumber in stride(from: -200_000, through: 200_000, by: 37) {
            let date = AttendanceDate(dayNumber: dayNumber)
            #expect(try AttendanceDate(parsing: date.description) == date)
        }
        for bad in ["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01x", ""] {
            #expect(throws: CoreError.self) { try AttendanceDate(parsing: bad) }
        }
    }

    @Test("every day number from 1900 to 2100 round-trips and advances the weekday by one")
    func dayNumbersRoundTrip() throws {
        var date = try AttendanceDate(parsing: "1900-01-01")
        let end = try AttendanceDate(parsing: "2100-12-31")
        var weekday = date.weekday.mondayIndex
        while date < end {
            let next = date.adding(days: 1)
            #expect(AttendanceDate(dayNumber: next.dayNumber) == next)
            #expect(next.weekday.mondayIndex == (weekday + 1) % 7)
            weekday = next.weekday.mondayIndex
            date = next
        }
    }

    @Test("wall-clock times are HH:MM on a 24-hour clock")
    func times() throws {
        #expect(try WallClockTime(parsing: "09:30").minuteOfDay == 570)
        #expect(try WallClockTime(parsing: "9:30").description == "09:30")
        #expect(try WallClockTime(parsing: "23:59").minuteOfDay == 1439)
        for bad in ["24:00", "25:00", "12:60", "12:5", "noon", "", "12:30:00", "-1:00"] {
            #expect(throws: CoreError.self) { try WallClockTime(parsing: bad) }
        }
    }

    // MARK: - Zones

    @Test("attendance date: a mark-out at 01:30 belongs to the previous date with day_change 04:00")
    func attendanceDateBeforeDayChange() throws {
        let zone = try #require(LocalZone(identifier: "Asia/Kolkata"))
        // 2026-11-21 01:30 in Kolkata is 2026-11-20 20:00 UTC.
        let instant = Date(timeIntervalSince1970: 1_795_204_800)
        #expect(zone.localDateTime(of: instant).date.description == "2026-11-21")
        #expect(zone.localDateTime(of: instant).time.description == "01:30")
        let dayChange = try WallClockTime(parsing: "04:00")
        #expect(zone.attendanceDate(of: instant, dayChange: dayChange).description == "2026-11-20")
        #expect(
            zone.attendanceDate(of: instant.addingTimeInterval(3 * 3600), dayChange: dayChange).description
                == "2026-11-21")
    }

    @Test("wall-clock times on DST change days map to the right instants")
    func dstInstants() throws {
        let berlin = try #require(LocalZone(identifier: "Europe/Berlin"))
        let spring = try AttendanceDate(parsing: "2026-03-29")  // 02:00 → 03:00
        let autumn = try AttendanceDate(parsing: "2026-10-25")  // 03:00 → 02:00
        func utc(_ date: Date) -> String {
            let f = ISO8601DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC")
            return f.string(from: date)
        }
        #expect(utc(berlin.instant(on: spring, at: try WallClockTime(parsing: "01:30"))) == "2026-03-29T00:30:00Z")
        #expect(utc(berlin.instant(on: spring, at: try WallClockTime(parsing: "02:30"))) == "2026-03-29T01:30:00Z")
        #expect(utc(berlin.instant(on: spring, at: try WallClockTime(parsing: "09:30"))) == "2026-03-29T07:30:00Z")
        #expect(utc(berlin.instant(on: autumn, at: try WallClockTime(parsing: "02:30"))) == "2026-10-25T00:30:00Z")
        #expect(utc(berlin.instant(on: autumn, at: try WallClockTime(parsing: "09:30"))) == "2026-10-25T08:30:00Z")
        let newYork = try #require(LocalZone(identifier: "America/New_York"))
        #expect(
            utc(newYork.instant(on: try AttendanceDate(parsing: "2026-03-08"), at: try WallClockTime(parsing: "09:30")))
                == "2026-03-08T13:30:00Z")
        #expect(
            utc(newYork.instant(on: try AttendanceDate(parsing: "2026-11-01"), at: try WallClockTime(parsing: "09:30")))
                == "2026-11-01T14:30:00Z")
    }

    @Test("zones are IANA names; abbreviations and unknown names are refused")
    func zoneNames() {
        #expect(LocalZone(identifier: "Europe/Berlin") != nil)
        #expect(LocalZone(identifier: "UTC") != nil)
        #expect(LocalZone(identifier: "Mars/Base") == nil)
        #expect(LocalZone(identifier: "CET") == nil)
    }
}
