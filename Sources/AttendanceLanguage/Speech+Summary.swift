import AttendanceCore

extension Speech {
    /// "Present days 16.5 of goal 20", "worked 131.25 h", "late 3", "early exit 1": a month
    /// summary's figures as the calendar says them, on the screen and on the page, with the
    /// language's decimal comma ("Jours de présence 16,5").
    public func summaryFigures(_ summary: MonthSummary) -> [String] {
        let days = decimal(summary.presentDaysText)
        let present =
            summary.goalDays.map { tr("Present days {days} of goal {goal}", ["days": days, "goal": "\($0)"]) }
            ?? tr("Present days {days}", ["days": days])
        return [
            present, tr("worked {hours} h", ["hours": decimal(summary.workedHoursText)]),
            tr("late {count}", ["count": "\(summary.lateCount)"]),
            tr("early exit {count}", ["count": "\(summary.earlyExitCount)"]),
        ]
    }
}
