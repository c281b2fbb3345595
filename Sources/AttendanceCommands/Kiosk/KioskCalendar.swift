import AttendanceCore
import AttendanceStore

/// "My calendar" at the kiosk: this month, one line per date so far.
enum KioskCalendar {
    static func lines(for employee: Employee, desk: MarkingDesk) throws(StoreError) -> [String] {
        let now = desk.now()
        let policy = employee.policy(from: desk.configuration.policy)
        let today = policy.attendanceDate(of: now)
        let month = today.yearMonth
        let punches = try desk.store.punches(employeeID: employee.id, from: month.firstDay, through: month.lastDay)
        let corrected = try desk.store.correctedDates(from: month.firstDay, through: month.lastDay)[employee.id] ?? []
        let engine = StatusEngine(employee: employee, policy: desk.configuration.policy, now: now)
        let evaluation = engine.evaluate(
            month: month, punches: punches, holidays: [:], leave: [:], correctedDates: corrected, shifts: nil)
        var lines = ["\(month.title) — \(employee.name) (\(employee.code))", ""]
        for day in evaluation.days where day.date <= today {
            let code = day.status == .in ? "IN" : day.code
            let weekday = day.date.weekday.shortName
            var line = "\(weekday) \(String(day.date.day).leftPadded(2))  \(code.padding(3))"
            if let firstIn = day.firstIn {
                line += "  \(policy.zone.localDateTime(of: firstIn).time)"
                line += day.lastOut.map { "–\(policy.zone.localDateTime(of: $0).time)" } ?? "–     "
            }
            if day.workedSeconds > 0 { line += "  \(MarkingDesk.duration(day.workedSeconds))" }
            if !day.flags.isEmpty { line += "  (\(day.flags.names.joined(separator: ", ")))" }
            lines.append(line)
        }
        lines.append("")
        lines.append(
            "Present days \(evaluation.summary.presentDaysText) · late \(evaluation.summary.lateCount) · hours \(evaluation.summary.workedHoursText)"
        )
        return lines
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
