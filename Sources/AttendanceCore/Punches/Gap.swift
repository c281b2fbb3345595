import Foundation

/// The time between an OUT and the next IN of the same attendance date: lunch, an errand.
///
/// Gaps are listed in day detail; they never count as worked time.
public struct Gap: Sendable, Hashable {
    /// The OUT that began the gap.
    public let outPunch: Punch
    /// The IN that ended it.
    public let inPunch: Punch

    public var start: Date { outPunch.instant }
    public var end: Date { inPunch.instant }
    public var length: TimeInterval { end.timeIntervalSince(start) }
}
