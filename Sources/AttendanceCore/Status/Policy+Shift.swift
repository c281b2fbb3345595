import Foundation

extension Policy {
    /// The shift's instants on attendance date `date`.
    public func shiftTimes(on date: AttendanceDate) -> ShiftTimes { ShiftTimes(policy: self, date: date) }
}
