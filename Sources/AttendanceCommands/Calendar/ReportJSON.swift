import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import Foundation

/// The JSON forms of calendars, registers and summaries: names in snake_case, dates as
/// `YYYY-MM-DD`, instants in ISO 8601 UTC, durations in whole minutes.
enum ReportJSON {
    /// `{"code": "E001", "name": "Asha Rao"}`
    struct EmployeeReference: Encodable {
        let code: String
        let name: String

        init(_ employee: Employee) {
            code = employee.code.rawValue
            name = employee.name.rawValue
        }
    }

    /// One date's outcome.
    struct Day: Encodable {
        let date: String
        let weekday: String
        /// The cell code: "P", "L", …; "" for a future or pending date.
        let code: String
        /// The status in words: "present", "missing mark-out", "future", …
        let status: String
        let provisional_code: String?
        let flags: [String]
        /// A punch of the date was verified against a simulated WiFi link.
        let simulated_wifi: Bool
        /// A punch of the date was imported from another time clock.
        let imported: Bool
        let worked_minutes: Int
        let minutes_late: Int?
        let holiday: String?
        let leave: String?
        /// The leave's type ("annual", "sick"), when there is leave.
        let leave_type: String?

        init(_ day: DayEvaluation) {
            date = day.date.description
            weekday = day.date.weekday.shortName
            code = day.code
            status = day.status.name
            provisional_code = day.provisionalStatus?.code
            flags = day.flags.names
            simulated_wifi = day.hasSimulatedPunch
            imported = day.hasImportedPunch
            worked_minutes = Int(day.workedSeconds / 60)
            minutes_late = day.flags.contains(.late) ? day.minutesLate : nil
            holiday = day.holidayName
            leave = day.leave.map { $0 == .half ? "half day" : "full day" }
            leave_type = day.leave == nil ? nil : day.leaveType?.name
        }
    }

    /// docs/rules.md "Month summary".
    struct Summary: Encodable {
        /// Dates per status code: P, L, HD, A, H, WO, LV, M (zeros included); A and LV may be
        /// halves where a half-day leave split a date.
        let counts: [String: Double]
        let present_days: Double
        let worked_hours: Double
        let late: Int
        let early_exit: Int
        let goal_days: Int?
        /// LV dates by leave type ("annual": 2, "sick": 0.5): only the types taken.
        let leave_by_type: [String: Double]

        init(_ summary: MonthSummary) {
            leave_by_type = summary.leaveHalvesByType.mapValues { Double($0) / 2 }
            var counts: [String: Double] = [:]
            for status in DayStatus.allCases where status.isCounted { counts[status.code] = summary.count(status) }
            self.counts = counts
            present_days = summary.presentDays
            worked_hours = summary.workedHours
            late = summary.lateCount
            early_exit = summary.earlyExitCount
            goal_days = summary.goalDays
        }
    }

    /// `attendance calendar --format json`
    struct Calendar: Encodable {
        let employee: EmployeeReference
        let month: String
        let week_starts: String
        let days: [Day]
        let summary: Summary

        init(employee: Employee, evaluation: MonthEvaluation, weekStarts: Weekday) {
            self.employee = EmployeeReference(employee)
            month = evaluation.month.description
            week_starts = weekStarts.name.lowercased()
            days = evaluation.days.map(Day.init)
            summary = Summary(evaluation.summary)
        }
    }

    /// `attendance calendar --day DATE --format json`
    struct DayDetail: Encodable {
        struct Span: Encodable {
            let start: String
            let end: String?
            let minutes: Int?
            let counted: Bool
        }

        let employee: EmployeeReference
        let day: Day
        let shift_start: String
        let shift_end: String
        /// Each punch in its one JSON shape (``PunchRecord``).
        let punches: [ListingValue]
        let sessions: [Span]
        let gaps: [Span]
        /// The punches a manager entered (source `manual`), in the same shape.
        let corrections: [ListingValue]

