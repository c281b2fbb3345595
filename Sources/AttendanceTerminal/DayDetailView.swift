import AttendanceCore
import AttendanceLanguage
import Foundation

/// One employee's attendance date in detail: status, shift, every punch with its source and
/// WiFi evidence, the sessions and gaps, worked time, flags and corrections.
///
///     E001  Asha Rao · Tuesday 2026-03-03
///     Status:  L  late
///     Shift:   09:30–18:00
///     Punches:
///       09:47  IN   nl80211    OfficeNet  aa:bb:cc:dd:ee:01  HQ ground floor
public struct DayDetailView: Sendable {
    public let employee: Employee
    public let day: DayEvaluation
    /// The policy's zone: punches are shown on its wall clock.
    public let zone: LocalZone
    /// The instant the view is drawn, for an open session's length so far.
    public let now: Date
    /// The reader's language; codes, times, SSIDs and sources stay as they are.
    public let words: Speech
    /// The date's punches with the corrections made to them, voided ones too: each void, restore
    /// and re-time is listed with who made it, when and why.
    public let histories: [PunchHistory]

    public init(
        employee: Employee, day: DayEvaluation, zone: LocalZone, now: Date, words: Speech = .english,
        histories: [PunchHistory] = []
    ) {
        self.employee = employee
        self.day = day
        self.zone = zone
        self.now = now
        self.words = words
        self.histories = histories
    }

    /// `label` in the column the values line up after: as wide as the longest label of this
    /// language and two spaces (ten columns in English).
    private func field(_ label: String) -> String {
        let labels = [
            words.ctr("day detail", "Status:"), words.ctr("day detail", "Shift:"), words.ctr("day detail", "Holiday:"),
            words.ctr("day detail", "Leave:"), words.ctr("day detail", "Punches:"), words.ctr("day detail", "Worked:"),
            words.ctr("day detail", "Flags:"),
        ]
        let width = (labels.map(\.terminalWidth).max() ?? 0) + 2
        return label.padded(toWidth: width)
    }

    public func render(width: Int = 80) -> StyledText {
        var out = StyledText()
        let code = employee.code.rawValue.terminalSafe
        let heading = " · \(words.weekdayName(day.date.weekday)) \(day.date)"
        let room = max(1, width - code.terminalWidth - 2 - heading.terminalWidth)
        var title = StyledText(code, style: .bold)
        title.append("  " + employee.name.rawValue.terminalSafe.truncated(toWidth: room) + heading)
        out.appendLine(title)
        out.appendLine(status())
        out.appendLine(field(words.ctr("day detail", "Shift:")) + "\(clock(day.shift.start))–\(clock(day.shift.end))")
        if let holiday = day.holidayName { out.appendLine(field(words.ctr("day detail", "Holiday:")) + holiday) }
        if let leave = day.leave {
            // "sick, full day": the type as `leave add --type` names it, then how much of the date.
            let type = day.leaveType.map { $0.name.terminalSafe + ", " } ?? ""
            out.appendLine(
                field(words.ctr("day detail", "Leave:")) + type
                    + (leave == .half ? words.ctr("leave", "half day") : words.ctr("leave", "full day")))
        }
        out.append(punches(width: width))
        out.append(sessions())
        out.append(gaps())
        let worked =
            day.status == .in
            ? words.tr("{length} so far", ["length": TimeText.duration(day.workedSeconds)])
            : TimeText.duration(day.workedSeconds)
        out.appendLine(field(words.ctr("day detail", "Worked:")) + worked)
        out.appendLine(
            field(words.ctr("day detail", "Flags:"))
                + (day.flags.isEmpty ? words.ctr("no flags", "none") : CalendarView.flagWords(day, words)))
        out.append(corrections(width: width))
        return out
    }

    // MARK: - Parts

    func status() -> StyledText {
        var line = StyledText(field(words.ctr("day detail", "Status:")))
        // IN is "in" here, beside its code, where a legend says "in now".
        let name = day.status == .in ? words.ctr("day status", "in") : day.status.legendName(words)
        guard !day.code.isEmpty else {
            line.append(name)
            return line
        }
        line.append(day.code, style: day.status.style)
        line.append("  " + name)
        if let provisional = day.provisionalStatus {
            line.append(", " + words.tr("so far") + " ")
            line.append(provisional.code, style: provisional.style)
        }
        return line
    }

