import AttendanceApp
import AttendanceCore

extension Console {
    /// `/employees/CODE/days/DATE`: the day's status, flags and punches, with where each was
    /// taken and whether a manager corrected it.
    func dayPage(_ session: ConsoleSession, code: EmployeeCode, date: AttendanceDate) async throws -> Page {
        let (policy, now) = (self.policy, self.now())
        let (employee, day) = try await blocking {
            let employee = try Reports.employee(code, store: self.store)
            return (employee, try Reports.day(date, of: employee, policy: policy, now: now, store: self.store))
        }
        let zone = policy.zone
        let rows = day.punches.punches.map { punch in
            let place = [punch.ssid.map { "\($0)" }, punch.bssid.map { "\($0)" }, punch.location]
                .compactMap { $0 }.joined(separator: " · ")
            return "<tr><td>\(punch.id)</td><td>\(zone.clockText(of: punch.instant))</td><td>\(punch.kind.label)</td>"
                + "<td>\(punch.source.rawValue.escaped)</td><td>\(place.escaped)</td>"
                + "<td>\(punch.isCorrected ? "corrected" : "")</td><td>\((punch.note ?? "").escaped)</td></tr>"
        }.joined()
        let link = "/employees/\(employee.code.rawValue.urlComponent)"
        let status = day.code.isEmpty ? day.status.name : "\(day.code) — \(day.status.name)"
        let body = """
            <p><a href="\(link)?month=\(date.yearMonth)">\(employee.name.rawValue.escaped)'s \(date.yearMonth.title)</a></p>
            <p class="status \(statusClass(day.status))">\(status.escaped)\(day.minutesLate.map { " · late by \($0) min" } ?? "")</p>
            \(day.flags.isEmpty ? "" : "<p>Flags: \(day.flags.description.escaped)</p>")
            \(day.holidayName.map { "<p>Holiday: \($0.escaped)</p>" } ?? "")
            <p>Worked: \(Self.hours(day.countedSeconds))</p>
            <h2>Punches</h2>
            \(rows.isEmpty ? "<p>No punches.</p>" : "<table><thead><tr><th>Id</th><th>Time</th><th>Kind</th><th>Source</th><th>Access point</th><th>Corrected</th><th>Note</th></tr></thead><tbody>\(rows)</tbody></table>")
            """
        return Page(title: "\(employee.name.rawValue) — \(date.weekday.name) \(date)", section: "employees", body: body)
    }

    /// "7h 05m"
    static func hours(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return "\(minutes / 60)h \(String(format: "%02d", minutes % 60))m"
    }
}
