extension AttendanceDate {
    /// The first date of the week holding this date, for weeks that start on `weekStarts`.
    public func startOfWeek(_ weekStarts: Weekday) -> AttendanceDate {
        adding(days: -((weekday.mondayIndex - weekStarts.mondayIndex + 7) % 7))
    }

    /// The dates from `self` through `last`, in order; empty when `last` is earlier.
    public func dates(through last: AttendanceDate) -> [AttendanceDate] {
        last < self ? [] : (0...distance(to: last)).map { adding(days: $0) }
    }
}
