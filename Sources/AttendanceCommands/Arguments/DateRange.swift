import AttendanceCore

/// The dates a `DATE [--to DATE]` pair names (leave, holidays): one, or a range of at most a year.
enum DateRange {
    static let maximumDays = 366

    /// `first` through `last` (or `first` alone); `what` names the range in the refusal.
    static func dates(from first: AttendanceDate, to last: AttendanceDate?, of what: String) throws -> [AttendanceDate]
    {
        let last = last ?? first
        guard first <= last else { throw CommandFailure("--to \(last) is before \(first)") }
        guard first.distance(to: last) < maximumDays else {
            throw CommandFailure("a \(what) range can cover at most \(maximumDays) days")
        }
        return first.dates(through: last)
    }
}
