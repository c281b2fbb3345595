import AttendanceCore
import AttendanceLanguage
import Foundation

/// One employee's month as a grid of weeks, with a legend, the month summary and the flagged
/// days: what `attendance calendar` prints and the kiosk's "my calendar" screen shows.
///
/// The view fits 80 columns; with the flagged days limited to a few lines it fits 20 rows.
/// It is built as ``StyledText``, so the same layout comes out in colour on a terminal and as
/// plain text elsewhere. Today is marked with brackets (`[24 IN]`), and inverse where colours are
/// used, so it shows either way.
///
///     E001  Asha Rao · March 2026
///      Mon     Tue     Wed     Thu     Fri     Sat     Sun
///                                                       1 WO
///       2 P     3 L     4 HD    5 A     6 P     7 WO    8 WO
public struct CalendarView: Sendable {
    public let employee: Employee
    public let evaluation: MonthEvaluation
    /// The first column's weekday (`[policy] week_starts`).
    public let weekStarts: Weekday
    /// The policy's zone, for the time of today's IN.
    public let zone: LocalZone
    /// At most this many flagged days are listed, then "… and N more"; nil lists them all.
    public var flaggedLimit: Int?
    /// The language of its words; the status codes are the same in every language.
    public var words: Speech
    /// Drawn for the employee at the kiosk: future holidays, weekly offs and leave shown as
    /// planned (grey), the month's holidays named, imports in words an employee knows, and the
    /// flagged days listed from ``flaggedFrom`` on.
    public var forEmployee: Bool
    /// With ``flaggedLimit``, the first flagged day listed (0: the first of the month's).
    public var flaggedFrom: Int

    public init(
        employee: Employee, evaluation: MonthEvaluation, weekStarts: Weekday, zone: LocalZone,
        flaggedLimit: Int? = nil, words: Speech = .english, forEmployee: Bool = false, flaggedFrom: Int = 0
    ) {
        self.words = words
        self.forEmployee = forEmployee
        self.flaggedFrom = flaggedFrom
        self.employee = employee
        self.evaluation = evaluation
        self.weekStarts = weekStarts
        self.zone = zone
        self.flaggedLimit = flaggedLimit
    }

    /// Columns of one day's cell: a bracket slot, the day number, a space, the code, a bracket slot.
    static let cellWidth = 7

    /// The whole view, at most `width` columns wide.
    public func render(width: Int = 80) -> StyledText {
        var out = StyledText()
        out.appendLine(title(width: width))
        out.append(grid())
        if let today = todayLine() { out.appendLine(today) }
        out.appendLine()
        out.append(Self.legend(width: width, words))
        out.append(summary())
        if forEmployee { out.append(holidays(width: width)) }
        out.append(marked(width: width))
        out.append(flagged(width: width))
        return out
    }

    // MARK: - Parts

    /// "E001  Asha Rao · March 2026", the name shortened to fit.
    func title(width: Int) -> StyledText {
        let code = employee.code.rawValue.terminalSafe
        let month = " · " + words.monthTitle(evaluation.month)
        let room = max(1, width - code.terminalWidth - 2 - month.terminalWidth)
        var line = StyledText(code, style: .bold)
        line.append("  " + employee.name.rawValue.terminalSafe.truncated(toWidth: room))
        line.append(month)
        return line
    }

    /// The weekday header and a row per week.
    func grid() -> StyledText {
        let layout = MonthGrid(month: evaluation.month, weekStarts: weekStarts)
        var out = StyledText()
        let header = layout.weekdays.map { " " + words.shortWeekdayName($0).padded(toWidth: Self.cellWidth - 1) }
        out.appendLine(header.joined(separator: " ").trimmingTrailingSpaces())
        for week in layout.weeks {
            var row = StyledText()
            for (column, date) in week.enumerated() {
                if column > 0 { row.append(" ") }
                row.append(cell(date.flatMap { evaluation[$0] }))
            }
            out.appendLine(row.trimmingTrailingSpaces())
        }
        return out
    }

