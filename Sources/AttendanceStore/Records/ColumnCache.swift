import Foundation

/// Values decoded from a column's stored bytes, each distinct byte string decoded once.
///
/// A handful of distinct values fill most punch columns (the ~31 dates of a month, an office's
/// zones, access points and locations, two kinds), so a report of 100,000 rows decodes a few
/// dozen values instead of 100,000, and the rows share one copy of each (one string buffer, one
/// BSSID array). The search is linear, the last match first, because rows come grouped and the
/// lists are short; past `capacity` distinct values the rest are decoded every time rather than
/// growing the search.
struct ColumnCache<Value> {
    private var keys: [[UInt8]] = []
    private var values: [Value] = []
    private var lastMatch = 0
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The value of `bytes`, from `decode` the first time these bytes are seen.
    mutating func value(of bytes: UnsafeRawBufferPointer, decode: (UnsafeRawBufferPointer) -> Value) -> Value {
        if lastMatch < keys.count, Self.equal(keys[lastMatch], bytes) { return values[lastMatch] }
        for index in keys.indices where index != lastMatch && Self.equal(keys[index], bytes) {
            lastMatch = index
            return values[index]
        }
        let value = decode(bytes)
        if keys.count < capacity {
            keys.append(Array(bytes))
            values.append(value)
            lastMatch = keys.count - 1
        }
        return value
    }

    private static func equal(_ key: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.withUnsafeBytes { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return true }
            return memcmp(a, b, bytes.count) == 0
        }
    }
}
