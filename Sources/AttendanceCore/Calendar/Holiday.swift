/// A date on which the office is closed, with the name people know it by ("Republic Day").
///
/// A working date in the holiday list is **H** when nobody punches (docs/rules.md rule 4).
public struct Holiday: Sendable, Hashable {
    public let date: AttendanceDate
    /// 1–100 characters without control characters, trimmed.
    public let name: String

    /// A holiday on `date` called `name`; a name that is empty, too long or holds control
    /// characters is refused rather than cleaned.
    public init(date: AttendanceDate, name: String) throws(CoreError) {
        do {
            self.name = try PersonName(parsing: name).rawValue
        } catch {
            throw .invalidValue(
                what: Phrase("holiday name"), value: name,
                expected: Phrase("1–100 characters without control characters"))
        }
        self.date = date
    }

    /// A holiday read back from the store, kept as it is; the terminal sanitises it where it is written.
    public init(stored date: AttendanceDate, name: String) {
        self.date = date
        self.name = name
    }
}
