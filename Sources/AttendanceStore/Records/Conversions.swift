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
    func date(_ column: String) -> AttendanceDate? {
        guard let text: String = self[column] else { return nil }
        return try? AttendanceDate(parsing: text)
    }

    func time(_ column: String) -> WallClockTime? {
        guard let text: String = self[column] else { return nil }
        return try? WallClockTime(parsing: text)
    }
}

/// A JSON object for the audit log's old and new values, keys sorted so rows compare easily.
func auditJSON(_ fields: [String: Any?]) -> String {
    var object: [String: Any] = [:]
    for (key, value) in fields {
        object[key] = value ?? NSNull()
    }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}