    /// "[24 IN]" for today, " 2 P  " otherwise; blank outside the month. For the employee, a
    /// future date planned as a holiday, weekly off or leave shows that code in grey.
    func cell(_ day: DayEvaluation?) -> StyledText {
        guard let day else { return StyledText(String(repeating: " ", count: Self.cellWidth)) }
        let number = String(day.date.day).leftPadded(toWidth: 2)
        if forEmployee, let planned = day.planned {
            return StyledText(" " + number + " ") + StyledText(planned.code.padded(toWidth: 2), style: .color(.grey))
                + StyledText(" ")
        }
        let code = day.code.padded(toWidth: 2)
        var cell = StyledText()
        if day.isToday {
            cell.append("[")
            cell.append(number + " ", style: TextStyle.plain.inverted)
            cell.append(code, style: day.status.style.inverted)
            cell.append("]")
        } else {
            cell.append(" " + number + " ")
            cell.append(code, style: day.status.style)
            cell.append(" ")
        }
        return cell
    }

    /// "Today: in since 09:47, L so far (late by 17 min)" while today's session is open.
    func todayLine() -> StyledText? {
        guard let today = evaluation.days.first(where: \.isToday), today.status == .in,
            let open = today.punches.openSession
        else { return nil }
        var line = StyledText(
            words.tr("Today: in since {time}", ["time": TimeText.clock(open.start, in: zone, on: today.date)]))
        if let provisional = today.provisionalStatus {
            line.append(", ")
            line.append(provisional.code, style: provisional.style)
            line.append(" " + words.tr("so far"))
        }
        if let late = today.minutesLate, today.flags.contains(.late) {
            line.append(" (\(Self.lateText(late, words)))")
        }
        return line
    }

    /// The codes and their words, over as many lines as `width` needs.
    static func legend(width: Int, _ words: Speech = .english) -> StyledText {
        let items =
            DayStatus.legendItems(words)
            + [StyledText("[ ]", style: TextStyle.plain.inverted) + StyledText(" " + words.tr("today"))]
        return StyledText.flowing(items, width: width)
    }

    /// "P 14  L 2  HD 1 …" and "Present days 16.5 · worked 131.25 h · late 3 · early exit 1"
    /// ("Present days 16.5 of goal 20 · …" with a monthly goal).
    func summary() -> StyledText {
        let summary = evaluation.summary
        var counts = StyledText()
        for status in DayStatus.summaryOrder {
            if counts.terminalWidth > 0 { counts.append("  ") }
            counts.append(status.code, style: status.style)
            counts.append(" \(summary.countText(status))")
        }
        var out = StyledText()
        out.appendLine(counts)
        out.appendLine(words.summaryFigures(summary).joined(separator: " · "))
        return out
    }

    /// "Punches on SIMULATED WiFi: 2–6, 9, 11–13" and "Punches imported from another time clock:
    /// 1–5": the dates with a punch not verified at a kiosk on a real link (docs/rules.md "WiFi
    /// verification" 5; manual punches are the dates flagged "corrected"), runs of dates joined;
    /// nothing when there are none. Where the flagged days are limited (the kiosk's screen), each
    /// keeps to one line.
    func marked(width: Int) -> StyledText {
        var out = StyledText()
        for line in evidenceLines {
            for line in flaggedLimit == nil ? line.wrapped(toWidth: width) : [line.truncated(toWidth: width)] {
                out.appendLine(line)
            }
        }
        return out
    }

    /// "Holidays: Thu 25 Christmas Day, Fri 26 Boxing Day": the month's holidays, those to come
    /// too, on one line; nothing when the month has none.
    func holidays(width: Int) -> StyledText {
        let named = evaluation.days.compactMap { day in
            day.holidayName.map { "\(words.shortWeekdayName(day.date.weekday)) \(day.date.day) \($0.terminalSafe)" }
        }
        guard !named.isEmpty else { return StyledText() }
        var out = StyledText()
        out.appendLine(
            words.tr("Holidays: {days}", ["days": named.joined(separator: ", ")]).truncated(toWidth: width))
        return out
    }

