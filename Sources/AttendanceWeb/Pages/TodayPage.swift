import AttendanceApp
import AttendanceCore

extension Console {
    /// `/`: who is in now, who came late, who has not come yet, who is on leave. It reloads
    /// itself every minute.
    func todayPage(_ session: ConsoleSession) async throws -> Page {
        let (policy, now) = (self.policy, self.now())
        let board = try await blocking { try Reports.today(policy: policy, now: now, store: self.store) }
        let zone = policy.zone
        func person(_ entry: TodayBoard.Entry, _ detail: String) -> String {
            let code = entry.employee.code.rawValue
            return
                "<li><a href=\"/employees/\(code.urlComponent)/days/\(board.date)\">\(entry.employee.name.rawValue.escaped)</a>"
                + " <small>\(code.escaped)</small>\(detail.isEmpty ? "" : " — " + detail.escaped)</li>"
        }
        func section(_ title: String, _ items: [String], empty: String) -> String {
            "<section><h2>\(title) (\(items.count))</h2>"
                + (items.isEmpty ? "<p>\(empty)</p>" : "<ul>\(items.joined())</ul>") + "</section>"
        }
        let inNow = board.entries.filter(\.isIn).map { entry in
            let since = entry.day.sessions.last.map { "in since \(zone.clockText(of: $0.start))" } ?? "in"
            return person(
                entry, since + (entry.location.map { " at \($0)" } ?? "") + (entry.kiosk.map { " (\($0))" } ?? ""))
        }
        let late = board.entries.filter(\.isLate).map { entry in
            person(
                entry,
                "late by \(entry.day.minutesLate ?? 0) min"
                    + (entry.day.firstIn.map { ", in at \(zone.clockText(of: $0))" } ?? ""))
        }
        let notYet = board.entries.filter(\.isNotYet).map { entry in
            person(entry, "shift starts \(zone.clockText(of: entry.day.shift.start))")
        }
        let leave = board.entries.filter(\.isOnLeave).map { entry in
            person(entry, entry.day.leave == .half ? "half-day leave" : "leave")
        }
        let gone = board.entries.filter { !$0.isIn && $0.day.lastOut != nil }.map { entry in
            person(entry, "out at \(zone.clockText(of: entry.day.lastOut!))")
        }
        let kiosks = board.kiosks.map { kiosk in
            let here = board.entries.filter { $0.isIn && $0.kiosk == kiosk.name }.count
            return "<tr><td>\(kiosk.name.escaped)</td><td>\(here)</td>"
                + "<td>\(kiosk.lastPush.map { zone.minuteText(of: $0) } ?? "never")</td>"
                + "<td>\(kiosk.lastPull.map { zone.minuteText(of: $0) } ?? "never")</td></tr>"
        }
        let centre =
            kiosks.isEmpty
            ? ""
            : """
            <section><h2>Kiosks (\(kiosks.count))</h2><p>As the central store saw them when this desk last \
            synced\(board.lastSync.map { ", at " + zone.minuteText(of: $0) } ?? ""):</p>
            <table><thead><tr><th>Kiosk</th><th>In now</th><th>Last sent punches</th><th>Last fetched</th></tr></thead>
            <tbody>\(kiosks.joined())</tbody></table></section>
            """
        let holiday = board.holidayName.map { "<p class=\"notice\">Today is a holiday: \($0.escaped).</p>" } ?? ""
        let body = """
            <p>\(board.date.weekday.name) \(board.date) · \(zone.clockText(of: now)) · \(board.entries.count) employed today</p>
            \(holiday)<div class="board">
            \(section("In now", inNow, empty: "Nobody is in."))
            \(section("Late today", late, empty: "Nobody came late."))
            \(section("Not come yet", notYet, empty: "Everyone expected has come."))
            \(section("On leave", leave, empty: "Nobody is on leave."))
            \(section("Marked out", gone, empty: "Nobody has left yet."))
            </div>
            \(centre)
            """
        return Page(title: "Today", section: "today", body: body, refreshSeconds: 60)
    }
}
