/// One employee's worked hours on each date of a week, and the note payroll asks for.
///
/// Hours are kept in hundredths (rounded half up per date) and the week's total is the sum of
/// the dates as shown, so the lines of a payroll note always add up to its total.
public struct WeekHours: Sendable, Hashable {
    /// The week's dates, first to last (seven of them).
    public let days: [DayEvaluation]

    /// The evaluated dates of one week, in order.
    public init(days: [DayEvaluation]) { self.days = days }

    /// The week's first date.
    public var firstDay: AttendanceDate? { days.first?.date }

    /// Worked hours of each date in hundredths. Today's session that is still open is left out:
    /// payroll counts what was marked out.
    public var hundredthsByDay: [Int] { days.map(\.workedHundredths) }

    /// The week's total in hundredths of hours: the sum of the dates.
    public var totalHundredths: Int { hundredthsByDay.reduce(0, +) }

    /// The payroll note's lines: each working date of the employment, and each other date that has
    /// hours, with why it has the hours it has; a front-end words them in its reader's language
    /// (`Speech.payrollText`, which the JSON's payroll_text takes in English).
    public var payrollLines: [(date: AttendanceDate, hundredths: Int, note: PayrollNote?)] {
        zip(days, hundredthsByDay).filter { day, hundredths in
            hundredths > 0 || (day.isWorkingDay && day.status != .notEmployed)
        }.map { day, hundredths in (day.date, hundredths, PayrollNote(day)) }
    }

    /// Why a date has the hours it has, where payroll asks. A forgotten mark-out counts nothing
    /// until a manager corrects it, and payroll must not take its 0 for the day's pay.
    public enum PayrollNote: Sendable, Hashable {
        case leave, absent, missingMarkOut, inNow, stillToCome, halfDayLeave, holiday, workedOnHoliday
        case workedOnWeeklyOff

        /// The note of `day`, nil when its hours need none.
        init?(_ day: DayEvaluation) {
            if day.status == .leave {
                self = .leave
            } else if day.status == .absent {
                self = .absent
            } else if day.status == .missing {
                self = .missingMarkOut
            } else if day.status == .in {
                self = .inNow
            } else if !day.isOver && !day.isToday {
                self = .stillToCome
            } else if day.leave == .half {
                self = .halfDayLeave
            } else if day.status == .holiday {
                self = .holiday
            } else if day.flags.contains(.workedOnHoliday) {
                // The calendar's "worked on holiday" flag, for a listed holiday or a weekly off alike.
                self = day.holidayName != nil ? .workedOnHoliday : .workedOnWeeklyOff
            } else {
                return nil
            }
        }
    }

    // MARK: - Numbers

    /// Hundredths of an hour with two decimals, for payroll and spreadsheets: "8.50", "0.00".
    public static func decimalText(_ hundredths: Int) -> String {
        String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }

    /// Hundredths of an hour with as few decimals as they need: "8", "8.5", "8.25".
    public static func hoursText(_ hundredths: Int) -> String {
        let whole = String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction == 0 { return whole }
        if fraction % 10 == 0 { return whole + "." + String(fraction / 10) }
        return whole + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

extension StatusEngine {
    /// Evaluates the seven dates of the week that starts on `firstDay`.
    ///
    /// - Parameters:
    ///   - punches: the employee's accepted punches of those dates, any order.
    ///   - holidays: holiday names by date.
    ///   - leave: the employee's leave by date.
    ///   - correctedDates: dates on which a manager corrected one of the employee's punches.
    public func evaluate(
        weekStarting firstDay: AttendanceDate, punches: [Punch], holidays: [AttendanceDate: String] = [:],
        leave: [AttendanceDate: Leave] = [:], correctedDates: Set<AttendanceDate> = []
    ) -> WeekHours {
        let byDate = Dictionary(grouping: punches, by: \.attendanceDate)
        let days = firstDay.dates(through: firstDay.adding(days: 6)).map { date in
            evaluate(
                date, punches: byDate[date] ?? [], holiday: holidays[date], leave: leave[date],
                isCorrected: correctedDates.contains(date))
        }
        return WeekHours(days: days)
    }
}
