import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal

/// `attendance request list`
struct RequestList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List the requests waiting for an answer, oldest date first."))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func run(in context: Context) throws {
        let (_, store) = try global.open(in: context)
        let waiting = try AskedCorrections.waiting(store: store)
        try Self.listing.write(
            waiting, as: format, to: context, empty: context.words.tr("no requests are waiting"),
            footer: context.words.ntr("{n} request waiting", "{n} requests waiting", waiting.count))
    }

    static let listing = Listing<AskedCorrection>([
        .init("id", header: ColumnHeader.ctr("column header", "ID")) { .integer($0.id) },
        .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.employee.code.rawValue) },
        .init(
            "name", header: ColumnHeader.ctr("column header", "NAME"),
            cell: { $0.employee.name.rawValue.truncated(toWidth: 30) }
        ) {
            .text($0.employee.name.rawValue)
        },
        .init("date", header: ColumnHeader.ctr("column header", "DATE")) { .text($0.date.description) },
        .init("left_at", header: ColumnHeader.ctr("column header", "LEFT AT")) { .text($0.leftAt.description) },
        .init("reason", header: ColumnHeader.ctr("column header", "REASON")) { .text($0.reason) },
    ])
}
