import AttendanceICalendar

/// Holidays read from an iCalendar file (RFC 5545), the form public-holiday calendars are
/// published in: the all-day events the iCalendar reader finds (``ICalendarEvents``: dates,
/// ranges, repeats, moved and removed occurrences), named by the holiday rules.
///
/// An event's name must be a holiday's (``Holiday``); one that is not is reported and gives no
/// date. Two events on one date make one holiday with both names ("Ascension Day / Father's Day"),
/// while the names together are not too long for one.
///
/// Events that are no holidays by design — with a time, or cancelled — are listed in ``skipped``;
/// one that cannot be read (no `DTSTART` or `SUMMARY`, an `RRULE` part not taken, a name no
/// holiday can have…) in ``problems``; each with its line, never silently dropped. Parsing is
/// pure: the caller reads the file and says what today is.
public struct ICalendarHolidays: Sendable, Equatable {
    /// The holidays found, in date order, each date once.
    public private(set) var holidays: [Holiday] = []
    /// Events that could not be taken although they may be holidays, in the file's order (names
    /// too long to share a date last).
    public private(set) var problems: [HolidayCalendarProblem] = []
    /// Events left out because they are not all-day holidays (a time, STATUS:CANCELLED), in the
    /// file's order.
    public private(set) var skipped: [HolidayCalendarProblem] = []
    /// The years repeating events were expanded over: from the earliest `DTSTART` of a repeating
    /// event through the year after next; nil when no event repeats.
    public private(set) var expandedYears: ClosedRange<Int>?

    /// Parses the text of an `.ics` file. Line breaks may be CRLF (as the RFC says), LF or CR.
    /// Repeating events are expanded through 31 December of the year after `today`'s next.
    public init(parsing text: String, today: AttendanceDate) {
        // The holiday name of each event taken, by its line; the events whose name is none.
        var names: [Int: String] = [:]
        var refused: [HolidayCalendarProblem] = []
        let calendar = ICalendarEvents(parsing: text, today: ICalendarDate(today)) { event in
            do throws(CoreError) {
                names[event.line] = try Holiday(date: AttendanceDate(event.first), name: event.name).name
                return true
            } catch {
                refused.append(
                    HolidayCalendarProblem(line: event.line, fault: .notAHoliday(summary: event.summary, error)))
                return false
            }
        }
        skipped = calendar.skipped.map(HolidayCalendarProblem.init)
        expandedYears = calendar.expandedYears
        if case .tooManyDates = calendar.problems.first?.fault {
            // The whole file is refused: names refused on the way are not its problem.
            problems = calendar.problems.map(HolidayCalendarProblem.init)
            return
        }
        // Each event's problem is on its own lines, so the line puts the two lists in the file's order.
        problems = (calendar.problems.map(HolidayCalendarProblem.init) + refused).sorted { $0.line < $1.line }
        for day in calendar.days {
            join(day.events.map { (names[$0.line] ?? $0.name, $0.line) }, on: AttendanceDate(day.date))
        }
    }

    /// Makes the holiday of `date` from the events on it: one name, or the names joined "A / B"
    /// in the file's order (the same name twice once).
    private mutating func join(_ entries: [(name: String, line: Int)], on date: AttendanceDate) {
        var kept: [String] = []
        var name = ""
        for entry in entries where !kept.contains(entry.name) {
            let joined = kept.isEmpty ? entry.name : name + " / " + entry.name
            guard (try? Holiday(date: date, name: joined)) != nil else {
                problems.append(
                    HolidayCalendarProblem(
                        line: entry.line,
                        fault: .namesTooLong(event: entry.name, date: date, kept: name, keptLine: entries[0].line)))
                continue
            }
            kept.append(entry.name)
            name = joined
        }
        holidays.append(Holiday(stored: date, name: name))
    }
}

/// Something in an iCalendar file that could not become a holiday, with the line it is on: facts
/// that AttendanceLanguage words ("event "Offsite" has a time (DTSTART:20260310T090000Z); only
/// all-day events can be holidays").
public struct HolidayCalendarProblem: Sendable, Equatable, CustomStringConvertible {
    /// The physical line (1-based) the event or property starts on.
    public let line: Int
    public let fault: HolidayCalendarFault
}

extension HolidayCalendarProblem {
    /// What the iCalendar reader found.
    init(_ problem: ICalendarProblem) { self.init(line: problem.line, fault: .calendar(problem.fault)) }

    /// "line 12: " and the fault's facts, for a developer.
    public var description: String { "line \(line): \(fault)" }
}

/// What keeps a file, or one event of it, from giving holidays.
public enum HolidayCalendarFault: Sendable, Equatable {
    /// What the iCalendar reader says of the file or of one event.
    case calendar(ICalendarFault)
    /// An event, named by its SUMMARY (untrusted text), whose name no holiday can have.
    case notAHoliday(summary: String, CoreError)
    /// Two events' names on one date too long together: `kept` (from `keptLine`) stays.
    case namesTooLong(event: String, date: AttendanceDate, kept: String, keptLine: Int)
}
