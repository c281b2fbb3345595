extension Policy {
    /// The dates from `first` through `last` that are working days and not holidays: the dates a
    /// leave over that range actually takes, since a weekly off or a holiday needs no leave.
    public func workingDates(
        from first: AttendanceDate, through last: AttendanceDate, holidays: [AttendanceDate: String] = [:]
    ) -> [AttendanceDate] {
        first.dates(through: last).filter { isWorkingDay($0) && holidays[$0] == nil }
    }
}
