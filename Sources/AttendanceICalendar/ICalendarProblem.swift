import AttendanceText

/// An all-day event taken from the file: its name and where it is.
public struct ICalendarEvent: Sendable, Hashable {
    /// The line its `BEGIN:VEVENT` is on.
    public let line: Int
    /// Its `SUMMARY`, unescaped (untrusted text; `\n` escapes read as line breaks).
    public let summary: String
    /// The summary on one line, its line breaks read as spaces.
    public let name: String
    /// Its `DTSTART`.
    public let first: ICalendarDate
}

/// A date and the events that fall on it, in the file's order (one event twice where two of its
/// repeats overlap).
public struct ICalendarDay: Sendable, Hashable {
    public let date: ICalendarDate
    public let events: [ICalendarEvent]
}

/// Something in an iCalendar file that could not be read, with the line it is on: facts that
/// `description` words in English ("line 12: event "Offsite" has a time (DTSTART:20260310T090000Z);
/// only all-day events can be holidays") and a front-end can word in its reader's language.
public struct ICalendarProblem: Sendable, Equatable, CustomStringConvertible {
    /// The physical line (1-based) the event or property starts on.
    public let line: Int
    public let fault: ICalendarFault

    public init(line: Int, fault: ICalendarFault) {
        self.line = line
        self.fault = fault
    }

    /// "line 12: " and the fault in English.
    public var description: String { "line \(line): \(fault)" }
}

/// What keeps a file, or one event of it, from giving dates.
public enum ICalendarFault: Sendable, Equatable, CustomStringConvertible {
    /// No BEGIN:VCALENDAR.
    case notICalendar
    /// The events together give more than `limit` dates by `horizon`: nothing is taken.
    case tooManyDates(limit: Int, horizon: ICalendarDate)
    /// An event without END:VEVENT: the file was cut short.
    case unfinishedEvent
    /// One event, named by its SUMMARY when it has one (untrusted text).
    case event(summary: String?, ICalendarEventProblem)

    /// The fault in English.
    public var description: String {
        switch self {
        case .notICalendar:
            "not an iCalendar file (no BEGIN:VCALENDAR)"
        case .tooManyDates(let limit, let horizon):
            "the file's events give more than \(limit) dates in all by \(horizon) (this event passes the limit); a holiday calendar gives far fewer — check the events' RRULE and DURATION; nothing from this file was imported"
        case .unfinishedEvent:
            "\(Self.event(named: nil)) has no END:VEVENT; the file seems cut short"
        case .event(let summary, let problem):
            problem.sentence(of: Self.event(named: summary))
        }
    }

    /// "event "Diwali"", or "event" when it has no SUMMARY: the subject of a sentence about it.
    static func event(named summary: String?) -> String {
        summary.map { "event \($0.quotedForMessage)" } ?? "event"
    }
}

/// Why one event gives no dates. Values as written in the file are clipped for a message.
public enum ICalendarEventProblem: Sendable, Equatable {
    case noStart
    case cancelled
    case startNotADate(written: String)
    case startHasTime(written: String)
    case endNotADate(written: String)
    case endHasTime(written: String)
    case endsBeforeStart(end: ICalendarDate, start: ICalendarDate)
    case badDuration(String)
    case tooLong(days: Int, first: ICalendarDate, last: ICalendarDate)
    case noSummary(on: ICalendarDate)
    case unreadable(Unreadable)
    case tooManyRepeats(limit: Int, horizon: ICalendarDate)

    /// A property the event's dates cannot be read from.
    public enum Unreadable: Sendable, Equatable, CustomStringConvertible {
        case secondRule
        case rule(RecurrenceRuleProblem)
        case rdate(String)
        case exdate(String)

        /// Why, in English.
        public var description: String {
            switch self {
            case .secondRule: "more than one RRULE; give each rule its own event"
            case .rule(let problem): problem.description
            case .rdate(let value):
                "RDATE \(value.quotedForMessage) is not a date (20261225); an all-day event repeats on dates"
            case .exdate(let value): "EXDATE \(value.quotedForMessage) is not a date (20261225) or a date-time"
            }
        }
    }

    /// The sentence in English about `event` ("event "Diwali"").
    func sentence(of event: String) -> String {
        switch self {
        case .noStart: "\(event) has no DTSTART"
        case .cancelled: "\(event) is cancelled (STATUS:CANCELLED)"
        case .startNotADate(let written): "\(event) starts on \(written), which is not a date that exists"
        case .startHasTime(let written): "\(event) has a time (\(written)); only all-day events can be holidays"
        case .endNotADate(let written): "\(event) ends on \(written), which is not a date that exists"
        case .endHasTime(let written): "\(event) ends at a time (\(written)); only all-day events can be holidays"
        case .endsBeforeStart(let end, let start): "\(event) ends (DTEND \(end)) on or before it starts (\(start))"
        case .badDuration(let duration):
            "\(event) has a DURATION of \(duration.quotedForMessage); only whole days (P2D) or weeks (P1W) can be holidays"
        case .tooLong(let days, let first, let last):
            "\(event) covers \(days) days (\(first) to \(last)); at most 366 are taken"
        case .noSummary(let date): "\(event) on \(date) has no SUMMARY to name the holiday"
        case .unreadable(let reason): "\(event) is not imported: \(reason)"
        case .tooManyRepeats(let limit, let horizon):
            "\(event) repeats more than \(limit) times by \(horizon); check its RRULE (at most \(limit) dates are taken)"
        }
    }
}