        init(employee: Employee, day: DayEvaluation, zone: LocalZone) {
            // Timestamps with the zone's offset, as a punch's own (docs/json.md "Conventions").
            let iso = { (instant: Date) in PunchTimestamp.text(of: instant, zone: zone) }
            func entry(_ punch: Punch) -> ListingValue {
                PunchRecord(punch: punch, code: employee.code, zone: zone).object
            }
            self.employee = EmployeeReference(employee)
            self.day = Day(day)
            shift_start = iso(day.shift.start)
            shift_end = iso(day.shift.end)
            punches = day.punches.punches.map(entry)
            sessions = day.sessions.map { session in Self.span(session, iso: iso) }
            gaps = day.gaps.map { gap in
                Span(start: iso(gap.start), end: iso(gap.end), minutes: Int(gap.length / 60), counted: false)
            }
            corrections = day.punches.punches.filter { $0.source == .manual }.map(entry)
        }

        static func span(_ session: Session, iso: (Date) -> String) -> Span {
            // Reading the OUT with `if let` rather than `Optional.map`: the latter, inlined,
            // crashes the Swift 6.3.1 optimizer (CopyPropagation) in release builds.
            guard let outPunch = session.outPunch else {
                return Span(start: iso(session.start), end: nil, minutes: nil, counted: false)
            }
            return Span(
                start: iso(session.start), end: iso(outPunch.instant),
                minutes: Int(outPunch.instant.timeIntervalSince(session.start) / 60), counted: session.isCounted)
        }
    }

    /// `attendance register --format json`
    struct Register: Encodable {
        struct Row: Encodable {
            let employee: EmployeeReference
            /// The cell codes, first date to last.
            let codes: [String]
            /// Beside today's IN: the status so far ("P", "L", "HD"); left out otherwise.
            let provisional_code: String?
            /// The employee's department; left out when they have none.
            let department: String?
            let summary: Summary
            /// Dates with a punch verified against a simulated WiFi link.
            let simulated_wifi_dates: [String]
            /// Dates with a punch a manager entered or changed (manual punches among them).
            let corrected_dates: [String]
            /// Dates with a punch imported from another time clock.
            let imported_dates: [String]
        }

        let office: String
        /// `YYYY-MM` when the register covers a calendar month; left out for any other period.
        let month: String?
        /// The first and last dates of a period that is not a calendar month; left out for a month.
        let from: String?
        let to: String?
        let dates: [String]
        let employees: [Row]

        init(_ register: MonthRegister, office: String) {
            self.office = office
            let period = register.period
            month = period.month?.description
            (from, to) = period.month == nil ? (period.first.description, period.last.description) : (nil, nil)
            dates = register.period.dates.map(\.description)
            employees = register.rows.map { row in
                Row(
                    employee: EmployeeReference(row.employee), codes: row.days.map(\.code),
                    provisional_code: row.provisionalStatus?.code, department: row.employee.department?.rawValue,
                    summary: Summary(row.summary),
                    simulated_wifi_dates: row.dates(where: \.hasSimulatedPunch).map(\.description),
                    corrected_dates: row.dates(where: { $0.flags.contains(.corrected) }).map(\.description),
                    imported_dates: row.dates(where: \.hasImportedPunch).map(\.description))
            }
        }
    }

    /// `attendance summary --week --format json`
    struct Week: Encodable {
        struct Row: Encodable {
            let employee: EmployeeReference
            /// Hours per date, first to last.
            let hours: [Double]
            let total_hours: Double
            let payroll_text: String
            /// Dates with a punch verified against a simulated WiFi link.
            let simulated_wifi_dates: [String]
            /// Dates a manager corrected (manual punches among them).
            let corrected_dates: [String]
            /// Dates with a punch imported from another time clock.
            let imported_dates: [String]
        }

        let week_of: String
        let dates: [String]
        let employees: [Row]

        init(firstDay: AttendanceDate, rows: [(employee: Employee, hours: WeekHours)]) {
            week_of = firstDay.description
            dates = firstDay.dates(through: firstDay.adding(days: 6)).map(\.description)
            employees = rows.map { row in
                // The dates the text names under the payroll note, in the same order.
                let marked = WeekFiles.marked(row.hours).map { $0.dates.map(\.description) }
                return Row(
                    employee: EmployeeReference(row.employee),
                    hours: row.hours.hundredthsByDay.map { Double($0) / 100 },
                    total_hours: Double(row.hours.totalHundredths) / 100,
                    payroll_text: Speech.english.payrollText(row.hours),
                    simulated_wifi_dates: marked[0], corrected_dates: marked[1], imported_dates: marked[2])
            }
        }
    }
}
