import Foundation

/// A punch as recorded, with its corrections, and what it amounts to now.
///
/// The recorded punch is never changed; the ``effective`` punch is worked out by applying the
/// corrections in the order they were made (``PunchCorrection/madeOrder``, never the order a
/// store received them, so every store of an organisation agrees): a void hides it until a
/// restore, the latest re-time gives its instant and attendance date.
public struct PunchHistory: Sendable, Hashable, Identifiable {
    /// The punch as it was first recorded.
    public let original: Punch
    /// Its corrections, oldest first.
    public let corrections: [PunchCorrection]
    /// The punch as the rules see it: at its latest time, marked corrected when any correction
    /// touched it.
    public let effective: Punch
    /// True while the latest void has not been undone by a restore.
    public let isVoided: Bool

    public var id: Int64 { original.id }

    /// The history of `original` under `corrections` (any order; only those naming it count).
    public init(original: Punch, corrections: [PunchCorrection]) {
        let own = corrections.filter { $0.punchID == original.id }.sorted(by: PunchCorrection.madeOrder)
        var effective = original
        var voided = false
        for correction in own {
            switch correction.action {
            case .add: break
            case .void: voided = true
            case .restore: voided = false
            case .retime:
                if let instant = correction.newInstant {
                    effective.instant = instant
                    effective.attendanceDate = correction.toDate
                }
            }
        }
        effective.isCorrected = !own.isEmpty
        self.original = original
        self.corrections = own
        self.effective = effective
        isVoided = voided
    }

    /// Whether a re-time moved it from its recorded instant.
    public var isRetimed: Bool { effective.instant != original.instant }

    /// Whether any correction outside the edit window was forced on it.
    public var hasForcedCorrection: Bool { corrections.contains(where: \.isOutsideEditWindow) }

    /// Who entered it, for a punch a manager added.
    public var addedBy: String? { corrections.first { $0.action == .add }?.actor }

    /// The recorded punches `punches` with `corrections` applied: the effective ones, voided
    /// punches left out, in time order.
    public static func effectivePunches(_ punches: [Punch], corrections: [PunchCorrection]) -> [Punch] {
        guard !corrections.isEmpty else { return histories(punches, corrections: []).map(\.effective) }
        // The same as the histories' effective punches, without a history for every punch: a
        // register applies a month's corrections to the punches of hundreds of employees.
        let byPunch = Dictionary(grouping: corrections, by: \.punchID)
        var effective: [Punch] = []
        effective.reserveCapacity(punches.count)
        for punch in punches {
            if let own = byPunch[punch.id] {
                let history = PunchHistory(original: punch, corrections: own)
                if !history.isVoided { effective.append(history.effective) }
            } else {
                var untouched = punch
                untouched.isCorrected = false
                effective.append(untouched)
            }
        }
        // Time order is total (instant, then id), so sorting after leaving out the voided ones
        // gives the order the histories have.
        effective.sort(by: DayPunches.timeOrder)
        return effective
    }

    /// Each of `punches` with its corrections, in effective time order.
    public static func histories(_ punches: [Punch], corrections: [PunchCorrection]) -> [PunchHistory] {
        guard !corrections.isEmpty else {
            return punches.map { PunchHistory(original: $0, corrections: []) }
        }
        let byPunch = Dictionary(grouping: corrections, by: \.punchID)
        return punches.map { PunchHistory(original: $0, corrections: byPunch[$0.id] ?? []) }
            .sorted { DayPunches.timeOrder($0.effective, $1.effective) }
    }
}
