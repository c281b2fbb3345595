extension RecurrenceRule {
    /// The dates the rule gives for an event starting on `start`, in order, through `last` (and
    /// `UNTIL`), at most `COUNT` of them counted from `start`, and at most `limit`.
    ///
    /// Like RFC 5545's recurrence set minus `DTSTART` itself: a start date the rule does not
    /// match is not among them (the event adds it). `COUNT` counts only the rule's own dates.
    public func dates(
        startingOn start: ICalendarDate, through last: ICalendarDate, limit: Int = .max
    )
        -> [ICalendarDate]
    {
        let end = min(last, until ?? last)
        let matcher = DayMatcher(rule: self, start: start)
        var dates: [ICalendarDate] = []
        var period = 0
        while dates.count < min(count ?? .max, limit) {
            let days = days(ofPeriod: period, from: start)
            guard let first = days.first, first <= end else { break }
            var chosen = days.filter(matcher.matches)
            if !setPositions.isEmpty { chosen = Self.select(setPositions, from: chosen) }
            for date in chosen where date >= start {
                guard date <= end, dates.count < min(count ?? .max, limit) else { return dates }
                dates.append(date)
            }
            period += 1
        }
        return dates
    }

    /// Every date of the `index`-th period the rule steps through (0: the one holding `start`).
    private func days(ofPeriod index: Int, from start: ICalendarDate) -> [ICalendarDate] {
        let step = index * interval
        switch frequency {
        case .daily:
            return [start.adding(days: step)]
        case .weekly:
            let weekBegins = start.adding(days: -((start.weekday.rawValue - weekStart.rawValue + 7) % 7))
            let first = weekBegins.adding(days: 7 * step)
            return first.dates(through: first.adding(days: 6))
        case .monthly:
            let months = start.year * 12 + start.month - 1 + step
            return Self.month(year: months / 12, month: months % 12 + 1)
        case .yearly:
            return (1...12).flatMap { Self.month(year: start.year + step, month: $0) }
        }
    }

    private static func month(year: Int, month: Int) -> [ICalendarDate] {
        (1...ICalendarDate.daysIn(year: year, month: month)).map { ICalendarDate(valid: year, month, $0) }
    }

    /// `BYSETPOS`: the listed positions (1 the first, -1 the last) of a period's dates, in date order.
    private static func select(_ positions: [Int], from dates: [ICalendarDate]) -> [ICalendarDate] {
        let picked = positions.compactMap { position -> ICalendarDate? in
            let index = position > 0 ? position - 1 : dates.count + position
            return dates.indices.contains(index) ? dates[index] : nil
        }
        return Set(picked).sorted()
    }
}

/// Whether one date of a period passes the rule's `BY…` parts, the missing ones filled in from
/// the start date as RFC 5545 says (a yearly rule without day parts repeats the start's month
/// and day, a monthly one its day of the month, a weekly one its weekday).
private struct DayMatcher {
    let months: [Int]
    let monthDays: [Int]
    let weekdays: [RecurrenceRule.WeekdayEntry]
    /// Ordinals in `BYDAY` count within the month (else within the year).
    let ordinalsWithinMonth: Bool

    init(rule: RecurrenceRule, start: ICalendarDate) {
        let noDayParts = rule.monthDays.isEmpty && rule.weekdays.isEmpty
        months = rule.months.isEmpty && noDayParts && rule.frequency == .yearly ? [start.month] : rule.months
        monthDays =
            noDayParts && (rule.frequency == .yearly || rule.frequency == .monthly) ? [start.day] : rule.monthDays
        weekdays =
            noDayParts && rule.frequency == .weekly
            ? [RecurrenceRule.WeekdayEntry(ordinal: nil, weekday: start.weekday)] : rule.weekdays
        ordinalsWithinMonth = rule.frequency == .monthly || !rule.months.isEmpty
    }

    func matches(_ date: ICalendarDate) -> Bool {
        if !months.isEmpty, !months.contains(date.month) { return false }
        if !monthDays.isEmpty {
            let length = ICalendarDate.daysIn(year: date.year, month: date.month)
            guard monthDays.contains(where: { $0 == date.day || $0 == date.day - length - 1 }) else { return false }
        }
        if !weekdays.isEmpty {
            guard weekdays.contains(where: { $0.weekday == date.weekday && matches(ordinal: $0.ordinal, date) }) else {
                return false
            }
        }
        return true
    }

    /// Whether `date` is the `ordinal`-th of its weekday in its month or year (negative: from the end).
    private func matches(ordinal: Int?, _ date: ICalendarDate) -> Bool {
        guard let ordinal else { return true }
        let (position, length) =
            ordinalsWithinMonth
            ? (date.day, ICalendarDate.daysIn(year: date.year, month: date.month))
            : (date.dayOfYear, ICalendarDate.isLeap(date.year) ? 366 : 365)
        let fromStart = (position - 1) / 7 + 1
        let fromEnd = -((length - position) / 7 + 1)
        return ordinal == fromStart || ordinal == fromEnd
    }
}
