import Foundation

extension Policy {
    /// The shift's instants on attendance date `date`.
    public func shiftTimes(on date: AttendanceDate) -> ShiftTimes { ShiftTimes(policy: self, date: date) }

    /// Whether a first IN at `firstIn` on `date` is late (after `shift_start + late_grace_minutes`).
    public func isLate(firstIn: Date, on date: AttendanceDate) -> Bool {
        shiftTimes(on: date).isLate(firstIn: firstIn)
    }

    /// Whether a last OUT at `lastOut` on `date` is before `shift_end − early_exit_grace_minutes`.
    public func isEarlyExit(lastOut: Date, on date: AttendanceDate) -> Bool {
        shiftTimes(on: date).isEarlyExit(lastOut: lastOut)
    }
}
