import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal

/// `attendance employee`
struct EmployeeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "employee", Phrase("Add, import, list, show, edit and deactivate employees."),
            subcommands: [
                EmployeeAdd.self, EmployeeImport.self, EmployeeList.self, EmployeeShow.self, EmployeeEdit.self,
                EmployeeDeactivate.self, EmployeeSetPIN.self, EmployeePINs.self, EmployeeUnlock.self,
            ])
    }
}

/// An employee as listings and JSON show it, on `today` (their state: active, until their last
/// date, left, starts); the text cells in `words`, JSON and CSV the same in every language.
enum EmployeeListing {
    static func listing(today: AttendanceDate, words: Speech = .english) -> Listing<Employee> {
        Listing<Employee>([
            .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.code.rawValue) },
            .init(
                "name", header: ColumnHeader.ctr("column header", "NAME"),
                cell: { $0.name.rawValue.truncated(toWidth: 40) }
            ) {
                .text($0.name.rawValue)
            },
            .shown(ColumnHeader.ctr("column header", "SHIFT")) { e in
                e.shiftStart.map { "\($0)–\(e.shiftEnd?.description ?? "")" }
                    ?? words.ctr("an employee's shift", "policy")
            },
            .init("start_date", header: ColumnHeader.ctr("column header", "FROM")) { .text($0.startDate?.description) },
            .init("end_date", header: ColumnHeader.ctr("column header", "UNTIL")) { .text($0.endDate?.description) },
            .init("shift_start") { .text($0.shiftStart?.description) },
            .init("shift_end") { .text($0.shiftEnd?.description) },
            .init("active") { .bool($0.employment(on: today).mayMark) },
            .init("has_pin") { .bool($0.hasPIN) },
            .init("pin_locked") { .bool($0.isPINLocked) },
            .init("department") { .text($0.department?.rawValue) },
            .shown(ColumnHeader.ctr("column header", "STATE")) {
                $0.employment(on: today).worded(words)
                    + ($0.isPINLocked
                        ? ", " + words.tr("PIN LOCKED") : $0.hasPIN ? ", " + words.ctr("has one", "PIN") : "")
            },
        ])
    }
}

/// Checks the pair `--shift-start`/`--shift-end`, which only make sense together.
func parseShift(
    start: WallClockTime?, end: WallClockTime?, words: Speech
) throws -> (start: WallClockTime, end: WallClockTime)? {
    guard (start == nil) == (end == nil) else {
        throw CommandFailure(words.tr("give both --shift-start and --shift-end, or neither"), status: .usage)
    }
    return try Employees.shift(start: start, end: end)
}

/// `attendance employee add CODE --name NAME …`
struct EmployeeAdd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "add", Phrase("Add an employee."),
            discussion: Phrase("Codes are 1–32 letters, digits, '_' or '-', unique regardless of case."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The code the employee types at the kiosk, e.g. E001.")) var code: EmployeeCode
    @Option(help: .tr("The employee's name as calendars show it.")) var name: PersonName
    @Option(
        help: .tr("The first date of employment (default: today, the day they are added).", valueName: "YYYY-MM-DD"))
    var startDate: AttendanceDate?
    @Option(help: .tr("Their own shift start, overriding the policy.", valueName: "HH:MM")) var shiftStart:
        WallClockTime?
    @Option(help: .tr("Their own shift end.", valueName: "HH:MM")) var shiftEnd: WallClockTime?
    @Option(help: .tr("The language the kiosk speaks to them (default: the office's).", valueName: "en|es|fr"))
    var language: Language?
    @Option(help: .tr("Their department, which the register groups by.", valueName: "name"))
    var department: Department?

    func run(in context: Context) throws {
        let shift = try parseShift(start: shiftStart, end: shiftEnd, words: context.words)
        let (configuration, store, actor) = try change.open(in: context, creating: true)
        var employee = NewEmployee(code: code, name: name, startDate: startDate)
        employee.shiftStart = shift?.start
        employee.shiftEnd = shift?.end
        employee.language = language
        employee.department = department
        let added = try Employees.add(
            employee, exitCodeHash: configuration.kiosk.exitCodeHash, policy: configuration.policy,
            now: context.now(), actor: actor, store: store)
        let values = [
            "code": "\(added.code)", "name": "\(added.name)", "date": added.startDate.map(\.description) ?? "",
        ]
        context.out.line(
            startDate == nil
                ? context.words.tr(
                    "added {code} {name}; employed from today, {date} (--start-date gives an earlier first day)", values
                )
                : context.words.tr("added {code} {name}; employed from {date}", values))
        if let note = Self.menuKeyNote(added.code) { context.err.line(note) }
    }

    /// The note for a code that starts with I or O, or nil. The kiosk's menu takes I and O as its
    /// choices: the first letter of such a code, typed while someone else's menu is still up,
    /// would mark that person.
    static func menuKeyNote(_ code: EmployeeCode) -> String? {
        guard let first = code.rawValue.first, "IiOo".contains(first) else { return nil }
        return "attendance: note: \(code) starts with \(first.uppercased()), the kiosk menu's key for Mark "
            + "\(first.lowercased() == "i" ? "IN" : "OUT"); typed while another person's menu is still up, it "
            + "would choose that for them. Codes that start with another letter or a digit avoid it."
    }
}

