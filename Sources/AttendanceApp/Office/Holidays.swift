import AttendanceCore
import AttendanceStore

/// The holiday list, for the command line and the web console alike: one date, a closure of
/// several, or an iCalendar file's all-day events.
public enum Holidays {
    /// The holidays of `year` (every year when nil), in date order.
    public static func list(year: Int?, store: AttendanceStore) throws(StoreError) -> [Holiday] {
        try store.holidays(year: year)
    }

    /// Adds `holidays` in one transaction: if any date already is one, nothing is added.
    public static func add(_ holidays: [Holiday], actor: String, store: AttendanceStore) throws(StoreError) {
        try store.addHolidays(holidays, actor: actor)
    }

    /// Removes every holiday from `first` through `last` and returns them; none at all is refused.
    public static func remove(
        from first: AttendanceDate, through last: AttendanceDate, actor: String, store: AttendanceStore
    ) throws(StoreError) -> [Holiday] {
        try store.removeHolidays(from: first, through: last, actor: actor)
    }

    /// Adds the events `calendar` could read (audited with `source`, the file's name); dates
    /// already in the list are left as they are. Events it could not read are the caller's to
    /// report, and to refuse the whole file for if it wants to.
    public static func importCalendar(
        _ calendar: ICalendarHolidays, source: String, actor: String, store: AttendanceStore
    ) throws(StoreError) -> HolidayImport {
        try store.importHolidays(calendar.holidays, source: source, actor: actor)
    }
}
