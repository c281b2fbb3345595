import AttendanceCore
import Foundation
import GRDB

extension AttendanceStore {
    /// The dates from `first` through `last` on which a manager changed one of this employee's
    /// punches: the "corrected" flag of one calendar.
    ///
    /// One employee's corrected dates: the same rule as `correctedDates(from:through:)`, without
    /// reading anyone else's corrections.
    public func correctedDates(
        employeeID: Int64, from first: AttendanceDate, through last: AttendanceDate
    )
        throws(StoreError) -> Set<AttendanceDate>
    {
        try perform {
            try pool.read { db in
                try Self.correctedDates(in: db, employeeID: employeeID, from: first, through: last)[employeeID] ?? []
            }
        }
    }
}
