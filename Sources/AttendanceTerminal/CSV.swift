import Foundation

/// Comma-separated values as RFC 4180 defines them: CRLF line ends, fields with a comma, quote
/// or line break quoted, quotes doubled.
public enum CSV {
    public static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    static func field(_ value: String) -> String {
        // A leading = + - @ makes spreadsheets run the cell as a formula; a quote-prefixed
        // apostrophe keeps payroll files inert when opened in one.
        var value = value
        if let first = value.unicodeScalars.first, "=+-@".unicodeScalars.contains(first),
            Double(value) == nil
        {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
