import AttendanceCore
import Foundation
import GRDB
import GRDBSQLite

/// What `store verify` found.
public struct HistoryCheck: Sendable {
    /// Records in the chain.
    public let records: Int
    /// The chain's last hash (32 zero bytes when there is no record yet).
    public let head: [UInt8]
    /// The first thing that does not hold, nil when the whole chain is intact.
    public let problem: HistoryProblem?
    /// The audit entry that says the chain was built over records made before it, if any.
    public let builtOver: String?
}

/// The first break in a history chain, worded for the manager in their language.
public struct HistoryProblem: Sendable, Equatable, CustomStringConvertible {
    /// What kind of break; `record` names the record concerned ("punch 12 of E001").
    public enum Break: Sendable, Equatable {
        /// Entries `first` through `last` are not in the chain.
        case missing(first: Int64, last: Int64)
        /// The entry's link does not follow the one before it.
        case notFollowing(record: String)
        /// The record no longer hashes to its entry.
        case changed(record: String)
        /// The entry's record is not in the store.
        case gone(record: String)
        /// A record with two entries, the later one `entry`.
        case linkedTwice(record: String)
        /// A record with no entry.
        case unchained(record: String)
    }

    /// The chain entry where it breaks.
    public let entry: Int64
    public let kind: Break

    package init(entry: Int64, kind: Break) {
        self.entry = entry
        self.kind = kind
    }

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language.
    public func worded(_ words: some Wording) -> String {
        let seq = "\(entry)"
        switch kind {
        case .missing(let first, let last):
            return words.tr(
                "chain entries {first}–{last} are missing: records were removed",
                ["first": "\(first)", "last": "\(last)"])
        case .notFollowing(let record):
            return words.tr(
                "entry {seq} ({record}) does not follow the entry before it: the chain was cut or spliced there",
                ["seq": seq, "record": record])
        case .changed(let record):
            return words.tr(
                "{record} was changed after it was recorded (entry {seq} does not match it)",
                ["seq": seq, "record": record])
        case .gone(let record):
            return words.tr("{record} is gone: it was removed (entry {seq})", ["seq": seq, "record": record])
        case .linkedTwice(let record):
            return words.tr(
                "{record} is linked twice: entry {seq} was added outside this program", ["seq": seq, "record": record])
        case .unchained(let record):
            return words.tr(
                "{record} is not in the chain: it was added outside this program", ["record": record])
        }
    }
}

