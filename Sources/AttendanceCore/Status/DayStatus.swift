/// The status of one employee on one attendance date (docs/rules.md), in the order the rules try them.
///
/// ``StatusEngine`` decides it; the first rule that applies wins. ``code`` is what calendars and
/// the register print in a cell.
public enum DayStatus: String, Sendable, Hashable, CaseIterable {
    /// Rule 1: before the employee's start date or after their end date.
    case notEmployed
    /// Rule 2: after today.
    case future
    /// Rule 3: a full-day leave.
    case leave
    /// Rule 4: a holiday with no punches.
    case holiday
    /// Rule 4: not a working day, and no punches.
    case weeklyOff
    /// Rule 5: today, before `shift_end + 2 h`, no punches yet.
    case pending
    /// Rule 6: today, with a session open now; see ``DayEvaluation/provisionalStatus``.
    case `in`
    /// Rule 7: missing mark-out: over, with a session still open or longer than `max_session_hours`.
    case missing
    /// Rule 8: absent.
    case absent
    /// Rule 9: worked less than `half_day_below_hours`.
    case halfDay
    /// Rule 10: first IN after `shift_start + late_grace_minutes`.
    case late
    /// Rule 11: otherwise.
    case present

    /// The cell code: "–", "", "LV", "H", "WO", "", "IN", "M", "A", "HD", "L", "P".
    public var code: String {
        switch self {
        case .notEmployed: "–"
        case .future, .pending: ""
        case .leave: "LV"
        case .holiday: "H"
        case .weeklyOff: "WO"
        case .in: "IN"
        case .missing: "M"
        case .absent: "A"
        case .halfDay: "HD"
        case .late: "L"
        case .present: "P"
        }
    }

    /// Words for a legend or a day's detail: "missing mark-out", "half day", …
    public var name: String {
        switch self {
        case .notEmployed: "not employed"
        case .future: "future"
        case .leave: "leave"
        case .holiday: "holiday"
        case .weeklyOff: "weekly off"
        case .pending: "pending"
        case .in: "in"
        case .missing: "missing mark-out"
        case .absent: "absent"
        case .halfDay: "half day"
        case .late: "late"
        case .present: "present"
        }
    }

    /// The rule number in docs/rules.md that gives this status (1–11).
    public var rule: Int {
        // The cases are in rule order; H and WO share rule 4, so later cases sit one place on.
        index <= DayStatus.holiday.index ? index + 1 : index
    }

    /// The position in `allCases`, for tallies kept in arrays.
    var index: Int {
        switch self {
        case .notEmployed: 0
        case .future: 1
        case .leave: 2
        case .holiday: 3
        case .weeklyOff: 4
        case .pending: 5
        case .in: 6
        case .missing: 7
        case .absent: 8
        case .halfDay: 9
        case .late: 10
        case .present: 11
        }
    }

    /// Whether the month summary counts dates with this status (P, L, HD, A, H, WO, LV, M).
    public var isCounted: Bool {
        switch self {
        case .notEmployed, .future, .pending, .in: false
        default: true
        }
    }
}
