/// Why a shift does not fit in one attendance date (``Policy/shiftMisfit(alongside:)``), as facts
/// that AttendanceLanguage words.
public struct ShiftMisfit: Equatable, Sendable {
    /// A shift's start and end on the wall clock.
    public struct Shift: Equatable, Sendable {
        public let start: WallClockTime
        public let end: WallClockTime
    }

    public let start: WallClockTime
    public let end: WallClockTime
    public let dayChange: WallClockTime
    /// True when the shift starts before `day_change`, on the previous attendance date; false when
    /// it ends after `day_change` the next morning.
    public let startsBeforeDayChange: Bool
    /// A `day_change` outside every shift concerned; nil when none fits them all.
    public let fittingDayChange: WallClockTime?
    /// The office's shift, for an employee's own that was checked alongside it.
    public let officeShift: Shift?
}
