import ArgumentParser
import AttendanceCore
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance punch list CODE [--date D | --month M]`
struct PunchList: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List an employee's punches, void and corrected ones included.",
        discussion: "Without --date or --month: the current month. Times are local; +1d marks a time after midnight.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The employee's code.") var code: String
    @Option(help: ArgumentHelp("One attendance date.", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: ArgumentHelp("One month.", valueName: "YYYY-MM")) var month: String?
    @Option(help: "text, json or csv.") var format: OutputFormat = .text

    func run(in context: Context) throws {
        guard date == nil || month == nil else {
            throw CommandFailure("give --date or --month, not both", status: .usage)
        }
        let (configuration, store) = try global.open(in: context)
        let zone = configuration.policy.zone
        let employee = try requireEmployee(code, in: store)
        let range: ClosedRange<AttendanceDate>
        let title: String
        if let date {
            let day = try AttendanceDate(parsing: date)
            (range, title) = (day...day, day.description)
        } else {
            let month =
                try month.map { try YearMonth(parsing: $0) }
                ?? configuration.policy.attendanceDate(of: context.now()).yearMonth
            (range, title) = (month.days, month.title)
        }
        let listings = try store.punchHistories(
            employeeID: employee.id, from: range.lowerBound, through: range.upperBound
        ).map { PunchListing($0, employee: employee, zone: zone) }
        switch format {
        case .json:
            context.out.write(try JSONOutput.render(listings))
        case .csv:
            context.out.write(
                CSV.render(
                    header: [
                        "id", "code", "attendance_date", "local_time", "timestamp", "kind", "source", "ssid", "bssid",
                        "location", "voided", "corrected", "note",
                    ],
                    rows: listings.map {
                        [
                            String($0.id), $0.code, $0.attendance_date, $0.local_time, $0.timestamp, $0.kind,
                            $0.source, $0.ssid ?? "", $0.bssid ?? "", $0.location ?? "", $0.voided ? "yes" : "no",
                            $0.correctedText, $0.note ?? "",
                        ]
                    }))
        case .text:
            guard !listings.isEmpty else {
                context.out.line("no punches for \(employee.code) in \(title)")
                return
            }
            var table = TextTable(
                headers: ["ID", "DATE", "TIME", "KIND", "SOURCE", "WIFI", "VOID", "CORRECTED", "NOTE"],
                alignments: [.right, .left, .left, .left, .left, .left, .left, .left, .left])
            for p in listings {
                table.append([
                    String(p.id), p.attendance_date, p.shortTime, p.kind.uppercased(), p.source, p.wifi,
                    p.voided ? "void" : "", p.correctedText, p.note.map { $0.truncated(toWidth: 40) } ?? "",
                ])
            }
            context.out.write(table.render())
        }
    }
}

/// A punch as `punch list` shows it, and its JSON form.
struct PunchListing: Encodable {
    let id: Int64
    let code: String
    let attendance_date: String
    /// "2026-11-18 09:02"
    let local_time: String
    /// ISO 8601 with the zone's offset.
    let timestamp: String
    let kind: String
    let source: String
    let ssid: String?
    let bssid: String?
    let location: String?
    let note: String?
    let voided: Bool
    let corrected: Bool
    /// The recorded time, when a correction moved it.
    let original_timestamp: String?
    let corrections: [CorrectionListing]
    /// "09:02", or "01:30 +1d" for a time on the local date after the attendance date.
    let shortTime: String

    init(_ history: PunchHistory, employee: Employee, zone: LocalZone) {
        let punch = history.effective
        let local = zone.localDateTime(of: punch.instant)
        id = punch.id
        code = employee.code.rawValue
        attendance_date = punch.attendanceDate.description
        local_time = local.minuteText
        timestamp = PunchTimestamp.text(of: punch.instant, zone: zone)
        kind = punch.kind.rawValue
        source = punch.source.rawValue
        ssid = punch.ssid?.escaped
        bssid = punch.bssid?.description
        location = punch.location
        note = punch.note
        voided = history.isVoided
        corrected = punch.isCorrected
        original_timestamp = history.isRetimed ? PunchTimestamp.text(of: history.original.instant, zone: zone) : nil
        corrections = history.corrections.map { CorrectionListing($0, zone: zone) }
        let days = punch.attendanceDate.distance(to: local.date)
        shortTime = local.time.description + (days == 0 ? "" : days > 0 ? " +\(days)d" : " \(days)d")
        correctedText = Self.describe(history, zone: zone)
    }

    /// "added by alice", "re-timed from 09:02 by bob", "voided by carol", "(forced)"…
    let correctedText: String

    /// Where the punch was verified: the location, else the SSID, else the BSSID.
    var wifi: String { location ?? ssid ?? bssid ?? "" }

    private enum CodingKeys: String, CodingKey {
        case id, code, attendance_date, local_time, timestamp, kind, source, ssid, bssid, location, note, voided,
            corrected, original_timestamp, corrections
    }

    private static func describe(_ history: PunchHistory, zone: LocalZone) -> String {
        var parts: [String] = []
        if let by = history.addedBy { parts.append("added by \(by)") }
        if let retime = history.corrections.last(where: { $0.action == .retime }) {
            let from = zone.localDateTime(of: history.original.instant)
            let time = from.date == history.effective.attendanceDate ? from.time.description : from.minuteText
            parts.append("re-timed from \(time) by \(retime.actor)")
        }
        if let last = history.corrections.last(where: { $0.action == .void || $0.action == .restore }) {
            parts.append("\(last.action.pastTense) by \(last.actor)")
        }
        if history.hasForcedCorrection { parts.append("forced") }
        return parts.joined(separator: ", ")
    }
}

/// One correction of a punch, in `punch list --format json`.
struct CorrectionListing: Encodable {
    let id: Int64
    let action: String
    let actor: String
    /// UTC.
    let at: String
    let reason: String
    let from_date: String
    let to_date: String
    let new_timestamp: String?
    let outside_edit_window: Bool

    init(_ c: PunchCorrection, zone: LocalZone) {
        id = c.id
        action = c.action.rawValue
        actor = c.actor
        at = UTCText.of(c.at)
        reason = c.reason
        from_date = c.fromDate.description
        to_date = c.toDate.description
        new_timestamp = c.newInstant.map { PunchTimestamp.text(of: $0, zone: zone) }
        outside_edit_window = c.isOutsideEditWindow
    }
}
