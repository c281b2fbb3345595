import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance punch list CODE [--date D | --month M]`
struct PunchList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "list", Phrase("List an employee's punches, void and corrected ones included."),
            discussion: Phrase(
                "Without --date or --month: the current month. Times are local; +1d marks a time after midnight."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The employee's code.")) var code: EmployeeCode
    @Option(help: .tr("One attendance date.", valueName: "YYYY-MM-DD")) var date: AttendanceDate?
    @Option(help: .tr("One month.", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func run(in context: Context) throws {
        guard date == nil || month == nil else {
            throw CommandFailure(context.words.tr("give --date or --month, not both"), status: .usage)
        }
        let (configuration, store) = try global.open(in: context)
        let zone = configuration.policy.zone
        let employee = try requireEmployee(code, in: store)
        let range: ClosedRange<AttendanceDate>
        let title: String
        if let date {
            (range, title) = (date...date, date.description)
        } else {
            let month = month ?? configuration.policy.attendanceDate(of: context.now()).yearMonth
            (range, title) = (month.days, context.words.monthTitle(month))
        }
        let rows = try store.punchHistories(
            employeeID: employee.id, from: range.lowerBound, through: range.upperBound
        ).map { PunchHistoryRow(history: $0, code: employee.code, zone: zone) }
        try PunchHistoryRow.listing(context.words).write(
            rows, as: format, to: context,
            empty: context.words.tr(
                "no punches for {code} in {period}", ["code": employee.code.rawValue, "period": title]))
    }
}

/// A punch with its history, as `punch list` shows it: the punch's own columns, then whether
/// it is void, the time it was recorded at when a correction moved it, and its corrections.
struct PunchHistoryRow {
    let history: PunchHistory
    let code: EmployeeCode
    let zone: LocalZone

    /// Its text cells in `words`; JSON and CSV the same in every language.
    static func listing(_ words: Speech) -> Listing<PunchHistoryRow> {
        Listing<PunchHistoryRow>(
            PunchRecord.columns(
                of: { PunchRecord(punch: $0.history.effective, code: $0.code, zone: $0.zone) },
                extra: [
                    .init(
                        "voided", header: ColumnHeader.ctr("column header", "VOID"),
                        cell: { $0.history.isVoided ? words.ctr("a voided punch", "void") : "" }
                    ) {
                        .bool($0.history.isVoided)
                    },
                    .init("original_timestamp") {
                        .text(
                            $0.history.isRetimed
                                ? PunchTimestamp.text(of: $0.history.original.instant, zone: $0.zone) : nil
                        )
                    },
                    .init(
                        "correction_summary", header: ColumnHeader.ctr("column header", "CORRECTED"),
                        cell: { describe($0.history, zone: $0.zone, words) }
                    ) { row in
                        let summary = describe(row.history, zone: row.zone, .english)
                        return .text(summary.isEmpty ? nil : summary)
                    },
                    .nested("corrections") { row in
                        .list(row.history.corrections.map { correctionListing.object(($0, row.zone)) })
                    },
                ]))
    }

    /// One correction of a punch, nested in the punch's JSON.
    static let correctionListing = Listing<(correction: PunchCorrection, zone: LocalZone)>([
        .init("id") { .integer($0.correction.id) },
        .init("action") { .text($0.correction.action.rawValue) },
        .init("actor") { .text($0.correction.actor) },
        .init("at") { .text(UTCText.of($0.correction.at)) },
        .init("reason") { .text($0.correction.reason) },
        .init("from_date") { .text($0.correction.fromDate.description) },
        .init("to_date") { .text($0.correction.toDate.description) },
        .init("new_timestamp") { row in
            .text(row.correction.newInstant.map { PunchTimestamp.text(of: $0, zone: row.zone) })
        },
        .init("outside_edit_window") { .bool($0.correction.isOutsideEditWindow) },
    ])

    /// "added by alice", "re-timed from 09:02 by bob", "voided by carol", "forced"…
    private static func describe(_ history: PunchHistory, zone: LocalZone, _ words: Speech) -> String {
        var parts: [String] = []
        if let by = history.addedBy { parts.append(words.tr("added by {actor}", ["actor": by])) }
        if let retime = history.corrections.last(where: { $0.action == .retime }) {
            let from = zone.localDateTime(of: history.original.instant)
            let time =
                from.date == history.effective.attendanceDate
                ? zone.clockText(of: history.original.instant) : zone.minuteText(of: history.original.instant)
            parts.append(words.tr("re-timed from {time} by {actor}", ["time": time, "actor": retime.actor]))
        }
        if let last = history.corrections.last(where: { $0.action == .void || $0.action == .restore }) {
            parts.append(
                words.tr("{action} by {actor}", ["action": last.action.doneWord(words), "actor": last.actor]))
        }
        if history.hasForcedCorrection { parts.append(words.ctr("a correction", "forced")) }
        return parts.joined(separator: ", ")
    }
}
