import AttendanceCore

extension Speech {
    /// A week's payroll note in this language, its figures with the language's decimal comma:
    /// a heading, one line per working date of the employment (and per other date that has
    /// hours), and the total. The JSON's payroll_text is the English one.
    ///
    /// The week is named by its first date as ISO 8601 (no reader mistakes 11/02 for 2 November),
    /// and every figure has two decimals, as payroll keys them in:
    ///
    ///     Hours – Week of 2026-02-09:
    ///     Mon: 8.50 hrs
    ///     Tue: 0.00 hrs (leave)
    ///     Wed: 0.00 hrs (absent)
    ///     …
    ///     Total: 44.50 hrs
    public func payrollText(_ hours: WeekHours) -> String {
        var lines = [tr("Hours – Week of {date}:", ["date": hours.firstDay?.description ?? ""])]
        for line in hours.payrollLines {
            let figure = tr(
                "{day}: {hours} hrs",
                ["day": shortWeekdayName(line.date.weekday), "hours": decimal(WeekHours.decimalText(line.hundredths))])
            lines.append(
                line.note.map { tr("{figure} ({note})", ["figure": figure, "note": payrollNote($0)]) } ?? figure)
        }
        lines.append(tr("Total: {hours} hrs", ["hours": decimal(WeekHours.decimalText(hours.totalHundredths))]))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why a date of the payroll note has the hours it has: "leave", "missing mark-out — not final".
    public func payrollNote(_ note: WeekHours.PayrollNote) -> String {
        switch note {
        case .leave: ctr("payroll note", "leave")
        case .absent: ctr("payroll note", "absent")
        case .missingMarkOut: ctr("payroll note", "missing mark-out — not final")
        case .inNow: ctr("payroll note", "in now — not counted yet")
        case .stillToCome: ctr("payroll note", "still to come")
        case .halfDayLeave: ctr("payroll note", "half-day leave")
        case .holiday: ctr("payroll note", "holiday")
        case .workedOnHoliday: ctr("payroll note", "worked on a holiday")
        case .workedOnWeeklyOff: ctr("payroll note", "worked on a weekly off")
        }
    }
}
