import AttendanceCore
import AttendanceStore
import AttendanceSync
import Foundation

/// Where everyone stands today: the manager's first look in the morning.
public struct TodayBoard: Sendable {
    /// One employee's today.
    public struct Entry: Sendable {
        public let employee: Employee
        public let day: DayEvaluation
        /// The access point's location of the latest punch today, when the kiosk knew it.
        public let location: String?
        /// At a desk: the kiosk of the latest punch today; nil for punches made where the board is read.
        public let kiosk: String?

        /// In now: a session is open.
        public var isIn: Bool { day.status == .in }
        /// Expected today and not come yet.
        public var isNotYet: Bool { day.status == .pending }
        public var isOnLeave: Bool { day.leave != nil }
        /// Came, and the first IN was late.
        public var isLate: Bool { day.minutesLate != nil }
    }

    public let date: AttendanceDate
    public let holidayName: String?
    public let entries: [Entry]
    /// At a desk: the kiosks that sync with the centre, with their last syncs as the centre saw
    /// them at this store's last round; empty elsewhere.
    public let kiosks: [SyncNode]
    /// When this store last synced with the centre; nil when it never has.
    public let lastSync: Date?
}

extension Reports {
    /// Today's board at `now` for everyone employed today, in the order of the employee list.
    public static func today(policy: Policy, now: Date, store: AttendanceStore) throws(StoreError) -> TodayBoard {
        let date = policy.attendanceDate(of: now)
        let punches = try store.punchesByEmployee(from: date, through: date)
        let holidays = try store.holidayNames(from: date, through: date)
        let leave = try store.leaveByEmployee(from: date, through: date)
        let corrected = try store.correctedDates(from: date, through: date)
        let origins = try store.punchOrigins(on: date)
        let entries = try store.employees().filter { $0.isEmployed(on: date) }.map { employee in
            let own = punches[employee.id] ?? []
            let day = StatusEngine(employee: employee, policy: policy, now: now).evaluate(
                date, punches: own, holiday: holidays[date], leave: leave[employee.id]?[date],
                isCorrected: corrected[employee.id]?.contains(date) ?? false)
            let latest = own.max { $0.instant < $1.instant }
            return TodayBoard.Entry(
                employee: employee, day: day, location: latest?.location, kiosk: latest.flatMap { origins[$0.id] })
        }
        let central = try store.centralNodes()
        return TodayBoard(
            date: date, holidayName: holidays[date], entries: entries,
            kiosks: central.nodes.filter { $0.role == .kiosk }, lastSync: central.lastSuccess)
    }
}
