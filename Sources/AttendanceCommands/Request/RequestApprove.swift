import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage

/// `attendance request approve ID [--note TEXT]`
struct RequestApprove: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("approve", Phrase("Approve a request: its correction is made and audited, and the employee is told."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The request's number, from `attendance request list`.", valueName: "id"))
    var id: RequestID
    @Option(help: .tr("A word for the employee, shown with the approval.", valueName: "text"))
    var note: String?
    @Flag(help: .tr("Approve a request for a date older than [policy] edit_window_days; the correction is flagged."))
    var force = false
    @OptionGroup var actor: ActorOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        try global.refuseKioskAdministration(configuration, in: context)
        let store = try global.open(configuration, in: context)
        let policy = configuration.policy
        let result = try AskedCorrections.approve(
            id.rawValue, note: note, actor: actor.actor(in: context), force: force, policy: policy,
            now: context.now(), store: store)
        context.out.line(context.words.tr("approved request {id}", ["id": "\(id.rawValue)"]))
        context.out.line(CorrectionReport(outcome: result.outcome, policy: policy).summary(context.words))
        for day in result.days { context.out.line(CorrectionReport.statusLine(day, context.words)) }
    }
}
