import AttendanceCore
import AttendanceICalendar

extension Speech {
    /// Why an iCalendar file, or an event of it, gave no holiday, in this language; the caller
    /// says where ("calendar.ics:12: …", "skipped calendar.ics:12: …").
    public func sentence(for fault: HolidayCalendarFault) -> String {
        switch fault {
        case .calendar(let fault):
            return sentence(for: fault)
        case .notAHoliday(let summary, let error):
            return tr(
                "{event} cannot be a holiday: {reason}", ["event": event(named: summary), "reason": error.worded(self)])
        case .namesTooLong(let name, let date, let kept, let keptLine):
            return tr(
                "{event} on {date}: the date is already {kept} (line {line}) and the names together are longer than 100 characters; kept {kept}",
                [
                    "event": event(named: name), "date": date.description, "kept": kept.quotedForMessage,
                    "line": String(keptLine),
                ])
        }
    }

    /// What the iCalendar reader says of a file or of one event of it, in this language; in
    /// English, the reader's own sentence (`ICalendarFault.description`), word for word.
    public func sentence(for fault: ICalendarFault) -> String {
        switch fault {
        case .notICalendar:
            return tr("not an iCalendar file (no BEGIN:VCALENDAR)")
        case .tooManyDates(let limit, let horizon):
            return tr(
                "the file's events give more than {limit} dates in all by {horizon} (this event passes the limit); a holiday calendar gives far fewer — check the events' RRULE and DURATION; nothing from this file was imported",
                ["limit": String(limit), "horizon": horizon.description])
        case .unfinishedEvent:
            return tr("{event} has no END:VEVENT; the file seems cut short", ["event": event(named: nil)])
        case .event(let summary, let problem):
            return sentence(for: problem, of: event(named: summary))
        }
    }

    /// "event "Diwali"", or "event" when it has no SUMMARY: the subject of a sentence about it.
    private func event(named summary: String?) -> String {
        guard let summary else { return ctr("iCalendar", "event") }
        return ctr("iCalendar", "event {name}", ["name": summary.quotedForMessage])
    }

    private func sentence(for problem: ICalendarEventProblem, of event: String) -> String {
        switch problem {
        case .noStart:
            return tr("{event} has no DTSTART", ["event": event])
        case .cancelled:
            return tr("{event} is cancelled (STATUS:CANCELLED)", ["event": event])
        case .startNotADate(let written):
            return tr(
                "{event} starts on {written}, which is not a date that exists", ["event": event, "written": written])
        case .startHasTime(let written):
            return tr(
                "{event} has a time ({written}); only all-day events can be holidays",
                ["event": event, "written": written])
        case .endNotADate(let written):
            return tr(
                "{event} ends on {written}, which is not a date that exists", ["event": event, "written": written])
        case .endHasTime(let written):
            return tr(
                "{event} ends at a time ({written}); only all-day events can be holidays",
                ["event": event, "written": written])
        case .endsBeforeStart(let end, let start):
            return tr(
                "{event} ends (DTEND {end}) on or before it starts ({start})",
                ["event": event, "end": end.description, "start": start.description])
        case .badDuration(let duration):
            return tr(
                "{event} has a DURATION of {duration}; only whole days (P2D) or weeks (P1W) can be holidays",
                ["event": event, "duration": duration.quotedForMessage])
        case .tooLong(let days, let first, let last):
            return tr(
                "{event} covers {days} days ({first} to {last}); at most 366 are taken",
                ["event": event, "days": String(days), "first": first.description, "last": last.description])
        case .noSummary(let date):
            return tr(
                "{event} on {date} has no SUMMARY to name the holiday", ["event": event, "date": date.description])
        case .unreadable(let reason):
            return tr("{event} is not imported: {reason}", ["event": event, "reason": sentence(for: reason)])
        case .tooManyRepeats(let limit, let horizon):
            return tr(
                "{event} repeats more than {limit} times by {horizon}; check its RRULE (at most {limit} dates are taken)",
                ["event": event, "limit": String(limit), "horizon": horizon.description])
        }
    }

    private func sentence(for reason: ICalendarEventProblem.Unreadable) -> String {
        switch reason {
        case .secondRule:
            tr("more than one RRULE; give each rule its own event")
        case .rule(let problem):
            sentence(for: problem)
        case .rdate(let value):
            tr(
                "RDATE {value} is not a date (20261225); an all-day event repeats on dates",
                ["value": value.quotedForMessage])
        case .exdate(let value):
            tr("EXDATE {value} is not a date (20261225) or a date-time", ["value": value.quotedForMessage])
        }
    }
}

extension Speech {
    /// Why an `RRULE` is not taken, in this language; in English, the reader's own sentence
    /// (`RecurrenceRuleProblem.description`), word for word. The part comes from the file,
    /// untrusted: it is quoted as the English has it.
    public func sentence(for problem: RecurrenceRuleProblem) -> String {
        tr(
            "invalid {what} {value}: expected {expected}",
            ["what": tr("RRULE part"), "value": problem.written.quotedForMessage, "expected": expected(problem)])
    }

    private func expected(_ problem: RecurrenceRuleProblem) -> String {
        switch problem {
        case .notNameValue: tr("NAME=VALUE, e.g. FREQ=YEARLY")
        case .unsupportedPart(let name, _):
            tr(
                "one of {parts} or WKST ({name} is not supported)",
                ["parts": RecurrenceRuleProblem.supportedParts.dropLast().joined(separator: ", "), "name": name])
        case .partTwice: tr("each part once")
        case .noFrequency: tr("a FREQ part, e.g. FREQ=YEARLY")
        case .frequency: tr("FREQ=YEARLY, MONTHLY, WEEKLY or DAILY; an all-day event has no times")
        case .interval: tr("a whole number from 1 to 9999")
        case .count: tr("a whole number of at least 1")
        case .countAndUntil: tr("COUNT or UNTIL, not both (RFC 5545)")
        case .until: tr("a date (20271231) or a UTC date-time (20271231T235959Z)")
        case .months: tr("months 1 to 12, separated by commas")
        case .monthDaysInWeeklyRule: tr("no BYMONTHDAY with FREQ=WEEKLY (RFC 5545)")
        case .monthDays: tr("days 1 to 31 or -31 to -1 (from the month's end), separated by commas")
        case .weekdays:
            tr(
                "weekdays MO, TU, WE, TH, FR, SA, SU, with an ordinal (1 to 53 or -53 to -1, e.g. 4TH or -1MO) only for FREQ=MONTHLY or YEARLY"
            )
        case .setPositionsAlone: tr("BYSETPOS together with BYMONTH, BYMONTHDAY or BYDAY")
        case .setPositions: tr("positions 1 to 366 or -366 to -1, separated by commas")
        case .weekStart: tr("a weekday: MO, TU, WE, TH, FR, SA or SU")
        }
    }
}
