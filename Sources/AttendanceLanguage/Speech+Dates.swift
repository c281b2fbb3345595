import AttendanceCore

/// Month and weekday names, and the order of a date's parts, from the catalog: the same in every
/// program and on every machine, whatever locale data it has.
extension Speech {
    /// "November", "novembre", "noviembre".
    public func monthName(_ month: Int) -> String {
        switch month {
        case 1: tr("January")
        case 2: tr("February")
        case 3: tr("March")
        case 4: tr("April")
        case 5: tr("May")
        case 6: tr("June")
        case 7: tr("July")
        case 8: tr("August")
        case 9: tr("September")
        case 10: tr("October")
        case 11: tr("November")
        default: tr("December")
        }
    }

    /// "Nov", "nov.", "nov".
    public func shortMonthName(_ month: Int) -> String {
        switch month {
        case 1: ctr("month, short", "Jan")
        case 2: ctr("month, short", "Feb")
        case 3: ctr("month, short", "Mar")
        case 4: ctr("month, short", "Apr")
        case 5: ctr("month, short", "May")
        case 6: ctr("month, short", "Jun")
        case 7: ctr("month, short", "Jul")
        case 8: ctr("month, short", "Aug")
        case 9: ctr("month, short", "Sep")
        case 10: ctr("month, short", "Oct")
        case 11: ctr("month, short", "Nov")
        default: ctr("month, short", "Dec")
        }
    }

    /// "Monday", "lundi", "lunes".
    public func weekdayName(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: tr("Monday")
        case .tuesday: tr("Tuesday")
        case .wednesday: tr("Wednesday")
        case .thursday: tr("Thursday")
        case .friday: tr("Friday")
        case .saturday: tr("Saturday")
        case .sunday: tr("Sunday")
        }
    }

    /// "Mon", "lun.", "lun".
    public func shortWeekdayName(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: ctr("weekday, short", "Mon")
        case .tuesday: ctr("weekday, short", "Tue")
        case .wednesday: ctr("weekday, short", "Wed")
        case .thursday: ctr("weekday, short", "Thu")
        case .friday: ctr("weekday, short", "Fri")
        case .saturday: ctr("weekday, short", "Sat")
        case .sunday: ctr("weekday, short", "Sun")
        }
    }

    /// "Mo", "lu", "lu": two letters, as wide as a day's column of the register.
    public func weekdayInitials(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: ctr("weekday, two letters", "Mo")
        case .tuesday: ctr("weekday, two letters", "Tu")
        case .wednesday: ctr("weekday, two letters", "We")
        case .thursday: ctr("weekday, two letters", "Th")
        case .friday: ctr("weekday, two letters", "Fr")
        case .saturday: ctr("weekday, two letters", "Sa")
        case .sunday: ctr("weekday, two letters", "Su")
        }
    }

    /// "Monday 23 November 2026", "lundi 23 novembre 2026", "lunes 23 de noviembre de 2026".
    public func longDate(_ date: AttendanceDate) -> String {
        tr(
            "{weekday} {day} {month} {year}",
            [
                "weekday": weekdayName(date.weekday), "day": String(date.day), "month": monthName(date.month),
                "year": String(date.year),
            ])
    }

    /// "Tue 24 Nov", "mar. 24 nov.", "mar 24 nov".
    public func shortDate(_ date: AttendanceDate) -> String {
        tr(
            "{weekday} {day} {month}",
            [
                "weekday": shortWeekdayName(date.weekday), "day": String(date.day),
                "month": shortMonthName(date.month),
            ])
    }

    /// "November 2026", "novembre 2026", "noviembre de 2026".
    public func monthTitle(_ month: YearMonth) -> String {
        tr("{month} {year}", ["month": monthName(month.month), "year": String(month.year)])
    }

    /// A report's period: its month as the language writes it ("novembre 2026"), or a payroll
    /// period's first and last dates ("2026-10-26 – 2026-11-25").
    public func periodTitle(_ period: DatePeriod) -> String {
        period.month.map(monthTitle) ?? period.datesTitle
    }
}

extension Speech {
    /// "31 min ahead", "1 h 5 min behind", "2 h ahead": a kiosk clock's offset from the central
    /// store's, `minutes` ahead when positive.
    public func clockOffset(minutes: Int) -> String {
        let size = abs(minutes)
        let (hours, rest) = (String(size / 60), String(size % 60))
        switch (minutes > 0, size < 60, size % 60 == 0) {
        case (true, true, _): return tr("{minutes} min ahead", ["minutes": String(size)])
        case (false, true, _): return tr("{minutes} min behind", ["minutes": String(size)])
        case (true, false, true): return tr("{hours} h ahead", ["hours": hours])
        case (false, false, true): return tr("{hours} h behind", ["hours": hours])
        case (true, false, false): return tr("{hours} h {minutes} min ahead", ["hours": hours, "minutes": rest])
        case (false, false, false): return tr("{hours} h {minutes} min behind", ["hours": hours, "minutes": rest])
        }
    }
}
