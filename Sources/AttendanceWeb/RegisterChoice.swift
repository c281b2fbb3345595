import AttendanceApp
import AttendanceCore

/// What a register page or file covers, read from its query as `register` reads its options:
/// `month=YYYY-MM` (the default: this month), `from=DATE&to=DATE` (at most 62 days) or
/// `period=YYYY-MM` (the payroll period of `[register] period_start_day` that ends in that month),
/// and `department=NAME`. A malformed or unknown value is refused with the reason.
struct RegisterChoice {
    let period: DatePeriod
    /// The month or payroll month the query named, for the links to the one before and after.
    let month: YearMonth?
    /// Whether `month` names a payroll period rather than a calendar month.
    let isPayroll: Bool
    let department: Department?

    init(
        query: (month: Substring?, from: Substring?, to: Substring?, period: Substring?, department: Substring?),
        configuration: Configuration, today: AttendanceDate
    ) throws {
        let ways = [query.month != nil, query.from != nil || query.to != nil, query.period != nil].filter { $0 }.count
        guard ways <= 1 else {
            throw WebFailure.badRequest("Give one of month, period, or from and to: they each choose the dates.")
        }
        guard (query.from == nil) == (query.to == nil) else {
            throw WebFailure.badRequest("from and to go together: give both, or neither.")
        }
        if let from = query.from, let to = query.to {
            period = try DatePeriod(
                from: AttendanceDate(parsing: String(from)), through: AttendanceDate(parsing: String(to)))
            (month, isPayroll) = (nil, false)
        } else if let text = query.period {
            let named = try YearMonth(parsing: String(text))
            period = configuration.register.period(named)
            (month, isPayroll) = (named, true)
        } else {
            let named = try query.month.map { try YearMonth(parsing: String($0)) } ?? today.yearMonth
            period = DatePeriod(named)
            (month, isPayroll) = (named, false)
        }
        department = try query.department.map { try Department(parsing: String($0)) }
    }

    /// The query that chooses the same again, `&` written as HTML writes it: "month=2026-11",
    /// "from=2026-11-01&amp;to=2026-11-15&amp;department=Sales".
    var query: String { query(month: month) }

    /// The same choice for `other` month (the one before or after).
    func query(month other: YearMonth?) -> String {
        var parts: [String]
        if let other {
            parts = [(isPayroll ? "period=" : "month=") + other.description]
        } else {
            parts = ["from=\(period.first)", "to=\(period.last)"]
        }
        if let department { parts.append("department=" + department.rawValue.urlComponent) }
        return parts.joined(separator: "&amp;")
    }

    /// "2026-11" or "2026-10-26_2026-11-25": the period as a file name says it.
    var fileLabel: String { period.month?.description ?? "\(period.first)_\(period.last)" }
}
