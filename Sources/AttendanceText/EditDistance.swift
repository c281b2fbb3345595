extension String {
    /// Levenshtein's distance to `other`, by characters: how many characters must be inserted,
    /// removed or replaced to make one the other. It takes time in the product of the lengths:
    /// callers compare only words of similar length (a mistyped key, a mistyped command).
    public func editDistance(to other: String) -> Int {
        let a = Array(self)
        let b = Array(other)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