    func punches(width: Int) -> StyledText {
        var out = StyledText()
        guard !day.punches.punches.isEmpty else {
            out.appendLine(field(words.ctr("day detail", "Punches:")) + words.ctr("no punches", "none"))
            return out
        }
        out.appendLine(words.ctr("day detail", "Punches:"))
        // Repeats from another kiosk are listed where they happened, and said to count once.
        let repeats = Set(day.punches.repeats.map(\.id))
        let all = (day.punches.punches + day.punches.repeats).sorted {
            ($0.instant, repeats.contains($0.id) ? 1 : 0) < ($1.instant, repeats.contains($1.id) ? 1 : 0)
        }
        let clockWidth = all.map { clock($0.instant).count }.max() ?? 5
        for punch in all {
            var fields = [clock(punch.instant).padded(toWidth: clockWidth), punch.kind.label.padded(toWidth: 3)]
            // Where it was pressed comes first: on a narrow screen the evidence is what is cut.
            if let origin = punch.origin { fields.append(words.tr("at {place}", ["place": origin])) }
            if repeats.contains(punch.id) { fields.append(words.tr("(again: counted once)")) }
            if let off = punch.clockOff {
                fields.append(words.tr("(kiosk clock {offset})", ["offset": words.clockOffset(minutes: off)]))
            }
            fields.append(punch.source == .simulated ? words.tr("SIMULATED") : punch.source.rawValue)
            if let ssid = punch.ssid { fields.append(ssid.escaped) }
            if let bssid = punch.bssid { fields.append(bssid.description) }
            if let location = punch.location { fields.append(location) }
            let text = "  " + fields[0] + "  " + fields[1] + "  " + fields.dropFirst(2).joined(separator: "  ")
            out.appendLine(text.terminalSafe.truncated(toWidth: width))
        }
        return out
    }

    func sessions() -> StyledText {
        var out = StyledText()
        let sessions = day.sessions
        guard !sessions.isEmpty else { return out }
        out.appendLine(words.ctr("day detail", "Sessions:"))
        for session in sessions {
            out.appendLine(Self.row(spanText(session), lengthText(session)))
        }
        return out
    }

    /// "  09:25–13:00", "  09:00–open".
    ///
    /// The OUT is read with `if let`: `session.end.map(…)` here crashes the Swift 6.3.1
    /// optimizer (CopyPropagation) in release builds.
    func spanText(_ session: Session) -> String {
        var text = "  " + clock(session.start) + "–"
        if let outPunch = session.outPunch {
            text += clock(outPunch.instant)
        } else {
            text += words.ctr("session", "open")
        }
        return text
    }

    /// "3h 35m", "5h 03m so far", "never marked out", "17h 10m, over the maximum: not counted".
    /// Only today's last session is still running: one that a later IN followed (a mark-out
    /// forgotten, or an IN pressed at two kiosks) was never marked out, today too.
    func lengthText(_ session: Session) -> String {
        let length = TimeText.duration(session.length(until: now))
        if session.isOpen {
            let running = day.isToday && session == day.sessions.last
            return running
                ? words.tr("{length} so far", ["length": length]) : words.tr("never marked out")
        }
        if session.isOverMax { return words.tr("{length}, over the maximum: not counted", ["length": length]) }
        return length
    }

    func gaps() -> StyledText {
        let gaps = day.gaps
        var out = StyledText()
        guard !gaps.isEmpty else { return out }
        out.appendLine(words.ctr("day detail", "Gaps:"))
        for gap in gaps {
            out.appendLine(Self.row("  \(clock(gap.start))–\(clock(gap.end))", TimeText.duration(gap.length)))
        }
        return out
    }

    /// A session's or a gap's line: its span, then its length in a column of its own, pushed
    /// further right when the span is long ("02:30+02:00 (+1)–02:40+01:00 (+1)" in the hour the
    /// clocks repeat), so the two never run together.
    static func row(_ span: String, _ length: String) -> String {
        span.padded(toWidth: max(24, span.terminalWidth + 2)) + length
    }

    /// Punches a manager entered (source `manual`), with their notes; then the punches a manager
    /// voided, restored or re-timed, each change with who made it, when and why.
    func corrections(width: Int) -> StyledText {
        let manual = day.punches.punches.filter { $0.source == .manual }
        let changed = histories.compactMap { history in
            let changes = history.corrections.filter { $0.action != .add }
            return changes.isEmpty ? nil : (history, changes)
        }
        var out = StyledText()
        guard !manual.isEmpty || !changed.isEmpty else {
            out.appendLine(words.ctr("day detail", "Corrections:") + " " + words.ctr("no corrections", "none"))
            return out
        }
        out.appendLine(words.ctr("day detail", "Corrections:"))
        for punch in manual {
            let note = punch.note.map { ": " + $0 } ?? ""
            let entered = words.tr(
                "{kind} at {time} entered by a manager", ["kind": punch.kind.label, "time": clock(punch.instant)])
            let line = "  " + entered + note
            out.appendLine(line.terminalSafe.truncated(toWidth: width))
        }
        // The punch as recorded, what it is now, and each change whole, however long its
        // reason: wrapped under the punch, never cut.
        for (history, changes) in changed {
            let (original, effective) = (history.original, history.effective)
            var heading = "  \(original.kind.label) \(clock(original.instant))"
            if effective.instant != original.instant { heading += " → \(clock(effective.instant))" }
            if history.isVoided { heading += " (" + words.ctr("a punch", "voided") + ")" }
            out.appendLine(heading + ":")
            for correction in changes {
                let sentence = correction.sentence(zone: zone, words).terminalSafe
                for (index, line) in sentence.wrapped(toWidth: max(20, width - 6)).enumerated() {
                    out.appendLine((index == 0 ? "    " : "      ") + line)
                }
            }
        }
        return out
    }

    private func clock(_ instant: Date) -> String { TimeText.clock(instant, in: zone, on: day.date) }
}
