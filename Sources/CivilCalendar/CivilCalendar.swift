/// The proleptic Gregorian calendar as arithmetic on day numbers (days since 1970-01-01): what a
/// date type needs to step through days, months and years without a time zone. The core's dates
/// and the iCalendar reader's are both built on it.
public enum CivilCalendar {
    /// The year, month and day `dayNumber` days after 1970-01-01 (negative: before).
    @inlinable
    public static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days: 400-year eras starting on 1 March 0000.
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfMarchYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfMarchYear + 2) / 153
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMarchYear - (153 * marchMonth + 2) / 5 + 1)
    }

    /// Days from 1970-01-01 to the date (negative: before).
    @inlinable
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfMarchYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfMarchYear - 719_468
    }

    /// The day of the week, 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    @inlinable
    public static func weekdayIndex(dayNumber: Int) -> Int { ((dayNumber % 7) + 7 + 3) % 7 }

    @inlinable
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    @inlinable
    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether the date exists in years 1 to 9999, the years both date types hold.
    @inlinable
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month) && (1...daysIn(year: year, month: month)).contains(day)
    }
}
