import Foundation

/// Instants in UTC as the audit trail shows them: `2026-11-21T05:53:20Z`.
enum UTCText {
    static func of(_ instant: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: instant)
    }
}
