import ArgumentParser
import AttendanceCore
import AttendanceLanguage

/// The dates a register, a month's summary or an export covers: `--month`, `--from … --to …` (at
/// most 62 days), or `--period`, the payroll period of `[register] period_start_day` that ends in
/// the month named (docs/rules.md "Periods").
struct PeriodOptions: ParsableArguments {
    @Option(help: .tr("The calendar month.", valueName: "YYYY-MM")) var month: YearMonth?
    @Option(
        help: .tr("The first date of a period of at most 62 days, with --to.", valueName: "YYYY-MM-DD"))
    var from: AttendanceDate?
    @Option(help: .tr("The last date of the period, with --from.", valueName: "YYYY-MM-DD"))
    var to: AttendanceDate?
    @Option(
        help: .tr(
            "The payroll period that ends in this month: from [register] period_start_day of the month before (with 26, --period 2026-11 is 2026-10-26 to 2026-11-25; with 1, the month itself).",
            valueName: "YYYY-MM"))
    var period: YearMonth?

    /// Whether any of the options was given.
    var isGiven: Bool { month != nil || from != nil || to != nil || period != nil }

    /// Refuses two ways of choosing the dates at once, in `words`: called from the `validate()` of
    /// the command that holds these options, which knows the language of its refusals.
    func check(_ words: Speech) throws {
        let ways = [month != nil, from != nil || to != nil, period != nil].filter { $0 }.count
        if ways > 1 {
            throw ValidationError(words.tr("--month, --from/--to and --period each choose the dates: give one"))
        }
        if (from == nil) != (to == nil) { throw ValidationError(words.tr("--from and --to go together")) }
    }

    /// The dates chosen, or nil when no option was given; a period that is too long or ends
    /// before it starts is refused with the reason (status 65).
    func chosen(_ configuration: Configuration) throws(CoreError) -> DatePeriod? {
        if let month { return DatePeriod(month) }
        if let period { return configuration.register.period(period) }
        if let from, let to { return try DatePeriod(from: from, through: to) }
        return nil
    }
}
