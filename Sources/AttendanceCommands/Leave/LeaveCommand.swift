import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// `attendance leave`
struct LeaveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "leave", Phrase("Record, list and remove employees' leave."),
            discussion: Phrase(
                "A full-day leave shows LV. A half-day leave covers one half of the date and the punches decide the other: worked, it is HD; with no punches once the date is over, A; forgotten mark-out, M. It counts 0.5 LV plus that other half (0.5 HD-present or 0.5 A). Each leave has a type (--type, annual unless told): annual LV, sick SL and unpaid UL, and any other [leave_types] in the configuration adds or changes; a date of full-day leave shows its type's code, and summaries count each type."
            ), subcommands: [LeaveAdd.self, LeaveList.self, LeaveRemove.self])
    }
}

/// A leave as listings and JSON show it.
enum LeaveListing {
    static let listing = Listing<LeaveEntry>([
        .init("date", header: ColumnHeader.ctr("column header", "DATE")) { .text($0.date.description) },
        .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.employeeCode.rawValue) },
        .init("kind", header: ColumnHeader.ctr("column header", "KIND")) {
            .text($0.kind == .half ? "half day" : "full day")
        },
        .init("type", header: ColumnHeader.ctr("column header", "TYPE")) { .text($0.type) },
        .init("reason", header: ColumnHeader.ctr("column header", "REASON"), cell: { $0.reason.truncated(toWidth: 50) })
        { .text($0.reason) },
    ])
}

/// `attendance leave add CODE DATE [--to DATE] [--half] --reason TEXT`
struct LeaveAdd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "add", Phrase("Record leave for a date or a range of dates."),
            discussion: Phrase(
                "A range (--to) takes only its working dates: weekly offs and holidays in it need no leave and are skipped. If any date already has leave, nothing is recorded."
            ))
    }

    @OptionGroup var employee: EmployeeChangeOptions
    @Argument(help: .tr("The (first) date.", valueName: "YYYY-MM-DD")) var date: AttendanceDate
    @Option(help: .tr("The last date of a range.", valueName: "YYYY-MM-DD")) var to: AttendanceDate?
    @Flag(help: .tr("A half-day leave: the date counts as a half day.")) var half = false
    @Option(help: .tr("The leave's type: annual, sick, unpaid, or one of [leave_types].", valueName: "type"))
    var type = LeaveType.annual.name
    @Option(help: .tr("Why, for the record.")) var reason: LeaveReason

    func run(in context: Context) throws {
        let range = try DateRange.dates(from: date, to: to, of: .leave, context.words)
        let (employeeCode, first, last) = (employee.code, range[0], range[range.count - 1])
        let (configuration, store, actor) = try employee.open(in: context)
        let grant = try LeaveBook.grant(
            employeeCode, from: first, through: last, kind: half ? .half : .full, type: type, reason: reason.rawValue,
            policy: configuration.policy, actor: actor, store: store)
        let added = grant.added
        let words = context.words
        let kind =
            (half ? words.ctr("leave", "half day") : words.ctr("leave", "full day"))
            + (type == LeaveType.annual.name ? "" : ", \(type)")
        let code = added.first?.employeeCode.rawValue ?? employeeCode.rawValue
        if added.count == 1, let only = added.first {
            context.out.line(
                words.tr(
                    "recorded leave for {code} on {date} ({kind})",
                    ["code": code, "date": "\(only.date)", "kind": kind]))
        } else {
            context.out.line(
                words.tr(
                    "recorded leave for {code} on {n} dates from {first} to {last} ({kind})",
                    [
                        "code": code, "n": "\(added.count)", "first": "\(added[0].date)",
                        "last": "\(added[added.count - 1].date)", "kind": kind,
                    ]))
        }
        if !grant.skipped.isEmpty {
            context.out.line(words.tr("skipped {dates}", ["dates": LeaveGrant.describe(grant.skipped, words)]))
        }
    }
}

/// `attendance leave list [CODE] [--month YYYY-MM]`
struct LeaveList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List recorded leave."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("Only this employee's leave.", valueName: "code")) var code: EmployeeCode?
    @Option(help: .tr("Only this month.", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func run(in context: Context) throws {
        let (employeeCode, shownMonth) = (code, month)
        let (_, store) = try global.open(in: context)
        try LeaveListing.listing.write(
            try LeaveBook.list(
                employee: employeeCode, from: shownMonth?.firstDay, through: shownMonth?.lastDay, store: store),
            as: format, to: context,
            empty: context.words.tr("no leave recorded; add some with `attendance leave add CODE DATE --reason TEXT`"))
    }
}

/// `attendance leave remove CODE DATE [--to DATE]`
struct LeaveRemove: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("remove", Phrase("Remove an employee's leave on a date or a range of dates."))
    }

    @OptionGroup var employee: EmployeeChangeOptions
    @Argument(help: .tr("The (first) date.", valueName: "YYYY-MM-DD")) var date: AttendanceDate
    @Option(help: .tr("The last date of a range.", valueName: "YYYY-MM-DD")) var to: AttendanceDate?

    func run(in context: Context) throws {
        let range = try DateRange.dates(from: date, to: to, of: .leave, context.words)
        let (employeeCode, first, last) = (employee.code, range[0], range[range.count - 1])
        let (_, store, actor) = try employee.open(in: context)
        let removed = try LeaveBook.cancel(employeeCode, from: first, through: last, actor: actor, store: store)
        let code = removed.first?.employeeCode.rawValue ?? employeeCode.rawValue
        context.out.line(
            context.words.tr(
                "removed leave for {code} on {dates}",
                ["code": code, "dates": removed.map(\.date.description).joined(separator: ", ")]))
    }
}
