import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// The month register as the files a manager takes away: CSV for payroll, the colour PDF and the
/// workbook. The command line writes them to a file or a printer, the console sends them to a
/// browser; both get the same bytes from here.
public enum RegisterFiles {
    /// code, name, one column per date, then the summary's figures.
    public static func csv(_ register: MonthRegister) -> String {
        typealias Row = MonthRegister.Row
        let identity: [ListingColumn<Row>] = [
            .init("code") { .text($0.employee.code.rawValue) }, .init("name") { .text($0.employee.name.rawValue) },
        ]
        let days =
            register.period.dates.enumerated().map { index, date in
                ListingColumn<Row>(date.description) { .text($0.days[index].code) }
            }
            // Beside today's IN, the status so far (docs/rules.md status 6); empty otherwise.
            + [ListingColumn<Row>("in_now_so_far") { .text($0.provisionalStatus?.code ?? "") }]
            + [ListingColumn<Row>("department") { .text($0.employee.department?.rawValue ?? "") }]
        let totals = leaveTypeColumns(register.policy.leaveTypes) + totalColumns(goalDays: register.policy.goalDays)
        // A period over two months names whole dates: "26" alone would be either month's.
        let byDate = register.period.month == nil
        // Where the punches were not all taken at a kiosk on a real link (docs/rules.md "WiFi verification" 5).
        let marked: [ListingColumn<Row>] = [
            .init("simulated_wifi_days") { .text(Self.days($0, \.hasSimulatedPunch, byDate: byDate)) },
            .init("corrected_days") { .text(Self.days($0, { $0.flags.contains(.corrected) }, byDate: byDate)) },
            .init("imported_days") { .text(Self.days($0, \.hasImportedPunch, byDate: byDate)) },
        ]
        return Listing(identity + days + totals + marked).csv(register.rows)
    }

    /// The month summary's figures (docs/rules.md "Month summary"): present days, the goal when there
    /// is one, each status's count, late and early-exit dates, hours. The register's CSV and JSON end
    /// with them, and `summary --month` is made of them.
    public static func totalColumns(goalDays: Int?) -> [ListingColumn<MonthRegister.Row>] {
        let counted: [DayStatus] = [.present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing]
        return [
            .init("present_days", header: ColumnHeader.ctr("column header", "PRESENT"), alignment: .right) {
                .text($0.summary.presentDaysText)
            }
        ]
            // With a monthly goal, beside the present days (docs/rules.md "Month summary").
            + (goalDays.map { goal in
                [
                    .init("goal_days", header: ColumnHeader.ctr("column header", "GOAL"), alignment: .right) { _ in
                        .integer(Int64(goal))
                    }
                ]
            } ?? [])
            + counted.map { status in
                .init(status.code, header: status.code, alignment: .right) { .text($0.summary.countText(status)) }
            }
            + [
                .init("late", header: ColumnHeader.ctr("column header", "LATE"), alignment: .right) {
                    .integer(Int64($0.summary.lateCount))
                },
                .init("early_exit", header: ColumnHeader.ctr("column header", "EARLY EXIT"), alignment: .right) {
                    .integer(Int64($0.summary.earlyExitCount))
                },
                .init("hours", header: ColumnHeader.ctr("column header", "HOURS"), alignment: .right) {
                    .text($0.summary.workedHoursText)
                },
            ]
    }

    /// The LV dates of each of the office's leave types (`leave_annual`, `leave_sick`, …): LV is
    /// their sum (docs/rules.md "Month summary").
    public static func leaveTypeColumns(_ types: LeaveTypes) -> [ListingColumn<MonthRegister.Row>] {
        types.all.map { type in
            .init("leave_\(type.name)", header: type.name.uppercased(), alignment: .right) {
                .text($0.summary.leaveText(type.name))
            }
        }
    }

    /// "23 24": the days of the month that are `marked`; with `byDate`, "2026-10-30 2026-11-02".
    static func days(_ row: MonthRegister.Row, _ marked: (MonthRegister.Day) -> Bool, byDate: Bool) -> String {
        row.dates(where: marked).map { byDate ? $0.description : String($0.day) }.joined(separator: " ")
    }

    /// The colour PDF of `register` in `words`' language, its footer stamped with the moment and
    /// the store's history head.
    public static func pdf(
        _ register: MonthRegister, configuration: Configuration, now: Date, paper: RegisterPDF.Paper,
        store: AttendanceStore, words: Speech
    ) throws(StoreError) -> RegisterPDF {
        RegisterPDF(
            register: register, office: configuration.kiosk.officeName, asOf: asOf(now, configuration),
            history: try history(store), paper: paper,
            evidenceHeadings: (
                EvidenceHeading.simulated(words), EvidenceHeading.corrected(words), EvidenceHeading.imported(words)
            ), words: words)
    }

    /// The workbook of `register` in `words`' language: the colour grid, a row per employee per
    /// date, the legend.
    public static func workbook(
        _ register: MonthRegister, configuration: Configuration, now: Date, store: AttendanceStore, words: Speech
    ) throws(StoreError) -> RegisterWorkbook {
        RegisterWorkbook(
            register: register, office: configuration.kiosk.officeName, asOf: asOf(now, configuration),
            history: try history(store), zone: configuration.policy.zone, words: words)
    }

    private static func asOf(_ now: Date, _ configuration: Configuration) -> String {
        let local = configuration.policy.zone.localDateTime(of: now)
        return "\(local.date) \(local.time)"
    }

    private static func history(_ store: AttendanceStore) throws(StoreError) -> (String, Int) {
        let head = try store.historyHead()
        return (head.hash.hexText, head.records)
    }
}