/// `attendance employee list`
struct EmployeeList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List employees."))
    }

    @OptionGroup var global: GlobalOptions
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text
    @Flag(help: .tr("Leave out those who have left (deactivated, or past their last date).")) var activeOnly = false

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let today = configuration.policy.attendanceDate(of: context.now())
        let all = try store.employees()
        let listed = activeOnly ? all.filter { if case .left = $0.employment(on: today) { false } else { true } } : all
        let words = context.words
        try EmployeeListing.listing(today: today, words: words).write(
            listed, as: format, to: context,
            empty: all.isEmpty
                ? words.tr("no employees yet; add one with `attendance employee add CODE --name NAME`")
                : words.ntr(
                    "everyone has left ({n} employee without --active-only)",
                    "everyone has left ({n} employees without --active-only)", all.count))
    }
}

/// `attendance employee show CODE`
struct EmployeeShow: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("show", Phrase("Show one employee."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The employee's code.")) var code: EmployeeCode
    @Option(help: .tr("text or json.")) var format: DocumentFormat = .text

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let employee = try requireEmployee(code, in: store)
        let today = configuration.policy.attendanceDate(of: context.now())
        if format == .json {
            context.out.write(try JSONOutput.render(EmployeeListing.listing(today: today).object(employee)))
            return
        }
        let policy = employee.policy(from: configuration.policy)
        let words = context.words
        context.out.line("\(employee.code)  \(employee.name)")
        // "  shift:     08:00–16:30 (own)": the values line up after the labels up to "employed:".
        func line(_ label: String, _ value: String) {
            context.out.line("  " + (label + " ").padded(toWidth: 11) + value)
        }
        let shift = "\(policy.shiftStart)–\(policy.shiftEnd)"
        line(
            words.ctr("employee show", "shift:"),
            employee.shiftStart == nil
                ? words.tr("{shift} (policy)", ["shift": shift]) : words.tr("{shift} (own)", ["shift": shift]))
        let first = employee.startDate?.description ?? "—"
        line(
            words.ctr("employee show", "employed:"),
            employee.endDate.map { words.tr("{first} to {last}", ["first": first, "last": $0.description]) }
                ?? words.tr("{first} to now", ["first": first]))
        line(words.ctr("employee show", "state:"), employee.employment(on: today).worded(words))
        let pin =
            employee.isPINLocked
            ? words.tr(
                "set; LOCKED after too many wrong PINs (attendance employee unlock {code})",
                ["code": employee.code.rawValue])
            : employee.hasPIN
                ? employee.hasOneTimePIN
                    ? words.tr("set, one-time (handed out on a slip by employee pins)") : words.ctr("a PIN", "set")
                : words.ctr("a PIN", "none")
        line(words.ctr("employee show", "PIN:"), pin)
        if let language = employee.language { line(words.ctr("employee show", "language:"), language.description) }
        if let department = employee.department {
            line(words.ctr("employee show", "department:"), department.rawValue)
        }
    }
}

