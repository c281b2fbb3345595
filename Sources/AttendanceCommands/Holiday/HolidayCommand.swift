import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// `attendance holiday`
struct HolidayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "holiday", Phrase("The holiday list: add, list, remove, and import an iCalendar file."),
            discussion: Phrase(
                "A working date in the list shows H when nobody punches. Weekly offs come from [policy] working_days."),
            subcommands: [HolidayAdd.self, HolidayList.self, HolidayRemove.self, HolidayImportCommand.self])
    }
}

/// A holiday as listings and JSON show it.
enum HolidayListing {
    static let listing = Listing<Holiday>([
        .init("date", header: ColumnHeader.ctr("column header", "DATE")) { .text($0.date.description) },
        .init("weekday", header: ColumnHeader.ctr("column header", "DAY")) { .text($0.date.weekday.shortName) },
        .init("name", header: ColumnHeader.ctr("column header", "NAME")) { .text($0.name) },
    ])
}

/// `attendance holiday add DATE [--to DATE] --name NAME`
struct HolidayAdd: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "add", Phrase("Add a holiday, or a closure of several dates (--to)."),
            discussion: Phrase(
                "Every date of a range is added, weekly offs too. If any date already is a holiday, nothing is added."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The (first) date.", valueName: "YYYY-MM-DD")) var date: AttendanceDate
    @Option(help: .tr("The last date of a closure.", valueName: "YYYY-MM-DD")) var to: AttendanceDate?
    @Option(help: .tr("What the holiday is called, e.g. \"Republic Day\".")) var name: String

    func run(in context: Context) throws {
        let dates = try DateRange.dates(from: date, to: to, of: .holiday, context.words)
        let holidays = try dates.map { try Holiday(date: $0, name: name) }
        let (_, store, actor) = try change.open(in: context, creating: true)
        try Holidays.add(holidays, actor: actor, store: store)
        let title = holidays[0].name
        context.out.line(
            dates.count == 1
                ? context.words.tr("added holiday {date} {name}", ["date": "\(dates[0])", "name": "\(title)"])
                : context.words.tr(
                    "added holiday {name} on {n} dates from {first} to {last}",
                    [
                        "name": "\(title)", "n": "\(dates.count)", "first": "\(dates[0])",
                        "last": "\(dates[dates.count - 1])",
                    ]))
    }
}

/// `attendance holiday list [YEAR | --year YEAR | --all]`
struct HolidayList: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("list", Phrase("List the holidays of a year (default: the current one)."))
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .tr("The year, as --year takes it.", valueName: "YYYY")) var positionalYear: Int?
    @Option(help: .tr("The year.", valueName: "YYYY")) var year: Int?
    @Flag(help: .tr("Every year.")) var all = false
    @Option(help: .tr("text, json or csv.")) var format: OutputFormat = .text

    func validate() throws {
        let words = CommandWords.locale
        if positionalYear != nil, year != nil {
            throw ValidationError(words.tr("give the year once: YYYY or --year YYYY"))
        }
        if let year = year ?? positionalYear, !(1...9999).contains(year) {
            throw ValidationError(words.tr("the year must be from 1 to 9999"))
        }
        if year ?? positionalYear != nil, all { throw ValidationError(words.tr("give a year or --all, not both")) }
    }

    func run(in context: Context) throws {
        let (configuration, store) = try global.open(in: context)
        let shownYear =
            all ? nil : year ?? positionalYear ?? configuration.policy.attendanceDate(of: context.now()).year
        let empty =
            shownYear.map {
                context.words.tr(
                    "no holidays in {year}; add one with `attendance holiday add DATE --name NAME` or import a calendar",
                    ["year": "\($0)"])
            }
            ?? context.words.tr(
                "no holidays; add one with `attendance holiday add DATE --name NAME` or import a calendar")
        try HolidayListing.listing.write(
            try Holidays.list(year: shownYear, store: store), as: format, to: context, empty: empty)
    }
}

/// `attendance holiday remove DATE`
struct HolidayRemove: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("remove", Phrase("Remove a holiday, or every holiday of a range (--to)."))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The (first) date.", valueName: "YYYY-MM-DD")) var date: AttendanceDate
    @Option(help: .tr("The last date of a range.", valueName: "YYYY-MM-DD")) var to: AttendanceDate?

    func run(in context: Context) throws {
        let dates = try DateRange.dates(from: date, to: to, of: .holiday, context.words)
        let (_, store, actor) = try change.open(in: context)
        let removed = try Holidays.remove(from: dates[0], through: dates[dates.count - 1], actor: actor, store: store)
        for holiday in removed {
            context.out.line(
                context.words.tr(
                    "removed holiday {date} {name}", ["date": "\(holiday.date)", "name": "\(holiday.name)"]))
        }
    }
}

