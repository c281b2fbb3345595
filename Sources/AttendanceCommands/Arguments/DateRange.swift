import AttendanceCore
import AttendanceLanguage

/// The dates a `DATE [--to DATE]` pair names (leave, holidays): one, or a range of at most a year.
enum DateRange {
    static let maximumDays = 366

    /// What a range names, in its refusal.
    enum Kind {
        case holiday, leave
    }

    /// `first` through `last` (or `first` alone); `kind` names the range in the refusal.
    static func dates(
        from first: AttendanceDate, to last: AttendanceDate?, of kind: Kind, _ words: Speech
    ) throws -> [AttendanceDate] {
        let last = last ?? first
        guard first <= last else {
            throw CommandFailure(words.tr("--to {last} is before {first}", ["last": "\(last)", "first": "\(first)"]))
        }
        guard first.distance(to: last) < maximumDays else {
            let days = ["days": "\(maximumDays)"]
            throw CommandFailure(
                kind == .holiday
                    ? words.tr("a holiday range can cover at most {days} days", days)
                    : words.tr("a leave range can cover at most {days} days", days))
        }
        return first.dates(through: last)
    }
}
