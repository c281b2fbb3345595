import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// `attendance punch`
struct PunchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "punch", Phrase("List punches and correct them: add, void, restore, re-time."),
            discussion: Phrase(
                "A correction never edits or deletes a punch: it is a new record naming who made it, when and why, and it is written to the audit log. Statuses follow at once. Times are local wall-clock times in the policy's zone."
            ), subcommands: [PunchList.self, PunchAdd.self, PunchVoid.self, PunchRestore.self, PunchRetime.self])
    }
}

/// The options every correction takes: why, who, and whether to reach past the edit window.
struct CorrectionOptions: ParsableArguments {
    @Option(help: .tr("Why the correction is made (required; kept in the audit log).", valueName: "text"))
    var reason: String?

    @Flag(help: .tr("Correct a date older than [policy] edit_window_days; the correction is flagged."))
    var force = false

    @OptionGroup var actor: ActorOptions

    /// Runs the correction `request` makes under the configured policy, and prints what it did
    /// and the statuses that follow.
    func apply(
        global: GlobalOptions, in context: Context, _ request: (Policy) throws -> CorrectionRequest
    ) throws {
        try applyAll(global: global, in: context) { policy in [try request(policy)] }
    }

    /// Runs the corrections `requests` makes as one (all stored or none, checked together), and
    /// prints what each did and the statuses that follow.
    func applyAll(
        global: GlobalOptions, in context: Context, _ requests: (Policy) throws -> [CorrectionRequest]
    ) throws {
        // A missing or bad reason is refused before the store is even opened.
        let reason = try CorrectionText.reason(reason)
        let configuration = try global.configuration(in: context)
        let requests = try requests(configuration.policy)
        try global.refuseKioskAdministration(configuration, in: context)
        // For the central store, the desk's copy brought up to date first: the rules judge the
        // correction against every kiosk's punches, and the correction goes up as the command ends.
        let store = try global.open(configuration, in: context)
        let result = try Corrections.applyAll(
            requests, reason: reason, actor: actor.actor(in: context), force: force, policy: configuration.policy,
            now: context.now(), store: store)
        let words = context.words
        for outcome in result.outcomes {
            context.out.line(CorrectionReport(outcome: outcome, policy: configuration.policy).summary(words))
            if outcome.correction.isOutsideEditWindow {
                context.out.line(
                    words.tr(
                        "flagged: outside the {days}-day edit window, forced with --force",
                        ["days": "\(configuration.policy.editWindowDays)"]))
            }
        }
        for day in result.days { context.out.line(CorrectionReport.statusLine(day, words)) }
    }
}

/// The words a correction is reported in.
struct CorrectionReport {
    let outcome: CorrectionOutcome
    let policy: Policy

    /// "voided punch 12: E001 IN at 2026-11-18 09:02 on 2026-11-18"
    func summary(_ words: Speech) -> String {
        let punch = outcome.after.effective
        let zone = policy.zone
        var values = [
            "id": "\(punch.id)", "code": "\(outcome.employee.code)", "kind": punch.kind.label,
            "time": zone.minuteText(of: punch.instant), "date": "\(punch.attendanceDate)",
        ]
        switch outcome.correction.action {
        case .add: return words.tr("added punch {id}: {code} {kind} at {time} on {date}", values)
        case .void: return words.tr("voided punch {id}: {code} {kind} at {time} on {date}", values)
        case .restore: return words.tr("restored punch {id}: {code} {kind} at {time} on {date}", values)
        case .retime:
            guard let before = outcome.before?.effective else {
                return words.tr("re-timed punch {id}: {code} {kind} at {time} on {date}", values)
            }
            values["from"] = zone.minuteText(of: before.instant)
            let moved =
                before.attendanceDate == punch.attendanceDate
                ? "" : words.tr(" (was {date})", ["date": "\(before.attendanceDate)"])
            return words.tr("re-timed punch {id}: {code} {kind} from {from} to {time} on {date}", values) + moved
        }
    }

    /// "2026-11-18 is now P (present); flags: corrected"
    static func statusLine(_ day: DayEvaluation, _ words: Speech) -> String {
        // IN is "in" here, where the legend says "in now".
        let name = day.status == .in ? words.ctr("day status", "in") : day.status.legendName(words)
        let status = day.code.isEmpty ? name : "\(day.code) (\(name))"
        let values = ["date": "\(day.date)", "status": status]
        guard !day.flags.isEmpty else { return words.tr("{date} is now {status}", values) }
        return words.tr(
            "{date} is now {status}; flags: {flags}", values.merging(["flags": day.flags.described(words)]) { $1 })
    }
}

/// Finds an employee by code, or says there is none.
func requireEmployee(_ code: EmployeeCode, in store: AttendanceStore) throws -> Employee {
    guard let employee = try store.employee(code: code.rawValue) else {
        throw StoreError.unknownEmployee(code.rawValue)
    }
    return employee
}