/// `attendance holiday import FILE.ics`
struct HolidayImportCommand: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "import", Phrase("Add the all-day events of an iCalendar (.ics) file as holidays."),
            discussion: Phrase(
                "Takes all-day VEVENTs (DTSTART;VALUE=DATE), one date or a range with an exclusive DTEND, once or repeating (RRULE with FREQ=YEARLY, MONTHLY, WEEKLY or DAILY, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, BYDAY such as 4TH or -1MO, BYSETPOS, WKST; RDATE, EXDATE). Repeating events are expanded from their start through the end of the year after next. Two events on one date become one holiday named \"A / B\". Events with a time and cancelled ones are skipped and listed. Events it cannot read (without DTSTART or SUMMARY, an RRULE part it does not take) are listed with their line on standard error and the exit status is 65; the others are imported. Dates already in the list are left as they are, so importing a file again adds nothing."
            ))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The iCalendar file.", valueName: "file.ics")) var file: String

    func run(in context: Context) throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(file + " " + GlobalOptions.whyUnreadable(file, words: context.words))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(
                TextLines.firstNotUTF8(in: data).map {
                    context.words.tr(
                        "{file} is not UTF-8 text (line {line}); iCalendar files are UTF-8",
                        ["file": file, "line": "\($0)"])
                } ?? context.words.tr("{file} is not UTF-8 text; iCalendar files are UTF-8", ["file": file]))
        }
        let (configuration, store, actor) = try change.open(in: context, creating: true)
        let today = configuration.policy.attendanceDate(of: context.now())
        let calendar = ICalendarHolidays(parsing: text, today: today)
        let name = (file as NSString).lastPathComponent
        let result = try Holidays.importCalendar(calendar, source: name, actor: actor, store: store)
        let words = context.words
        for holiday in result.added {
            context.out.line(words.tr("added {date} {name}", ["date": "\(holiday.date)", "name": "\(holiday.name)"]))
        }
        for conflict in result.conflicting {
            context.out.line(
                words.tr(
                    "kept {date} {name} (the file calls it {other})",
                    [
                        "date": "\(conflict.holiday.date)", "name": "\(conflict.existingName)",
                        "other": conflict.holiday.name.quotedForMessage,
                    ]))
        }
        for skipped in calendar.skipped {
            context.out.line(
                words.tr(
                    "skipped {file}:{line}: {reason}",
                    ["file": name, "line": "\(skipped.line)", "reason": words.sentence(for: skipped.fault)]))
        }
        if let years = calendar.expandedYears {
            context.out.line(
                years.count == 1
                    ? words.tr(
                        "repeating events expanded for {year} (to the end of the year after next)",
                        ["year": "\(years.lowerBound)"])
                    : words.tr(
                        "repeating events expanded for {first} through {last} (to the end of the year after next)",
                        ["first": "\(years.lowerBound)", "last": "\(years.upperBound)"]))
        }
        var summary = words.ntr(
            "imported {n} holiday from {file}", "imported {n} holidays from {file}", result.added.count,
            ["file": name])
        if !result.unchanged.isEmpty {
            summary += words.ntr("; {n} already in the list", "; {n} already in the list", result.unchanged.count)
        }
        if !result.conflicting.isEmpty {
            summary += words.ntr(
                "; {n} kept under their stored name", "; {n} kept under their stored name", result.conflicting.count)
        }
        if !calendar.skipped.isEmpty {
            summary += words.ntr(
                "; {n} skipped (listed above)", "; {n} skipped (listed above)", calendar.skipped.count)
        }
        context.out.line(summary)
        guard calendar.problems.isEmpty else {
            for problem in calendar.problems {
                context.err.line("attendance: \(file):\(problem.line): " + words.sentence(for: problem.fault))
            }
            throw CommandFailure(
                words.ntr(
                    "{n} event in {file} could not be imported (listed above)",
                    "{n} events in {file} could not be imported (listed above)", calendar.problems.count,
                    ["file": file]))
        }
    }
}
