import AttendanceLanguage
import Foundation

/// The fields and files of a `multipart/form-data` body (RFC 7578), as a browser sends a form
/// with a file in it. Only what the console's upload needs: named parts, text fields as UTF-8,
/// files as bytes with the name the browser gave.
struct Upload {
    struct File {
        let filename: String
        let bytes: [UInt8]
    }

    private(set) var fields: [String: String] = [:]
    private(set) var files: [String: File] = [:]

    /// Reads `body` sent with `contentType`; refused with the reason when it is not such a body.
    init(body: [UInt8], contentType: String?) throws(WebFailure) {
        guard let contentType, let boundary = Self.boundary(in: contentType) else {
            throw .badRequest(
                Console.words.tr(
                    "Send the file from the upload form (a multipart/form-data body); nothing was changed."))
        }
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var at = Self.find(delimiter, in: body, from: 0) else { throw Self.malformed }
        at += delimiter.count
        while true {
            // After a delimiter: "--" ends the body, a line break starts a part.
            if body[at...].starts(with: Array("--".utf8)) { return }
            guard body[at...].starts(with: Array("\r\n".utf8)) else { throw Self.malformed }
            let start = at + 2
            guard let end = Self.find(separator, in: body, from: start) else { throw Self.malformed }
            try read(part: Array(body[start..<end]))
            at = end + separator.count
        }
    }

    subscript(_ key: String) -> String? { fields[key] }

    /// The file sent in `field`, with the name a page shows for it (the browser's file name without
    /// its folders; "the file" when it gave none); refused with `refusal` when no file, or an
    /// empty one, was sent.
    func chosenFile(_ field: String, refusal: String) throws(WebFailure) -> (name: String, bytes: [UInt8]) {
        guard let file = files[field], !file.bytes.isEmpty else { throw .badRequest(refusal) }
        let name = file.filename.isEmpty ? Console.words.tr("the file") : (file.filename as NSString).lastPathComponent
        return (name, file.bytes)
    }

    private static var malformed: WebFailure {
        WebFailure.badRequest(
            Console.words.tr(
                "The upload was cut short or is not multipart/form-data as a browser sends it; nothing was changed."))
    }

    private mutating func read(part: [UInt8]) throws(WebFailure) {
        guard let split = Self.find(Array("\r\n\r\n".utf8), in: part, from: 0) else { throw Self.malformed }
        let head = String(decoding: part[..<split], as: UTF8.self)
        let content = Array(part[(split + 4)...])
        guard
            let disposition = head.split(separator: "\r\n").first(where: {
                $0.lowercased().hasPrefix("content-disposition:")
            })
        else { throw Self.malformed }
        let parameters = Self.parameters(of: disposition)
        guard let name = parameters["name"] else { throw Self.malformed }
        if let filename = parameters["filename"] {
            if files[name] == nil { files[name] = File(filename: filename, bytes: content) }
        } else if fields[name] == nil {
            fields[name] = String(decoding: content, as: UTF8.self)
        }
    }

    /// `boundary` of `multipart/form-data; boundary=…`, quoted or not.
    static func boundary(in contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        let boundary = parameters(of: contentType)["boundary"]
        guard let boundary, (1...70).contains(boundary.utf8.count) else { return nil }
        return boundary
    }

    /// The `key=value` and `key="value"` parameters of a header line, keys in lower case.
    static func parameters(of line: some StringProtocol) -> [String: String] {
        var found: [String: String] = [:]
        for piece in line.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if found[key] == nil { found[key] = value }
        }
        return found
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
