import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import AttendanceTerminal
import Foundation

/// `attendance missing [--month M]`
struct MissingCommand: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "missing",
            Phrase("List every missing mark-out (M) still open, oldest first, with the command to close it."),
            discussion: Phrase(
                "A date is M when it is over and a session is still open, or a session is longer than max_session_hours. Close an open session with `attendance punch add CODE --at ... --kind out`; fix an over-long one with `attendance punch retime`. Without --month: every date within the edit window (edit_window_days), whichever month it is in."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("The month.", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let policy = configuration.policy
        let now = context.now()
        let today = policy.attendanceDate(of: now)
        // A month, or the dates a correction can still reach without --force.
        let (first, last) =
            month.map { ($0.firstDay, $0.lastDay) } ?? (today.adding(days: -policy.editWindowDays), today)
        // At a desk the correction is made at the centre too: pasted without it, it would go to
        // the local store.
        let central = global.store.flatMap { CentralAddress.names($0) ? $0 : nil }
        let storeOption =
            central.map { " --store " + ($0.allSatisfy(Self.isPlainShellCharacter) ? $0 : "'\($0)'") } ?? ""
        let ordered = try Reports.openSessions(from: first, through: last, policy: policy, now: now, store: store)
            .map { MissingMarkOut($0, storeOption: storeOption) }
        let (empty, footer) = Self.sentences(ordered.count, month: month, days: policy.editWindowDays, context.words)
        try MissingMarkOut.listing.write(ordered, as: format, to: context, empty: empty, footer: footer)
    }

    /// "no missing mark-outs in November 2026" and "2 missing mark-outs in November 2026" (or "in
    /// the last 30 days").
    static func sentences(
        _ count: Int, month: YearMonth?, days: Int, _ words: Speech
    ) -> (empty: String, footer: String) {
        guard let month else {
            let values = ["days": "\(days)"]
            return (
                words.tr("no missing mark-outs in the last {days} days", values),
                words.ntr(
                    "{n} missing mark-out in the last {days} days", "{n} missing mark-outs in the last {days} days",
                    count, values)
            )
        }
        let values = ["month": words.monthTitle(month)]
        return (
            words.tr("no missing mark-outs in {month}", values),
            words.ntr("{n} missing mark-out in {month}", "{n} missing mark-outs in {month}", count, values)
        )
    }

    /// Characters a shell takes as they are, outside quotes.
    static func isPlainShellCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "@%+=:,./_-".contains(character))
    }
}

/// One session that makes a date M, and the correction that would fix it.
struct MissingMarkOut {
    let code: String
    let name: String
    let date: String
    /// The IN that was never marked out (or that began an over-long session).
    let punch_id: Int64
    let punch_time: String
    /// The OUT of an over-long session.
    let out_punch_id: Int64?
    /// "IN 09:02 (punch 12)"
    let punch: String
    let command: String

    /// The punches are referred to by id and local time, the id `punch list` shows.
    static let listing = Listing<MissingMarkOut>([
        .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.code) },
        .init("name", header: ColumnHeader.ctr("column header", "NAME"), cell: { $0.name.truncated(toWidth: 30) }) {
            .text($0.name)
        },
        .init("date", header: ColumnHeader.ctr("column header", "DATE")) { .text($0.date) },
        .init("punch_id") { .integer($0.punch_id) },
        .init("punch_time") { .text($0.punch_time) },
        .init("out_punch_id") { .integer($0.out_punch_id) },
        .init("open_punch", header: ColumnHeader.ctr("column header", "OPEN PUNCH")) { .text($0.punch) },
        .init("command", header: ColumnHeader.ctr("column header", "TO CLOSE IT")) { .text($0.command) },
    ])

    /// The row for one open or over-long session; `storeOption` (" --store postgresql://…" at a
    /// desk, else "") ends its command.
    init(_ open: OpenSession, storeOption: String = "") {
        let (policy, day, session) = (open.policy, open.day, open.session)
        let zone = policy.zone
        let code = open.employee.code.rawValue
        let start = zone.localDateTime(of: session.start)
        // Without a suggestion, the IN's own wall-clock date: an IN after midnight (before
        // day_change) belongs to the date before, but its OUT can only come later that same night.
        let at = open.suggestedClose.map(zone.minuteText(of:)) ?? "\(start.date) HH:MM"
        // Past the edit window a correction needs --force, and the command says so.
        let force = open.isOutsideEditWindow ? " --force" : ""
        let inText =
            "IN \(start.date == day.date ? zone.clockText(of: session.start) : zone.minuteText(of: session.start)) "
            + "(punch \(session.inPunch.id))"
        let reason = " --reason \"<why, e.g. forgot to mark out>\"\(storeOption)"
        (self.code, name, date) = (code, open.employee.name.rawValue, day.date.description)
        (punch_id, punch_time, out_punch_id) = (session.inPunch.id, start.minuteText, session.outPunch?.id)
        if let out = session.outPunch {
            let hours = Int(day.punches.maxSessionSeconds / 3600)
            punch = "\(inText) to OUT \(zone.minuteText(of: out.instant)) (punch \(out.id)), over \(hours) h"
            command = "attendance punch retime \(out.id) --at \"\(at)\"\(force)\(reason)"
        } else {
            punch = inText
            command = "attendance punch add \(code) --at \"\(at)\" --kind out\(force)\(reason)"
        }
    }
}