    /// "Punches on SIMULATED WiFi: 2–6, 9, 11–13", a line per kind of evidence that any date has.
    public var evidenceLines: [String] {
        [
            (EvidenceHeading.simulated(words), \DayEvaluation.hasSimulatedPunch),
            (
                forEmployee ? EvidenceHeading.importedForEmployee(words) : EvidenceHeading.imported(words),
                \DayEvaluation.hasImportedPunch
            ),
        ].compactMap { heading, marked in
            let dates = evaluation.days.filter { $0[keyPath: marked] }.map(\.date.day)
            return dates.isEmpty
                ? nil : words.tr("{heading}: {dates}", ["heading": heading, "dates": Self.runs(dates)])
        }
    }

    /// "2–6, 9, 11–13": ascending day numbers, each run of consecutive ones as first–last.
    static func runs(_ days: [Int]) -> String {
        var parts: [String] = []
        var index = days.startIndex
        while index < days.endIndex {
            var end = index
            while end + 1 < days.endIndex, days[end + 1] == days[end] + 1 { end += 1 }
            parts.append(end == index ? "\(days[index])" : "\(days[index])–\(days[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    /// "Flagged days:" and a line per flagged date, or nothing when no date is flagged.
    func flagged(width: Int) -> StyledText {
        let days = evaluation.flaggedDays
        guard !days.isEmpty else { return StyledText() }
        var out = StyledText()
        out.appendLine()
        let from = forEmployee ? min(max(0, flaggedFrom), days.count - 1) : 0
        let shown = flaggedLimit.map { days.dropFirst(from).prefix(max(0, $0)) } ?? days[...]
        if forEmployee, shown.count < days.count {
            // Every flagged day is reachable: the arrows page through them.
            out.appendLine(
                words.tr(
                    "Flagged days {first}–{last} of {count} (up and down for the others):",
                    ["first": "\(from + 1)", "last": "\(from + shown.count)", "count": "\(days.count)"]))
        } else {
            out.appendLine(words.tr("Flagged days:"))
        }
        for day in shown {
            var line = StyledText(
                "  \(words.shortWeekdayName(day.date.weekday)) \(String(day.date.day).leftPadded(toWidth: 2))  ")
            line.append(day.code.padded(toWidth: 2), style: day.status.style)
            line.append("  " + Self.flagWords(day, words).truncated(toWidth: max(1, width - 14)))
            out.appendLine(line)
        }
        if !forEmployee, shown.count < days.count {
            out.appendLine("  " + words.tr("… and {count} more", ["count": "\(days.count - shown.count)"]))
        }
        return out
    }

    /// "late by 17 min", "late by 2h 05m": as the kiosk and `mark` say it.
    static func lateText(_ minutes: Int, _ words: Speech = .english) -> String {
        words.tr("late by {duration}", ["duration": TimeText.duration(Double(minutes) * 60, minuteUnit: " min")])
    }

    /// "late by 17 min, early exit", "worked on holiday (Republic Day)", "missing mark-out".
    public static func flagWords(_ day: DayEvaluation, _ words: Speech = .english) -> String {
        var named: [String] = []
        for (flag, _) in DayFlags.named where day.flags.contains(flag) {
            switch flag {
            case .late: named.append(day.minutesLate.map { lateText($0, words) } ?? flag.name(words))
            case .workedOnHoliday:
                named.append(
                    words.tr(
                        "worked on holiday ({holiday})", ["holiday": day.holidayName ?? words.tr("weekly off")]))
            default: named.append(flag.name(words))
            }
        }
        if day.status == .missing, !day.flags.contains(.missingMarkOut), !day.flags.contains(.overMaxSession) {
            named.append(words.tr("missing mark-out"))
        }
        return named.joined(separator: ", ")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

extension StyledText {
    /// The text without spaces at its end (lines in a file should not end in blanks).
    func trimmingTrailingSpaces() -> StyledText {
        var runs = self.runs
        while let last = runs.last {
            let trimmed = last.text.trimmingTrailingSpaces()
            if trimmed.isEmpty {
                runs.removeLast()
                continue
            }
            runs[runs.count - 1].text = trimmed
            break
        }
        var out = StyledText()
        for run in runs { out.append(run.text, style: run.style) }
        return out
    }
}
