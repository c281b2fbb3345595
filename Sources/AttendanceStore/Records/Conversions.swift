import AttendanceCore
import Foundation
import GRDB

// MARK: - Core types to and from their column forms

extension Date {
    /// UTC milliseconds since 1970, the form every `*_ms` column uses.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

extension Row {
    /// The date in `column` of `table`; nil for NULL. Text that is not a date was not written by
    /// this program, and is an error rather than a date quietly missing.
    func date(_ column: String, of table: String) throws(StoreError) -> AttendanceDate? {
        try Self.parsed(self[column], column, of: table, AttendanceDate.init(parsing:))
    }

    /// The date in the column at `index`, which is `column` of `table`: as ``date(_:of:)``.
    func date(at index: Int, _ column: String, of table: String) throws(StoreError) -> AttendanceDate? {
        try Self.parsed(self[index], column, of: table, AttendanceDate.init(parsing:))
    }

    /// The wall-clock time in the column at `index`, which is `column` of `table`; nil for NULL,
    /// an error for anything unreadable.
    func time(at index: Int, _ column: String, of table: String) throws(StoreError) -> WallClockTime? {
        try Self.parsed(self[index], column, of: table, WallClockTime.init(parsing:))
    }

    /// `text` parsed; nil for NULL, and text that does not parse is an unreadable record.
    private static func parsed<Value>(
        _ text: String?, _ column: String, of table: String, _ parse: (String) throws -> Value
    ) throws(StoreError) -> Value? {
        guard let text else { return nil }
        guard let value = try? parse(text) else { throw .unreadableRecord(table: table, column: column, value: text) }
        return value
    }
}

/// A JSON object for the audit log's old and new values, keys sorted so rows compare easily.
/// A value JSON cannot hold fails the change it would record: an audit row must say what changed.
func auditJSON(_ fields: [String: Any?]) throws -> String {
    var object: [String: Any] = [:]
    for (key, value) in fields {
        object[key] = value ?? NSNull()
    }
    guard JSONSerialization.isValidJSONObject(object) else {
        throw StoreError.ioError("an audit value could not be written as JSON (\(fields.keys.sorted()))")
    }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}
