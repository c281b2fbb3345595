/// The numbers in `text` when it is exactly ASCII digit runs of `lengths` with `separator`
/// between them ("2026-11-23" for [4, 2, 2] and "-"), nil otherwise.
///
/// The one reader of `AttendanceDate`, `YearMonth` and `WallClockTime` text: it goes by bytes,
/// without splitting the text into characters first.
func asciiNumbers(_ text: String, lengths: [Int], separator: UInt8) -> [Int]? {
    let bytes = text.utf8
    guard bytes.count == lengths.reduce(lengths.count - 1, +) else { return nil }
    var numbers: [Int] = []
    numbers.reserveCapacity(lengths.count)
    var index = bytes.startIndex
    for (position, length) in lengths.enumerated() {
        if position > 0 {
            guard bytes[index] == separator else { return nil }
            index = bytes.index(after: index)
        }
        var value = 0
        for _ in 0..<length {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index = bytes.index(after: index)
        }
        numbers.append(value)
    }
    return numbers
}
