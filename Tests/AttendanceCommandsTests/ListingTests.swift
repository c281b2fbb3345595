import AttendanceApp
import AttendanceCore
import Foundation
import Testing

@testable import AttendanceCommands

/// The one listing renderer: columns declared once, rendered as text, CSV and JSON.
@Suite("Listing renderer")
struct ListingTests {
    struct Door {
        let number: Int64
        let label: String
        let note: String?
        let open: Bool
        let keys: [String]
    }

    /// Every kind of column: right-aligned, a text cell of its own, text only, data only, nested.
    let listing = Listing<Door>([
        .init("number", header: "NO", alignment: .right) { .integer($0.number) },
        .init("label", header: "LABEL") { .text($0.label) },
        .shown("STATE") { $0.open ? "open" : "shut" },
        .init("open") { .bool($0.open) },
        .init("note", header: "NOTE", cell: { $0.note ?? "-" }) { .text($0.note) },
        .nested("keys") { .list($0.keys.map(ListingValue.text)) },
    ])

    let rows = [
        Door(number: 7, label: "Front", note: "=1+1", open: true, keys: ["a"]),
        Door(number: 12, label: "Back, \"yard\"", note: nil, open: false, keys: []),
    ]

    @Test("text is a table of the columns with a header, in declared order, numbers on the right")
    func text() {
        #expect(
            listing.text(rows) == """
                NO  LABEL         STATE  NOTE
                --  ------------  -----  ----
                 7  Front         open   =1+1
                12  Back, "yard"  shut   -

                """)
    }

    @Test("CSV has the keyed columns that are not nested, yes/no for truth, nothing for null, formulas guarded")
    func csv() {
        #expect(
            listing.csv(rows)
                == "number,label,open,note\r\n7,Front,yes,'=1+1\r\n12,\"Back, \"\"yard\"\"\",no,\r\n")
    }

    @Test("JSON has every keyed column of every row, null written out, keys sorted")
    func json() throws {
        #expect(
            try listing.json(rows) == """
                [
                  {
                    "keys" : [
                      "a"
                    ],
                    "label" : "Front",
                    "note" : "=1+1",
                    "number" : 7,
                    "open" : true
                  },
                  {
                    "keys" : [

                    ],
                    "label" : "Back, \\"yard\\"",
                    "note" : null,
                    "number" : 12,
                    "open" : false
                  }
                ]

                """)
    }

    @Test("a text cell with an escape sequence reaches the table as a visible picture, never as a control")
    func sanitised() throws {
        let hostile = [Door(number: 1, label: "x\u{1b}[2J", note: nil, open: true, keys: [])]
        #expect(listing.text(hostile).contains("x\u{241b}[2J"))
        #expect(try listing.json(hostile).contains("x\\u001b[2J"))
    }

    @Test("a punch is the same JSON object in punch list and in calendar --day")
    func onePunchShape() throws {
        let h = CommandHarness(now: Date(timeIntervalSince1970: 1_795_250_000))
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-11-01")
        h.run("punch", "add", "E001", "--at", "2026-11-18 09:02", "--kind", "in", "--reason", "forgot")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(h.run("punch", "list", "E001", "--format", "json").out.utf8))
                as? [[String: Any]])
        let day = try #require(
            try JSONSerialization.jsonObject(
                with: Data(h.run("calendar", "E001", "--day", "2026-11-18", "--format", "json").out.utf8))
                as? [String: Any])
        let shown = try #require((day["punches"] as? [[String: Any]])?.first)
        let history: Set = ["voided", "original_timestamp", "correction_summary", "corrections"]
        #expect(Set(listed[0].keys).subtracting(history) == Set(shown.keys))
        #expect(shown["local_time"] as? String == "2026-11-18 09:02")
        #expect(shown["timestamp"] as? String == listed[0]["timestamp"] as? String)
    }
}
