import AttendanceCore
import Foundation

/// JSON for other programs: pretty, keys sorted, and with every character a terminal could
/// act on written as a `\u` escape, so the output is safe to show as well as to parse.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        var out = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if scalar.isUnsafeForTerminal && scalar != "\n" {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\n"
    }
}
