import Foundation
import Testing

@testable import AttendanceCore

/// The import/export format: `code,timestamp,kind[,note]`, ISO 8601 timestamps.
@Suite("Punch file")
struct PunchFileTests {
    let kolkata = LocalZone(identifier: "Asia/Kolkata")!

    @Test(
        "ISO 8601 timestamps with and without an offset",
        arguments: [
            ("2026-11-18T09:02:00+05:30", "2026-11-18T03:32:00Z"),
            ("2026-11-18T03:32:00Z", "2026-11-18T03:32:00Z"),
            ("2026-11-18T03:32:00z", "2026-11-18T03:32:00Z"),
            ("2026-11-18T04:02:00+0030", "2026-11-18T03:32:00Z"),
            ("2026-11-17T22:32-05", "2026-11-18T03:32:00Z"),
            ("2026-11-18T09:02", "2026-11-18T03:32:00Z"),
            ("2026-11-18 09:02:00", "2026-11-18T03:32:00Z"),
            ("2026-11-18T09:02:30.250", "2026-11-18T03:32:30.250Z"),
        ])
    func timestamps(text: String, utc: String) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            utc.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        #expect(try PunchTimestamp.instant(parsing: text, zone: kolkata) == formatter.date(from: utc))
    }

    @Test(
        "malformed timestamps are refused",
        arguments: [
            "2026-11-18", "2026-13-01T09:00", "2026-02-30T09:00", "2026-11-18T24:00", "2026-11-18T09:60",
            "2026-11-18T09:02:61", "2026-11-18T09:02+5:30", "2026-11-18T09:02:00 +05:30", "18/11/2026 09:02",
            "2026-11-18T09:02:00.", "",
        ])
    func badTimestamps(text: String) {
        #expect(
            throws: CoreError.invalidValue(
                what: Phrase("timestamp"), value: text, expected: PunchTimestamp.expected(zone: kolkata))
        ) {
            try PunchTimestamp.instant(parsing: text, zone: kolkata)
        }
    }

    @Test("timestamps are written with the zone's offset, milliseconds only when there are any, and read back")
    func writeAndRead() throws {
        let berlin = Fixture.berlin
        let winter = Date(timeIntervalSince1970: 1_795_250_000)
        #expect(PunchTimestamp.text(of: winter, zone: berlin) == "2026-11-21T09:33:20+01:00")
        #expect(PunchTimestamp.text(of: winter, zone: kolkata) == "2026-11-21T14:03:20+05:30")
        #expect(PunchTimestamp.text(of: winter, zone: Fixture.newYork) == "2026-11-21T03:33:20-05:00")
        let odd = winter.addingTimeInterval(0.25)
        #expect(PunchTimestamp.text(of: odd, zone: berlin) == "2026-11-21T09:33:20.250+01:00")
        for instant in [winter, odd, Date(timeIntervalSince1970: 1_774_746_000)] {
            #expect(
                try PunchTimestamp.instant(parsing: PunchTimestamp.text(of: instant, zone: berlin), zone: berlin)
                    == instant)
        }
    }

    @Test("a local time without an offset that the clocks skipped is refused, one they repeated needs its offset")
    func daylightSavingTimestamps() throws {
        let berlin = Fixture.berlin
        let skipped = #expect(throws: CoreError.self) {
            try PunchTimestamp.instant(parsing: "2026-03-29 02:30", zone: berlin)
        }
        #expect(
            skipped?.description
                == "invalid timestamp \"2026-03-29 02:30\": expected a time that exists in Europe/Berlin: the clocks "
                + "went forward that night, so 02:30 was never shown on 2026-03-29")
        let repeated = #expect(throws: CoreError.self) {
            try PunchTimestamp.instant(parsing: "2026-10-25T02:30:10", zone: berlin)
        }
        #expect(
            repeated?.description
                == "invalid timestamp \"2026-10-25T02:30:10\": expected its UTC offset, because in Europe/Berlin it "
                + "happened twice: \"2026-10-25 02:30+02:00\" (the first) or \"2026-10-25 02:30+01:00\" (the second)")
        // With the offset the refusal offers, each of the two is read; around them nothing changes.
        #expect(
            try PunchTimestamp.instant(parsing: "2026-10-25 02:30+02:00", zone: berlin)
                == LocalZoneTests.utc("2026-10-25T00:30:00Z"))
        #expect(
            try PunchTimestamp.instant(parsing: "2026-10-25 02:30:10+01:00", zone: berlin)
                == LocalZoneTests.utc("2026-10-25T01:30:10Z"))
        #expect(
            try PunchTimestamp.instant(parsing: "2026-03-29 03:30", zone: berlin)
                == LocalZoneTests.utc("2026-03-29T01:30:00Z"))
        #expect(
            try PunchTimestamp.instant(parsing: "2026-10-25 03:30", zone: berlin)
                == LocalZoneTests.utc("2026-10-25T02:30:00Z"))
        // In a file, the row is named and nothing of it is kept.
        let file = PunchFile(
            parsing: "code,timestamp,kind\nE002,2026-03-29 02:30,in\nE002,2026-03-29 05:30,out\n", zone: berlin)
        #expect(file.rows.map(\.line) == [3])
        #expect(file.issues.map(\.line) == [2])
        #expect(file.issues.first?.message.contains("the clocks went forward that night") == true)
    }

    @Test("an export's source column is read and checked, and a value no punch can have is refused")
    func sourceColumn() {
        let good = PunchFile(
            parsing: "code,timestamp,kind,note,source\nE001,2026-11-18T09:02,in,,simulated\n"
                + "E001,2026-11-18T18:00,out,,manual\nE002,2026-11-18T09:00,in,,\nE003,2026-11-18T09:00,in,,nl80211\n",
            zone: kolkata)
        #expect(good.issues.isEmpty)
        #expect(good.rows.map(\.line) == [2, 3, 4, 5])
        let bad = PunchFile(parsing: "code,source,timestamp,kind\nE001,kiosk,2026-11-18T09:02,in\n", zone: kolkata)
        #expect(bad.rows == [])
        #expect(
            bad.issues.map(\.english.description) == [
                "line 2: invalid source \"kiosk\": expected nl80211, simulated, manual, import "
                    + "(it is not kept: imported punches are recorded as import)"
            ])
    }

    @Test("a file with good rows, quoted notes, CRLF, a byte order mark and columns in any order")
    func goodFile() throws {
        let text =
            "\u{FEFF}kind,code,timestamp,note\r\nin,E001,2026-11-18T09:02:00+05:30,\r\n"
            + "OUT,e001,2026-11-18T18:00,\"left early, \"\"doctor\"\"\"\r\n\r\nin,E002,2026-11-18T09:00Z,'=SUM(A1)\r\n"
        let file = PunchFile(parsing: text, zone: kolkata)
        #expect(file.issues.isEmpty)
        #expect(file.rows.map(\.line) == [2, 3, 5])
        #expect(file.rows.map(\.code.rawValue) == ["E001", "e001", "E002"])
        #expect(file.rows.map(\.kind) == [.in, .out, .in])
        #expect(file.rows.map(\.note) == [nil, "left early, \"doctor\"", "=SUM(A1)"])
        #expect(file.rows[1].instant == (try PunchTimestamp.instant(parsing: "2026-11-18T12:30:00Z", zone: kolkata)))
    }

    @Test("a semicolon-separated file, as European spreadsheets save CSV, is read like a comma-separated one")
    func semicolons() {
        let text =
            "code;timestamp;kind;note\r\nE001;2026-11-18T09:02;in;\"late bus; rain\"\r\nE001;2026-11-18T18:00;out;1,5 h\r\n"
        let file = PunchFile(parsing: text, zone: kolkata)
        #expect(file.issues.isEmpty)
        #expect(file.rows.map(\.kind) == [.in, .out])
        #expect(file.rows.map(\.note) == ["late bus; rain", "1,5 h"])
    }

    @Test("a quote inside an unquoted field is refused with its line, not stored without its quotes")
    func quoteInsideUnquotedField() {
        let text = """
            code,timestamp,kind,note
            E001,2026-11-18T09:02,in,=HYPERLINK("http://example.com")
            E001,2026-11-18T18:00,out,"fine ""quoted"" note"

            """
        let file = PunchFile(parsing: text, zone: kolkata)
        #expect(
            file.issues.map(\.english.description) == [
                "line 2: field 4 has a quote (\") inside it without being quoted itself; put the whole field in quotes "
                    + "and double each quote inside (\"\")"
            ])
        #expect(file.rows.map(\.note) == ["fine \"quoted\" note"])
    }

    @Test("every bad row is reported with its line number; a quoted line break counts as a line")
    func badRows() {
        let text = """
            code,timestamp,kind,note
            E001,2026-11-18T09:02,in,"two
            lines"
            bad code,2026-11-18T09:02,in,
            E001,2026-11-31T09:02,sideways,
            E001,2026-11-18T18:00,out
            E001,2026-11-18T18:00,out,\("x" + String(repeating: "y", count: 500))

            """
        let file = PunchFile(parsing: text, zone: kolkata)
        #expect(file.rows.isEmpty)
        #expect(
            file.issues.map(\.english.description) == [
                "line 2: invalid note \"two\\x0alines\": expected at most 500 characters without control characters",
                "line 4: invalid employee code \"bad code\": expected 1–32 letters, digits, '_' or '-' (for example E001)",
                "line 5: invalid timestamp \"2026-11-31T09:02\": expected ISO 8601 such as 2026-11-18T09:02:00+05:30 "
                    + "(without an offset: local time in Asia/Kolkata)",
                "line 5: invalid kind \"sideways\": expected in or out",
                "line 6: expected 4 fields (code,timestamp,kind,note), found 3",
                "line 7: invalid note \"xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…\": expected at most "
                    + "500 characters without control characters",
            ])
    }

    @Test("a wrong header is reported on line 1 and no row is read")
    func badHeader() {
        let file = PunchFile(parsing: "code,time,kind,kind\nE001,2026-11-18T09:02,in,in\n", zone: kolkata)
        #expect(file.rows.isEmpty)
        #expect(
            file.issues.map(\.english.description) == [
                "line 1: unknown column \"time\"; expected code,timestamp,kind and optionally note and source",
                "line 1: the header has no timestamp column", "line 1: the column kind appears more than once",
            ])
        #expect(
            PunchFile(parsing: "", zone: kolkata).issues.map(\.english.description) == [
                "line 1: the file is empty; expected the header code,timestamp,kind"
            ])
        #expect(
            PunchFile(parsing: "code,timestamp,kind\nE1,\"2026", zone: kolkata).issues.map(\.english.description) == [
                "line 2: a quoted field is not closed before the end of the file"
            ])
    }
}
