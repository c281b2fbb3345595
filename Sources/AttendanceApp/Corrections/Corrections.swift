import AttendanceCore
import AttendanceStore
import Foundation

/// A manager's correction and the dates it leaves behind, for every front-end.
public struct CorrectionResult: Sendable {
    public let outcome: CorrectionOutcome
    /// Each date the correction touched, judged as the calendar judges it (holiday and leave too).
    public let days: [DayEvaluation]
}

/// Corrections, for the command line and the web console alike: the store checks and records
/// them in one transaction (the rules are the core's `CorrectionCheck`); this judges the dates
/// that follow.
public enum Corrections {
    public static func apply(
        _ request: CorrectionRequest, reason: String, actor: String, force: Bool, policy: Policy, now: Date,
        store: AttendanceStore
    ) throws -> CorrectionResult {
        let outcome = try store.correct(request, reason: reason, actor: actor, force: force, policy: policy, now: now)
        return try result(of: outcome, policy: policy, now: now, store: store)
    }

    /// `outcome` with the dates it touched, judged as the calendar judges them.
    static func result(
        of outcome: CorrectionOutcome, policy: Policy, now: Date, store: AttendanceStore
    ) throws(StoreError) -> CorrectionResult {
        let days = try outcome.dates.map { date throws(StoreError) in
            try Reports.day(date, of: outcome.employee, policy: policy, now: now, store: store)
        }
        return CorrectionResult(outcome: outcome, days: days)
    }

    /// Several corrections made as one, under one reason: all stored or none, the dates checked
    /// together after every change (a pair voided where each alone would break the alternation).
    /// Each touched date is judged once, after all of them.
    public static func applyAll(
        _ requests: [CorrectionRequest], reason: String, actor: String, force: Bool, policy: Policy, now: Date,
        store: AttendanceStore
    ) throws -> (outcomes: [CorrectionOutcome], days: [DayEvaluation]) {
        let outcomes =
            requests.count == 1
            ? [try store.correct(requests[0], reason: reason, actor: actor, force: force, policy: policy, now: now)]
            : try store.correct(all: requests, reason: reason, actor: actor, force: force, policy: policy, now: now)
        var judged = Set<String>()
        var days: [DayEvaluation] = []
        for outcome in outcomes {
            for date in outcome.dates where judged.insert("\(outcome.employee.id) \(date)").inserted {
                days.append(try Reports.day(date, of: outcome.employee, policy: policy, now: now, store: store))
            }
        }
        return (outcomes, days)
    }
}
