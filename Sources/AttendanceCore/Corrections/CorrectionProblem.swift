/// One way a date's punches would be irregular after a correction.
///
/// Two problems are the same when they are of the same kind and concern the same punches,
/// whatever their times: that is how a problem the date already had is told from one a change
/// makes.
public struct CorrectionProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case notAlternating, outWithoutIn, sessionTooShort, sessionTooLong, overlap
    }

    public let kind: Kind
    /// The punches involved, in the order the message names them.
    public let ids: [Int64]
    public let message: String

    public static func == (a: Self, b: Self) -> Bool { a.kind == b.kind && a.ids == b.ids }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(ids)
    }
}
