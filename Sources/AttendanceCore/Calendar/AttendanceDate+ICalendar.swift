import AttendanceICalendar

extension AttendanceDate {
    /// The same day as the iCalendar reader's date (both count days from 1970-01-01).
    init(_ date: ICalendarDate) { self.init(dayNumber: date.dayNumber) }
}

extension ICalendarDate {
    /// The same day as `date`, for the iCalendar reader.
    init(_ date: AttendanceDate) { self.init(dayNumber: date.dayNumber) }
}
