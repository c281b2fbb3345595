import Foundation

/// The moment in the name of a file a command keeps for a person to act on (a desk copy set
/// aside, punches kept to import): UTC, without separators, "20261123T043000Z".
package enum FileStamp {
    package static func text(of instant: Date) -> String {
        ISO8601DateFormatter.string(
            from: instant, timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime, .withTimeZone])
    }
}
