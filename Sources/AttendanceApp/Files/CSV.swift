import Foundation

/// Comma-separated values as RFC 4180 defines them: CRLF line ends, fields with a comma, quote
/// or line break quoted, quotes doubled.
public enum CSV {
    public static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ value: String) -> String {
        // A leading = + - @ makes spreadsheets run the cell as a formula; a quote-prefixed
        // apostrophe keeps payroll files inert when opened in one. A value that already starts
        // with an apostrophe the importer would take for that guard gets one more, so that
        // export and import give back exactly what was stored.
        var value = value
        let scalars = Array(value.unicodeScalars.prefix(2))
        let formula = scalars.first.map { "=+-@".unicodeScalars.contains($0) } ?? false
        let looksGuarded = scalars.count == 2 && scalars[0] == "'" && "=+-@'".unicodeScalars.contains(scalars[1])
        if (formula && Double(value) == nil) || looksGuarded {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
