import AttendanceCore
import Foundation
import GRDB
import GRDBSQLite

/// Reads `punch` rows as ``Punch`` values, fast enough for a register's 100,000+ rows.
///
/// The decoder writes the select list (``columns``) itself; callers give the rest of the query.
/// It reads each column straight from SQLite's statement by position: GRDB's `Row` looks every
/// column up by name and builds a `String` for every text, which cost more than SQLite's own work. Values that repeat from row
/// to row (dates, kinds, sources, zones, SSIDs, BSSIDs, locations) go through a ``ColumnCache``,
/// so they are parsed once per query. Decoding is the same as before: a row that breaks the
/// schema's promises (impossible through this code) is skipped rather than crashing a report,
/// and an SSID or BSSID that does not parse is left out of the punch.
struct PunchRowDecoder {
    /// The select list of every punch query, in the order ``punch(_:)`` reads it.
    private static let columns = """
        id, employee_id, instant_ms, zone, attendance_date, kind, source, ssid, bssid, location, note, created_at_ms,
        origin_node, clock_went_back
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
    /// The flag of a punch stored with the clock gone back is not in that index either. It is
    /// read when any punch has it (``anyClockWentBack(in:)``), which is rare.
    private static func columnsWithoutDetails(origin: Bool, clock: Bool) -> String {
        "id, employee_id, instant_ms, zone, attendance_date, kind, source, NULL, NULL, NULL, NULL, created_at_ms, "
            + (origin ? "origin_node" : "NULL") + (clock ? ", clock_went_back" : "")
    }

    /// Whether any punch came from another kiosk: the partial index `punch_by_origin` answers it.
    private static func anyOrigin(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM punch WHERE origin_node IS NOT NULL)") ?? false
    }

    /// Whether any punch was stored with the clock gone back: the partial index
    /// `punch_clock_went_back` answers it.
    private static func anyClockWentBack(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM punch WHERE clock_went_back <> 0)") ?? false
    }

    private var dates = ColumnCache<AttendanceDate?>()
    private var kinds = ColumnCache<PunchKind?>()
    private var sources = ColumnCache<PunchSource?>()
    private var zones = ColumnCache<String>()
    private var ssids = ColumnCache<SSID?>()
    private var bssids = ColumnCache<BSSID?>()
    private var locations = ColumnCache<String>()
    private var origins = ColumnCache<String>()
    /// Whether the detail columns are read at all: without them (``columnsWithoutDetails``)
    /// they are NULL, and asking SQLite for five NULLs a row is still work.
    private let details: AttendanceStore.PunchDetails
    /// Whether the originating node is read (always with the details).
    private let readsOrigin: Bool
    /// Whether the clock-went-back flag is selected (always with the details); without it the
    /// rows are one column shorter, and every punch reads false.
    private let readsClock: Bool

    private init(details: AttendanceStore.PunchDetails, readsOrigin: Bool, readsClock: Bool) {
        self.details = details
        self.readsOrigin = readsOrigin
        self.readsClock = readsClock
    }

    /// Selects the columns of `details` with `clause` ("FROM punch WHERE …") and hands each
    /// punch to `body` in the order of the rows. The select list is made here, from the same
    /// `details` the decoding follows.
    static func forEach(
        in db: Database, _ clause: String, arguments: StatementArguments = [],
        details: AttendanceStore.PunchDetails = .included, _ body: (Punch) throws -> Void
    ) throws {
        let readsOrigin = try details == .included || anyOrigin(in: db)
        let readsClock = try details == .included || anyClockWentBack(in: db)
        let select =
            details == .included ? columns : columnsWithoutDetails(origin: readsOrigin, clock: readsClock)
        let statement = try db.makeStatement(sql: "SELECT \(select) \(clause)")
        // The cursor steps the statement and turns SQLite's errors into GRDB's; the columns of
        // the current row are read from the statement itself.
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var decoder = PunchRowDecoder(details: details, readsOrigin: readsOrigin, readsClock: readsClock)
        while try rows.next() != nil {
            if let punch = decoder.punch(statement.sqliteStatement) { try body(punch) }
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

    /// The punch in the statement's current row.
    private mutating func punch(_ statement: SQLiteStatement) -> Punch? {
        guard let date = Self.text(statement, 4, { dates.value(of: $0, decode: Self.date) }) ?? nil,
            let kind = Self.text(statement, 5, { kinds.value(of: $0) { PunchKind(rawValue: Self.string($0)) } })
                ?? nil,
            let source = Self.text(statement, 6, { sources.value(of: $0) { PunchSource(rawValue: Self.string($0)) } })
                ?? nil,
            let zone = Self.text(statement, 3, { zones.value(of: $0, decode: Self.string) })
        else { return nil }
        // Without details, their columns are not asked for: one Punch made either way (setting
        // them after it was made copied it).
        let included = details == .included
        let ssid =
            included ? Self.blob(statement, 7) { ssids.value(of: $0) { try? SSID(bytes: Array($0)) } } ?? nil : nil
        let bssid =
            included
            ? Self.text(statement, 8) { bssids.value(of: $0) { try? BSSID(parsing: Self.string($0)) } } ?? nil : nil
        return Punch(
            id: sqlite3_column_int64(statement, 0), employeeID: sqlite3_column_int64(statement, 1),
            instant: Date(milliseconds: sqlite3_column_int64(statement, 2)), zone: zone, attendanceDate: date,
            kind: kind, source: source, ssid: ssid, bssid: bssid,
            location: included ? Self.text(statement, 9) { locations.value(of: $0, decode: Self.string) } : nil,
            // Notes are rare and each one different: not worth a cache.
            note: included ? Self.text(statement, 10, Self.string) : nil,
            createdAt: Date(milliseconds: sqlite3_column_int64(statement, 11)),
            origin: readsOrigin ? Self.text(statement, 12) { origins.value(of: $0, decode: Self.string) } : nil,
            clockWentBack: readsClock && sqlite3_column_int64(statement, 13) != 0)
    }

    // MARK: - Columns

    /// `body` applied to the bytes of text column `index`; nil when it is NULL.
    private static func text<T>(
        _ statement: SQLiteStatement, _ index: Int32, _ body: (UnsafeRawBufferPointer) -> T
    ) -> T? {
        // Text is never a null pointer, even when empty: a null pointer is a NULL. SQLite's
        // rule: ask for the text first, then its length.
        guard let pointer = sqlite3_column_text(statement, index) else { return nil }
        return body(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))))
    }

    /// `body` applied to the bytes of blob column `index`; nil when it is NULL.
    private static func blob<T>(
        _ statement: SQLiteStatement, _ index: Int32, _ body: (UnsafeRawBufferPointer) -> T
    ) -> T? {
        // An empty blob (a hidden network's SSID) is a null pointer too: ask for the type.
        guard sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        let pointer = sqlite3_column_blob(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        return body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    private static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func date(_ bytes: UnsafeRawBufferPointer) -> AttendanceDate? {
        try? AttendanceDate(parsing: string(bytes))
    }
}
