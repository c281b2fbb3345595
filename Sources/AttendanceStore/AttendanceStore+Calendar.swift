import AttendanceCore
import Foundation
import GRDB

extension AttendanceStore {
    /// The dates from `first` through `last` on which a manager changed one of this employee's
    /// punches: the "corrected" flag of one calendar.
    ///
    /// The same rule as `correctedDates(from:through:)` (a punch entered by a manager,
    /// `source = manual`), read through the employee's own index: that method reads every
    /// employee's month, which a single calendar on a store of millions of punches cannot afford.
    /// Keep the two in step.
    public func correctedDates(employeeID: Int64, from first: AttendanceDate, through last: AttendanceDate)
        throws(StoreError) -> Set<AttendanceDate>
    {
        try perform {
            try pool.read { db in
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT attendance_date FROM punch
                        WHERE employee_id = ? AND attendance_date BETWEEN ? AND ? AND source = 'manual'
                        """,
                    arguments: [employeeID, first.description, last.description])
                return Set(rows.compactMap { $0.date("attendance_date") })
            }
        }
    }
}
