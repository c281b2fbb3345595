/// One way a date's punches would be irregular after a correction (or an import), as facts
/// that AttendanceLanguage words: the date, the punches involved and their times.
///
/// Two problems are the same when they are of the same kind and concern the same punches,
/// whatever their times: that is how a problem the date already had is told from one a change
/// makes.
public struct CorrectionProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case notAlternating, outWithoutIn, sessionTooShort, sessionTooLong, overlap
    }

    public let kind: Kind
    /// The punches involved, in the order the facts name them.
    public let ids: [Int64]
    public let facts: Facts

    /// What a manager is told of the problem.
    public enum Facts: Sendable {
        /// On `date`, `second` would follow `first` of the same kind.
        case notAlternating(date: AttendanceDate, first: PunchLabel, second: PunchLabel)
        /// On `date`, `punch` (an OUT) would have no IN before it; `next` is the IN it was meant
        /// to close, stamped after it.
        case outWithoutIn(date: AttendanceDate, punch: PunchLabel, next: PunchLabel?)
        /// On `date`, the session from `start` to `end` would be shorter than a minute.
        case sessionTooShort(date: AttendanceDate, start: PunchLabel, end: PunchLabel)
        /// On `date`, the session from `start` to `end` would be longer than `maxHours`
        /// (max_session_hours as the policy writes it).
        case sessionTooLong(date: AttendanceDate, start: PunchLabel, end: PunchLabel, maxHours: String)
        /// Two sessions of different dates would overlap.
        case overlap(first: SessionLabel, second: SessionLabel)
        /// An open IN of `date` would fall inside another date's session.
        case inside(punch: PunchLabel, date: AttendanceDate, session: SessionLabel)
    }

    public init(kind: Kind, ids: [Int64], facts: Facts) {
        self.kind = kind
        self.ids = ids
        self.facts = facts
    }

    public static func == (a: Self, b: Self) -> Bool { a.kind == b.kind && a.ids == b.ids }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(ids)
    }
}

/// A punch as a problem names it: its kind, its time on the office's clock (with the local date
/// when it is not the attendance date's) and which punch it is.
public struct PunchLabel: Sendable {
    public enum Origin: Sendable {
        /// The punch the correction would add or move.
        case new
        /// A row of an import file not stored yet.
        case line(Int)
        /// A stored punch.
        case punch(Int64)
    }

    public let kind: PunchKind
    /// "09:02", or "2026-03-03 01:01" for a time past midnight of the attendance date.
    public let time: String
    public let origin: Origin
}

/// A session of `date` as a problem names it: from its IN to its OUT.
public struct SessionLabel: Sendable {
    public let date: AttendanceDate
    public let start: PunchLabel
    public let end: PunchLabel
}