extension AttendanceStore {
    /// Registers `attendance_history_link(previous, kind, value…)` on `db`: the link of one record,
    /// which the chain's triggers call for every record written. It reads SQLite's values straight
    /// into the canonical encoding: GRDB's function wrapper made a Swift value of each argument
    /// first, most of the function's cost when a desk stores a large centre's pages.
    static func addHistoryLinkFunction(to db: Database) throws {
        let code = sqlite3_create_function_v2(
            db.sqliteConnection, Schema.linkFunction, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, count, arguments in AttendanceStore.historyLink(context, count, arguments) }, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot add \(Schema.linkFunction)")
        }
    }

    /// The link of the record whose values SQLite hands over: previous link, kind, then the values.
    private static func historyLink(
        _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
    ) {
        guard let arguments, count >= 2, sqlite3_value_type(arguments[0]) == SQLITE_BLOB,
            sqlite3_value_type(arguments[1]) == SQLITE_TEXT, let kind = sqlite3_value_text(arguments[1])
        else {
            sqlite3_result_error(context, "\(Schema.linkFunction)(previous, kind, value…)", -1)
            return
        }
        var encoder = HistoryLink.Encoder(kind: String(cString: kind), count: Int(count) - 2)
        for index in 2..<Int(count) {
            let value = arguments[index]
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER: encoder.append(integer: sqlite3_value_int64(value))
            case SQLITE_FLOAT: encoder.append(real: sqlite3_value_double(value))
            case SQLITE_TEXT:
                guard let text = sqlite3_value_text(value) else { return sqlite3_result_error_nomem(context) }
                // As a Swift string reads it (`String(cString:)`, as `store verify` does): up to
                // the first NUL, invalid UTF-8 repaired. ASCII, nearly every value, is copied as is.
                let length = strlen(text)
                let bytes = UnsafeRawBufferPointer(start: text, count: length)
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    encoder.append(utf8: bytes)
                } else {
                    encoder.append(text: String(cString: text))
                }
            case SQLITE_BLOB:
                let start = sqlite3_value_blob(value)
                encoder.append(bytes: UnsafeRawBufferPointer(start: start, count: Int(sqlite3_value_bytes(value))))
            default: encoder.appendNull()
            }
        }
        let previousStart = sqlite3_value_blob(arguments[0])
        let previous = UnsafeRawBufferPointer(start: previousStart, count: Int(sqlite3_value_bytes(arguments[0])))
        let link = HistoryLink.hash(previous: previous, encoding: encoder.bytes)
        link.withUnsafeBytes {
            // SQLITE_TRANSIENT: SQLite copies the 32 bytes before this returns.
            sqlite3_result_blob(
                context, $0.baseAddress, Int32($0.count),
                unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self))
        }
    }

    static func historyField(_ value: DatabaseValue) -> HistoryLink.Field {
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .blob(let data): return .bytes([UInt8](data))
        }
    }

    /// The chain's length and last hash: the digest a printed register carries.
    public func historyHead() throws(StoreError) -> (records: Int, hash: [UInt8]) {
        try perform {
            try pool.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT seq, hash FROM history_chain ORDER BY seq DESC LIMIT 1")
                guard let row else { return (0, HistoryLink.start) }
                let hash: Data = row["hash"]
                return (Int(row["seq"] as Int64), [UInt8](hash))
            }
        }
    }

    /// Where in the chain the hash `digest` stands (its number of records), nil when nowhere.
    public func historyEntry(withHash digest: [UInt8]) throws(StoreError) -> Int? {
        try perform {
            try pool.read { db in
                try Int64.fetchOne(db, sql: "SELECT seq FROM history_chain WHERE hash = ?", arguments: [Data(digest)])
                    .map(Int.init)
            }
        }
    }

    /// Recomputes the whole chain from the records: each link from the one before it and the
    /// record it names, each record of history present in the chain once.
    public func verifyHistory() throws(StoreError) -> HistoryCheck {
        try perform {
            try pool.read { db in
                var reading: [String: Statement] = [:]
                for (kind, values) in Schema.chainedKinds {
                    reading[kind] = try db.makeStatement(
                        sql: "SELECT \(values.joined(separator: ", ")) FROM \(kind) AS r WHERE r.id = ?")
                }
                var previous = HistoryLink.start
                var expectedSeq: Int64 = 1
                var problem: HistoryProblem?
                let entries = try Row.fetchCursor(
                    db, sql: "SELECT seq, kind, record_id, prev, hash FROM history_chain ORDER BY seq")
                while problem == nil, let entry = try entries.next() {
                    let seq: Int64 = entry["seq"]
                    let kind: String = entry["kind"]
                    let id: Int64 = entry["record_id"]
                    let prev = [UInt8](entry["prev"] as Data)
                    let hash = [UInt8](entry["hash"] as Data)
                    // Words for a record only where something is wrong.
                    func what() throws -> String { try Self.describe(kind: kind, id: id, in: db) }
                    if seq != expectedSeq {
                        problem = HistoryProblem(entry: seq, kind: .missing(first: expectedSeq, last: seq - 1))
                    } else if prev != previous {
                        problem = HistoryProblem(entry: seq, kind: .notFollowing(record: try what()))
                    } else if let statement = reading[kind],
                        let row = try Row.fetchOne(statement, arguments: [id])
                    {
                        let fields = Array(row.databaseValues.map(Self.historyField))
                        if HistoryLink.hash(previous: previous, kind: kind, fields: fields) != hash {
                            problem = HistoryProblem(entry: seq, kind: .changed(record: try what()))
                        }
                    } else {
                        problem = HistoryProblem(entry: seq, kind: .gone(record: try what()))
                    }
                    previous = hash
                    expectedSeq = seq + 1
                }
                let records = Int(expectedSeq - 1)
                // No index keeps a record to one link (every punch would write one more page);
                // a record linked twice is found here instead.
                if problem == nil,
                    let twice = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT kind, record_id, max(seq) AS seq FROM history_chain GROUP BY kind, record_id
                            HAVING count(*) > 1 ORDER BY seq LIMIT 1
                            """)
                {
                    let record = try Self.describe(kind: twice["kind"], id: twice["record_id"], in: db)
                    problem = HistoryProblem(entry: twice["seq"], kind: .linkedTwice(record: record))
                }
                if problem == nil {
                    for (kind, _) in Schema.chainedKinds {
                        let unchained = try Int64.fetchOne(
                            db,
                            sql: """
                                SELECT id FROM \(kind) WHERE id NOT IN (SELECT record_id FROM history_chain WHERE kind = ?)
                                ORDER BY id LIMIT 1
                                """, arguments: [kind])
                        if let unchained {
                            let record = try Self.describe(kind: kind, id: unchained, in: db)
                            problem = HistoryProblem(entry: expectedSeq, kind: .unchained(record: record))
                            break
                        }
                    }
                }
                let builtOver = try String.fetchOne(
                    db, sql: "SELECT reason FROM audit_log WHERE action = 'chain-history' ORDER BY id LIMIT 1")
                return HistoryCheck(
                    records: records, head: records == 0 ? HistoryLink.start : previous, problem: problem,
                    builtOver: builtOver)
            }
        }
    }

    /// "punch #12 (E001, IN on 2026-11-20)", or what is known of a record that is gone.
    static func describe(kind: String, id: Int64, in db: Database) throws -> String {
        // What the record is called, the query for its row, and what the row tells of it.
        let (name, sql, details): (String, String, (Row) -> String) =
            switch kind {
            case "punch":
                (
                    "punch",
                    """
                    SELECT e.code, p.kind, p.attendance_date FROM punch p LEFT JOIN employee e ON e.id = p.employee_id
                    WHERE p.id = ?
                    """,
                    {
                        "\($0["code"] as String? ?? "?"), \(($0["kind"] as String).uppercased()) on \($0["attendance_date"] as String)"
                    }
                )
            case "punch_correction":
                (
                    "correction", "SELECT action, punch_date, punch_id FROM punch_correction WHERE id = ?",
                    {
                        "\($0["action"] as String) of punch #\($0["punch_id"] as Int64) on \($0["punch_date"] as String)"
                    }
                )
            default:
                (
                    "audit entry", "SELECT action, entity, entity_key, at_ms FROM audit_log WHERE id = ?",
                    { row in
                        let day = AttendanceDate(
                            dayNumber: Int((Double(row["at_ms"] as Int64) / 86_400_000).rounded(.down)))
                        return
                            "\(row["action"] as String) \(row["entity"] as String) \(row["entity_key"] as String), \(day) UTC"
                    }
                )
            }
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return "\(name) #\(id)" }
        return "\(name) #\(id) (\(details(row)))"
    }
}
