import AttendanceCore
import Foundation
import GRDB

/// Reads `punch` rows as ``Punch`` values, by column position over a GRDB cursor.
///
/// The decoder writes the select list (``columns``) itself; callers give the rest of the query.
/// Dates, which repeat from row to row, are parsed once per query. A row that breaks the
/// schema's promises (impossible through this code) is skipped rather than crashing a report,
/// and an SSID or BSSID that does not parse is left out of the punch.
struct PunchRowDecoder {
    /// The select list of every punch query, in the order ``punch(_:)`` reads it.
    private static let columns = """
        id, employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location, note, created_at_ms,
        origin_node, clock_went_back, clock_off_minutes
        """

    /// ``columns`` without the details a person reads and the status rules do not: the SSID, the
    /// BSSID, the location and the note are NULL, so those punches have them nil. SQLite steps
    /// each row with fewer columns, all of them in the covering index, and they are not decoded:
    /// a register of 2,000 employees went from 1,401 M to 1,202 M instructions (BENCHMARKS.md).
    ///
    /// The originating node is a rule's input, not a detail: pairing merges one press made at two
    /// kiosks (docs/rules.md "Punches" 9). It is read when the store has any punch from another
    /// kiosk (``anyOrigin(in:)``); a store that never synced has none, and keeps the covering read.
    ///
    /// The flags of a punch stored with the clock gone back or off the centre's are not in that
    /// index either. They are read when any punch has one (``anyClockDoubted(in:)``), which is rare.
    private static func columnsWithoutDetails(origin: Bool, clock: Bool) -> String {
        "id, employee_id, instant_ms, zone, attendance_date, kind, source, NULL, NULL, NULL, NULL, created_at_ms, "
            + (origin ? "origin_node" : "NULL") + (clock ? ", clock_went_back, clock_off_minutes" : "")
    }

    /// Whether any punch came from another kiosk: the partial index `punch_by_origin` answers it.
    private static func anyOrigin(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM punch WHERE origin_node IS NOT NULL)") ?? false
    }

    /// Whether any punch was stored with the clock gone back or off: the partial index
    /// `punch_clock_doubted` answers it.
    private static func anyClockDoubted(in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM punch WHERE clock_went_back <> 0 OR clock_off_minutes <> 0)")
            ?? false
    }

    private var dates: [String: AttendanceDate] = [:]
    private var lastDate: (text: String, date: AttendanceDate)?
    private var bssids: [String: BSSID?] = [:]
    /// Whether the detail columns are read at all: without them (``columnsWithoutDetails``)
    /// they are NULL.
    private let details: AttendanceStore.PunchDetails
    /// Whether the originating node is read (always with the details).
    private let readsOrigin: Bool
    /// Whether the clock flags are selected (always with the details); without them the rows
    /// are two columns shorter, and every punch reads unflagged.
    private let readsClock: Bool

    /// Selects the columns of `details` with `clause` ("FROM punch WHERE …") and hands each
    /// punch to `body` in the order of the rows. The select list is made here, from the same
    /// `details` the decoding follows.
    static func forEach(
        in db: Database, _ clause: String, arguments: StatementArguments = [],
        details: AttendanceStore.PunchDetails = .included, _ body: (Punch) throws -> Void
    ) throws {
        let readsOrigin = try details == .included || anyOrigin(in: db)
        let readsClock = try details == .included || anyClockDoubted(in: db)
        let select =
            details == .included ? columns : columnsWithoutDetails(origin: readsOrigin, clock: readsClock)
        let rows = try Row.fetchCursor(db, sql: "SELECT \(select) \(clause)", arguments: arguments)
        var decoder = PunchRowDecoder(details: details, readsOrigin: readsOrigin, readsClock: readsClock)
        while let row = try rows.next() {
            if let punch = decoder.punch(row) { try body(punch) }
        }
    }

    /// The punches that ``forEach(in:_:arguments:details:_:)`` hands over, in the order of the rows.
    static func fetchAll(
        in db: Database, _ clause: String, arguments: StatementArguments = [],
        details: AttendanceStore.PunchDetails = .included
    ) throws -> [Punch] {
        var punches: [Punch] = []
        try forEach(in: db, clause, arguments: arguments, details: details) { punches.append($0) }
        return punches
    }

    /// The punch in `row`.
    private mutating func punch(_ row: Row) -> Punch? {
        guard let dateText = row[4] as String?, let date = date(dateText),
            let kind = (row[5] as String?).flatMap(PunchKind.init(rawValue:)),
            let source = (row[6] as String?).flatMap(PunchSource.init(rawValue:)),
            let zone = row[3] as String?
        else { return nil }
        let included = details == .included
        var bssid: BSSID?
        if included, let text = row[8] as String? { bssid = self.bssid(text) }
        return Punch(
            id: row[0], employeeID: row[1], instant: Date(milliseconds: row[2]), zone: zone, attendanceDate: date,
            kind: kind, source: source,
            ssid: included ? (row[7] as Data?).flatMap { try? SSID(bytes: Array($0)) } : nil,
            bssid: bssid,
            location: included ? row[9] : nil, note: included ? row[10] : nil,
            createdAt: Date(milliseconds: row[11]), origin: readsOrigin ? row[12] : nil,
            clockWentBack: readsClock && (row[13] as Bool? ?? false),
            clockOffMinutes: readsClock ? Int16(clamping: row[14] as Int64? ?? 0) : 0)
    }

    /// `text` as a date, parsed once per query: rows come a date at a time.
    private mutating func date(_ text: String) -> AttendanceDate? {
        if let last = lastDate, last.text == text { return last.date }
        if let known = dates[text] {
            lastDate = (text, known)
            return known
        }
        guard let parsed = try? AttendanceDate(parsing: text) else { return nil }
        dates[text] = parsed
        lastDate = (text, parsed)
        return parsed
    }

    /// `text` as a BSSID, parsed once per query: an office has a few access points.
    private mutating func bssid(_ text: String) -> BSSID? {
        if let known = bssids[text] { return known }
        let parsed = try? BSSID(parsing: text)
        bssids[text] = parsed
        return parsed
    }
}