/// `attendance employee edit CODE …`
struct EmployeeEdit: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "edit", Phrase("Change an employee's name, dates or shift."),
            discussion: Phrase("Give only what changes. Use 'none' to clear a date."))
    }

    @OptionGroup var employee: EmployeeChangeOptions
    @Option(help: .tr("A new name.")) var name: PersonName?
    @Option(help: .tr("A new first date of employment, or none.", valueName: "YYYY-MM-DD|none")) var startDate:
        Clearable<AttendanceDate>?
    @Option(help: .tr("A new last date of employment, or none.", valueName: "YYYY-MM-DD|none")) var endDate:
        Clearable<AttendanceDate>?
    @Option(help: .tr("Their own shift start.", valueName: "HH:MM")) var shiftStart: WallClockTime?
    @Option(help: .tr("Their own shift end.", valueName: "HH:MM")) var shiftEnd: WallClockTime?
    @Flag(help: .tr("Drop their own shift and follow the policy's.")) var policyShift = false
    @Option(
        help: .tr("The language the kiosk speaks to them, or none for the office's.", valueName: "en|es|fr|none"))
    var language: Clearable<Language>?
    @Option(help: .tr("Their department, or none.", valueName: "name|none"))
    var department: Clearable<Department>?
    @Flag(help: .tr("Change the dates even though recorded work would fall outside employment (audited)."))
    var force = false

    func run(in context: Context) throws {
        var changes = EmployeeChanges()
        if let name { changes.name = name }
        if let startDate {
            changes.startDate = .some(startDate.value)
        }
        if let endDate { changes.endDate = .some(endDate.value) }
        let shift = try parseShift(start: shiftStart, end: shiftEnd, words: context.words)
        if let shift {
            guard !policyShift else {
                throw CommandFailure(context.words.tr("--policy-shift cannot go with a shift"), status: .usage)
            }
            changes.shift = .some(shift)
        } else if policyShift {
            changes.shift = .some(nil)
        }
        if let language { changes.language = .some(language.value) }
        if let department { changes.department = .some(department.value) }
        guard !changes.isEmpty else {
            throw CommandFailure(context.words.tr("nothing to change; see --help"), status: .usage)
        }
        let (configuration, store, actor) = try employee.open(in: context)
        let edit = try Employees.edit(
            employee.code, changes, force: force, policy: configuration.policy, now: context.now(), actor: actor,
            store: store)
        let edited = edit.after
        let values = ["code": "\(edited.code)", "name": "\(edited.name)"]
        context.out.line(
            edit.mayMarkAgain
                ? context.words.tr("updated {code} {name}; they may mark in and out again", values)
                : context.words.tr("updated {code} {name}", values))
        // Statuses are worked out from the shift whenever they are shown, not stored: a new shift
        // judges the past too. Say so when there is a past to judge.
        if let (count, first) = edit.rejudged {
            let shift = edited.policy(from: configuration.policy)
            context.err.line(
                "attendance: note: \(count) past date\(count == 1 ? "" : "s") with punches (from \(first)) "
                    + "\(count == 1 ? "is" : "are") now judged by the shift \(shift.shiftStart)–\(shift.shiftEnd) too: their late and "
                    + "early-exit flags may differ from registers already printed")
        }
    }
}

/// `attendance employee deactivate CODE [--end-date D]`
struct EmployeeDeactivate: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "deactivate", Phrase("Mark an employee as having left. Nothing is deleted; punches stay."),
            discussion: Phrase(
                "With a last date still to come (a notice), they mark in and out until that date; otherwise they stop now. To take it back, or to re-hire them: attendance employee edit CODE --end-date none."
            ))
    }

    @OptionGroup var employee: EmployeeChangeOptions
    @Option(help: .tr("Their last date of employment (default: today).", valueName: "YYYY-MM-DD")) var endDate:
        AttendanceDate?
    @Flag(help: .tr("Deactivate even though recorded work would fall after the last date (audited).")) var force = false

    func run(in context: Context) throws {
        let (configuration, store, actor) = try employee.open(in: context)
        let today = configuration.policy.attendanceDate(of: context.now())
        let end = endDate ?? today
        let deactivated = try Employees.deactivate(
            employee.code, endDate: end, force: force, policy: configuration.policy, now: context.now(), actor: actor,
            store: store)
        let values = ["code": "\(deactivated.code)", "name": "\(deactivated.name)", "date": "\(end)"]
        context.out.line(
            end > today
                ? context.words.tr(
                    "deactivated {code} {name}; last date {date}; they mark in and out until then", values)
                : context.words.tr("deactivated {code} {name}; last date {date}; they can no longer mark", values))
    }
}
