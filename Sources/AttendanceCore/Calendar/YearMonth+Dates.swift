extension YearMonth {
    /// The month's dates, first to last.
    ///
    /// Built from the year, month and day directly; striding through ``days`` converts every
    /// date to and from a day number, which a register of thousands of months notices.
    public var dates: [AttendanceDate] { (1...dayCount).map { AttendanceDate(valid: year, month, $0) } }
}
