import Foundation

/// Why a benchmark could not produce its figure.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    var milliseconds: Double { seconds * 1000 }
}
