import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceSync

extension Console {
    /// `/`: who is in now, who came late, who has not come yet, who is on leave. It reloads
    /// itself every minute.
    func todayPage(_ session: ConsoleSession) async throws -> Page {
        let (policy, now, words) = (self.policy, self.now(), self.words)
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
            var detail =
                entry.day.sessions.last.map { words.tr("in since {time}", ["time": zone.clockText(of: $0.start)]) }
                ?? words.ctr("today's board", "in")
            if let location = entry.location { detail += " " + words.tr("at {place}", ["place": location]) }
            if let kiosk = entry.kiosk { detail += " (\(kiosk))" }
            return person(entry, detail)
        }
        let late = board.entries.filter(\.isLate).map { entry in
            person(
                entry,
                words.ntr("late by {n} min", "late by {n} min", entry.day.minutesLate ?? 0)
                    + (entry.day.firstIn.map { ", " + words.tr("in at {time}", ["time": zone.clockText(of: $0)]) }
                        ?? ""))
        }
        let notYet = board.entries.filter(\.isNotYet).map { entry in
            person(entry, words.tr("shift starts {time}", ["time": zone.clockText(of: entry.day.shift.start)]))
        }
        let leave = board.entries.filter(\.isOnLeave).map { entry in
            person(entry, entry.day.leave == .half ? words.tr("half-day leave") : words.ctr("today's board", "leave"))
        }
        let gone = board.entries.filter { !$0.isIn && $0.day.lastOut != nil }.map { entry in
            person(entry, words.tr("out at {time}", ["time": zone.clockText(of: entry.day.lastOut!)]))
        }
        let never = words.ctr("a kiosk's last sync", "never")
        let kiosks = board.kiosks.map { kiosk in
            let here = board.entries.filter { $0.isIn && $0.kiosk == kiosk.name }.count
            return "<tr><td>\(kiosk.name.escaped)</td><td>\(here)</td>"
                + "<td>\(kiosk.lastPush.map { zone.minuteText(of: $0) } ?? never)</td>"
                + "<td>\(kiosk.lastPull.map { zone.minuteText(of: $0) } ?? never)</td></tr>"
        }
        let seen =
            board.lastSync.map {
                words.tr("As the central store saw them at {time}:", ["time": zone.minuteText(of: $0)])
            }
            ?? words.tr("As the central store saw them:")
        let headings = [
            words.ctr("kiosks table", "Kiosk"), words.ctr("kiosks table", "In now"),
            words.ctr("kiosks table", "Last sent punches"), words.ctr("kiosks table", "Last fetched"),
        ]
        let centre =
            kiosks.isEmpty
            ? ""
            : """
            <section><h2>\(words.tr("Kiosks")) (\(kiosks.count))</h2><p>\(seen)</p>
            <table><thead><tr>\(headings.map { "<th>\($0)</th>" }.joined())</tr></thead>
            <tbody>\(kiosks.joined())</tbody></table></section>
            """
        // A day nobody is expected says so, rather than "everyone expected has come".
        let holiday =
            board.holidayName.map {
                "<p class=\"notice\">" + words.tr("Today is a holiday: {name}.", ["name": $0.escaped]) + "</p>"
            }
            ?? (policy.isWorkingDay(board.date)
                ? ""
                : "<p class=\"notice\">" + words.tr("Today is a weekly off: nobody is expected.") + "</p>")
        let employed = words.ntr("{n} employed today", "{n} employed today", board.entries.count)
        let sections = [
            section(words.tr("In now"), inNow, empty: words.tr("Nobody is in.")),
            section(words.tr("Late today"), late, empty: words.tr("Nobody came late.")),
            section(words.tr("Not come yet"), notYet, empty: words.tr("Everyone expected has come.")),
            section(words.tr("On leave"), leave, empty: words.tr("Nobody is on leave.")),
            section(words.tr("Marked out"), gone, empty: words.tr("Nobody has left yet.")),
        ]
        let body = """
            <p>\(words.longDate(board.date)) · \(zone.clockText(of: now)) · \(employed)</p>
            \(holiday)<div class="board">
            \(sections.joined(separator: "\n"))
            </div>
            \(centre)
            """
        return Page(title: words.ctr("console page", "Today"), section: "today", body: body, refreshSeconds: 60)
    }
}
