import AttendanceCore
import AttendanceLanguage
import AttendanceStore

/// Leave granted over a range: what was recorded, and the dates of the range that needed none.
public struct LeaveGrant: Sendable {
    public let added: [LeaveEntry]
    /// The range's weekly offs and holidays, skipped; each with its holiday's name, if it is one.
    public let skipped: [(date: AttendanceDate, holiday: String?)]

    /// The skipped dates as every front-end lists them: "2026-12-25 (holiday Christmas)",
    /// "2026-12-27 (weekly off)".
    public static func describe(_ skipped: [(date: AttendanceDate, holiday: String?)], _ words: some Wording) -> String
    {
        skipped.map {
            let why = $0.holiday.map { words.tr("holiday {name}", ["name": $0]) } ?? words.tr("weekly off", [:])
            return "\($0.date) (\(why))"
        }.joined(separator: ", ")
    }
}

/// Employees' leave, for the command line and the web console alike.
public enum LeaveBook {
    /// The most dates one grant may cover.
    public static let longestRange = 366

    /// The leave recorded for `code` (everyone's when nil) from `first` through `last`.
    public static func list(
        employee code: EmployeeCode?, from first: AttendanceDate?, through last: AttendanceDate?,
        store: AttendanceStore
    ) throws(StoreError) -> [LeaveEntry] {
        try store.leaveEntries(employee: code, from: first, through: last)
    }

    /// Records leave of `kind` and `type` (a name of `policy.leaveTypes`) on the working dates from
    /// `first` through `last`: weekly offs and holidays need none and are skipped. If any date
    /// already has leave, nothing is recorded; an unknown type is refused with the known ones.
    public static func grant(
        _ code: EmployeeCode, from first: AttendanceDate, through last: AttendanceDate, kind: LeaveKind,
        type: String = LeaveType.annual.name, reason: String, policy: Policy, actor: String, store: AttendanceStore
    ) throws -> LeaveGrant {
        guard let known = policy.leaveTypes[type] else {
            let names = policy.leaveTypes.namesList
            throw AppFailure { words in
                words.tr(
                    "unknown leave type {type}; the types are {types}", ["type": type.quotedForMessage, "types": names])
            }
        }
        guard first <= last else {
            throw AppFailure { words in
                words.tr(
                    "the last date {last} is before the first, {first}",
                    ["last": last.description, "first": first.description])
            }
        }
        guard first.distance(to: last) < longestRange else {
            throw AppFailure { words in
                words.tr("leave can cover at most {days} days at once", ["days": "\(longestRange)"])
            }
        }
        let holidays = try store.holidayNames(from: first, through: last)
        let dates = policy.workingDates(from: first, through: last, holidays: holidays)
        let skipped = first.dates(through: last).filter { !dates.contains($0) }.map { ($0, holidays[$0]) }
        guard !dates.isEmpty else {
            throw AppFailure { words in
                words.tr("no working date to take leave on: {dates}", ["dates": LeaveGrant.describe(skipped, words)])
            }
        }
        let added = try store.addLeave(
            employee: code, on: dates, kind: kind, type: known.name, reason: reason, actor: actor)
        return LeaveGrant(added: added, skipped: skipped)
    }

    /// Removes the employee's leave from `first` through `last`; a range with none is refused.
    public static func cancel(
        _ code: EmployeeCode, from first: AttendanceDate, through last: AttendanceDate, actor: String,
        store: AttendanceStore
    ) throws(StoreError) -> [LeaveEntry] {
        try store.removeLeave(employee: code, from: first, through: last, actor: actor)
    }
}
