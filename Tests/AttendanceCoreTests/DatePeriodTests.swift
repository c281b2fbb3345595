import Testing

@testable import AttendanceCore

@Suite("Date periods")
struct DatePeriodTests {
    func date(_ text: String) -> AttendanceDate { Fixture.date(text) }

    @Test(
        "a payroll period is named after the month it ends in; starting on the 1st it is that month",
        arguments: [
            ("2026-11", 26, "2026-10-26", "2026-11-25"),
            ("2026-01", 26, "2025-12-26", "2026-01-25"),
            ("2024-03", 28, "2024-02-28", "2024-03-27"),
            ("2026-02", 1, "2026-02-01", "2026-02-28"),
        ])
    func payroll(month: String, startDay: Int, first: String, last: String) throws {
        let period = DatePeriod(payrollMonth: try YearMonth(parsing: month), startDay: startDay)
        #expect(period.first == date(first) && period.last == date(last))
        #expect((period.month != nil) == (startDay == 1))
        #expect(period.dates.count == period.dayCount && period.dates.first == period.first)
        #expect(period.dates.last == period.last)
    }

    @Test("a month is said as a month; any other period by its first and last dates")
    func words() throws {
        let november = try DatePeriod(from: date("2026-11-01"), through: date("2026-11-30"))
        #expect(november.month == (try YearMonth(parsing: "2026-11")))
        #expect(november.description == "2026-11" && november.title == "November 2026")
        let payroll = try DatePeriod(from: date("2026-10-26"), through: date("2026-11-25"))
        #expect(payroll.month == nil)
        #expect(payroll.description == "2026-10-26 to 2026-11-25")
        #expect(payroll.title == "2026-10-26 – 2026-11-25")
        #expect(payroll.offset(of: date("2026-11-01")) == 6)
        #expect(payroll.offset(of: date("2026-10-25")) == nil)
    }

    @Test("62 days are a period; 63, or a last date before the first, are refused with the reason")
    func limits() throws {
        let longest = try DatePeriod(from: date("2026-11-01"), through: date("2026-12-31"))
        #expect(longest.dayCount == 61)
        #expect(try DatePeriod(from: date("2026-11-01"), through: date("2027-01-01")).dayCount == 62)
        #expect(throws: CoreError.self) { try DatePeriod(from: date("2026-11-01"), through: date("2027-01-02")) }
        do {
            _ = try DatePeriod(from: date("2026-11-01"), through: date("2027-01-02"))
        } catch {
            #expect("\(error)".contains("at most 62 days") && "\(error)".contains("this one has 63"))
        }
        do {
            _ = try DatePeriod(from: date("2026-11-02"), through: date("2026-11-01"))
            Issue.record("a backwards period was accepted")
        } catch {
            #expect("\(error)".contains("a last date on or after the first"))
        }
    }

    @Test("a period's evaluation puts each date where a month's would, across the month's end")
    func evaluation() throws {
        let engine = StatusEngine(
            employee: Fixture.employee, policy: Fixture.policy(), now: Fixture.instant("2026-12-15 12:00"))
        let period = try DatePeriod(from: date("2026-10-26"), through: date("2026-11-25"))
        let holidays = [date("2026-11-09"): "Diwali"]
        let whole = engine.evaluate(period: period, punches: [], holidays: holidays)
        #expect(whole.days.count == 31)
        #expect(whole[date("2026-11-09")]?.status == .holiday)
        #expect(whole[date("2026-10-31")]?.status == .weeklyOff)
        #expect(whole[date("2026-10-26")]?.status == .absent)
        let october = engine.evaluate(month: try YearMonth(parsing: "2026-10"), punches: [], holidays: holidays)
        let november = engine.evaluate(month: try YearMonth(parsing: "2026-11"), punches: [], holidays: holidays)
        let months = october.days.suffix(6) + november.days.prefix(25)
        #expect(whole.days.map(\.status) == months.map(\.status))
        #expect(whole.summary.count(.absent) == Double(months.filter { $0.status == .absent }.count))
    }
}
