import Foundation

/// A document that its library writes as a file (a PDF, a workbook), as bytes: for a printer or
/// a web page rather than a file of the user's.
public enum DocumentBytes {
    /// The document `make` writes, as bytes: made in a temporary folder of its own, removed again.
    public static func make<Made>(
        _ make: (String) throws(DocumentError) -> Made
    ) throws(DocumentError) -> (Made, [UInt8]) {
        let folder = NSTemporaryDirectory() + "/attendance-document-" + UUID().uuidString
        guard mkdir(folder, 0o700) == 0 else {
            throw .unwritable("a temporary folder at \(folder)", reason: String(cString: strerror(errno)))
        }
        let path = folder + "/document"
        defer {
            unlink(path)
            rmdir(folder)
        }
        let value = try make(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unwritable(path, reason: "it could not be read back")
        }
        return (value, Array(data))
    }
}
