/// Timings of repeated runs and their order statistics.
///
/// Other builds may run on the machine at the same time, so single runs are noisy: figures are
/// medians (and upper percentiles where the tail matters), never means or single runs.
struct Sample {
    /// The values, smallest first.
    let sorted: [Double]

    init(_ values: [Double]) {
        sorted = values.sorted()
    }

    var count: Int { sorted.count }
    var median: Double { percentile(50) }
    var minimum: Double { sorted.first ?? 0 }
    var maximum: Double { sorted.last ?? 0 }

    /// The nearest-rank percentile: the smallest value with at least `p` % of the values at or
    /// below it (p50 of 1…10 is 5, p99 of 1,000 values is the 990th).
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
