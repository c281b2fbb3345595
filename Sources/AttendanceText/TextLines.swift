/// Where a file that should be text is not.
public enum TextLines {
    /// The 1-based number of the first line of `bytes` that is not valid UTF-8, or nil when every
    /// line is: what an error about a file a person edits names, so they can find the byte.
    public static func firstNotUTF8<Bytes: Collection>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if String(validating: line, as: UTF8.self) == nil { return number }
        }
        return nil
    }
}
