import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string.
struct Form {
    private var fields: [String: String] = [:]

    init(urlEncoded text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            let key = decode(parts[0])
            // The first value of a field counts; a repeated field cannot override it.
            if fields[key] == nil { fields[key] = parts.count > 1 ? decode(parts[1]) : "" }
        }
    }

    subscript(_ key: String) -> String? { fields[key] }

    /// The field's value with surrounding spaces removed; nil when missing or empty.
    func trimmed(_ key: String) -> String? {
        guard let value = fields[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }
}

/// The fields of a request's query string, read as a browser writes a GET form's: percent-encoded,
/// a space as `+`. (Hummingbird's own `queryParameters` keeps a `+`, so a department "Stores & Co"
/// chosen in a form would arrive as "Stores+&+Co".)
struct QueryFields {
    let form: Form

    init(_ query: String?) { form = Form(urlEncoded: query ?? "") }

    subscript(_ key: Substring) -> Substring? { form[String(key)].map { Substring($0) } }
}
