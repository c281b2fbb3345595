import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage

/// `attendance request refuse ID --reason TEXT`
struct RequestRefuse: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("refuse", Phrase("Refuse a request; the employee sees the reason at the kiosk."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The request's number, from `attendance request list`.", valueName: "id"))
    var id: RequestID
    @Option(help: .tr("Why, in words for the employee (required; kept in the audit log).", valueName: "text"))
    var reason: String?
    @OptionGroup var actor: ActorOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        try global.refuseKioskAdministration(configuration, in: context)
        let store = try global.open(configuration, in: context)
        try AskedCorrections.refuse(id.rawValue, answer: reason, actor: actor.actor(in: context), store: store)
        context.out.line(context.words.tr("refused request {id}", ["id": "\(id.rawValue)"]))
    }
}
