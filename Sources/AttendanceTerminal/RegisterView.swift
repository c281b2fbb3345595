import AttendanceCore
import AttendanceLanguage

/// The monthly register as pages of fixed-width text, 132 columns wide: a row per employee,
/// a column per date, then present days, L, HD, A, LV, M and hours.
///
/// Every page repeats the heading (office, month, page number) and the column header, and ends
/// with the legend and a line for the manager's signature. Codes are never shortened; names
/// are (initials and surname first, then cut with "…") to keep the width; with codes longer than
/// eight characters the names are left out, and only codes longer than twelve characters in a
/// 31-day month push a line past 132 columns. A period of more than 31 dates (at most 62) is
/// printed in parts, a calendar month's dates each: every employee's row for the first part's
/// dates, then for the next; the figures stand beside the last part's.
public struct RegisterView: Sendable {
    public let register: MonthRegister
    /// `[kiosk] office_name`.
    public let officeName: String
    /// Employees on each page (at least one).
    public let employeesPerPage: Int
    /// When the statuses were worked out, as it should be printed ("2026-11-21 11:23").
    public let asOf: String
    /// The store's history digest and its number of records, printed under the signature line
    /// so the paper can later prove the history it was made from (`store verify --digest`).
    public let history: (digest: String, records: Int)?
    /// The language of its words; codes, figures and dates are the same in every language.
    public let words: Speech

    /// The width the register is laid out for: a line printer's, and landscape A4 or Letter at 14 cpi.
    public static let width = 132

    /// Columns of the code column: the longest code, at least "Code".
    let codeWidth: Int
    /// Columns left for names; 0 leaves them out.
    let nameWidth: Int
    /// The register's departments, when it has any: each one's rows are followed by its subtotal.
    let groups: [MonthRegister.Group]
    /// The leave types other than annual that the register shows, for its legend.
    let leaveTypes: [LeaveType]
    /// The period's dates (their indices) in the parts a line can hold: all of them, or a part
    /// for each calendar month when there are more than 31.
    let bands: [Range<Int>]

    public init(
        register: MonthRegister, officeName: String, employeesPerPage: Int, asOf: String,
        history: (digest: String, records: Int)? = nil, words: Speech = .english
    ) {
        self.words = words
        self.register = register
        self.officeName = officeName
        self.employeesPerPage = max(1, employeesPerPage)
        self.asOf = asOf
        self.history = history
        codeWidth = max(4, register.rows.map { $0.employee.code.rawValue.terminalSafe.terminalWidth }.max() ?? 0)
        bands = Self.bands(register.period.dates)
        nameWidth = Self.nameWidth(codeWidth: codeWidth, dayCount: bands.map(\.count).max() ?? 0)
        groups = register.groups
        leaveTypes = register.shownLeaveTypes
    }

    // MARK: - Columns

    /// One total column: its heading, its width, and its value in a row, in the register's language.
    private typealias Total = (
        heading: @Sendable (Speech) -> String, width: Int, value: @Sendable (MonthSummary, Speech) -> String
    )

    /// The totals after the dates: heading, width, and the value of a row. Only the first and the
    /// last heading are words; a translation must fit their widths (4 and 6 columns).
    private static let totals: [Total] = [
        (
            { $0.ctr("register column, at most 4 letters", "Days") }, 4,
            { summary, _ in printed(halves: summary.presentHalfDays) }
        ),
        ({ _ in "L" }, 2, { summary, _ in count(summary, .late) }),
        ({ _ in "HD" }, 2, { summary, _ in count(summary, .halfDay) }),
        ({ _ in "A" }, 2, { summary, _ in count(summary, .absent) }),
        ({ _ in "LV" }, 2, { summary, _ in count(summary, .leave) }),
        ({ _ in "M" }, 2, { summary, _ in count(summary, .missing) }),
        ({ $0.ctr("register column, at most 6 letters", "Hours") }, 6, { $1.decimal($0.workedHoursText) }),
    ]

    /// A count in two columns: a half-day leave adds 0.5 LV, and 0.5 A when the other half was
    /// not worked, written "½" and "3½" as the legend writes "½ HD".
    static func count(_ summary: MonthSummary, _ status: DayStatus) -> String {
        printed(halves: summary.halfDays(status))
    }

    /// Half days as the printed register writes them (docs/rules.md): "3", "½", "9½".
    static func printed(halves: Int) -> String {
        guard halves % 2 == 1 else { return String(halves / 2) }
        return (halves < 2 ? "" : String(halves / 2)) + "½"
    }

    /// What is left for names beside codes of `codeWidth`; below three columns the names are left out.
    static func nameWidth(codeWidth: Int, dayCount: Int) -> Int {
        let dates = dayCount * 3 - 1
        let totals = Self.totals.reduce(0) { $0 + 1 + $1.width }
        let width = Self.width - codeWidth - 1 - dates - totals - 1
        return width >= 3 ? width : 0
    }

    /// All of `dates` when they fit a line (31), else a part for each calendar month in them.
    static func bands(_ dates: [AttendanceDate]) -> [Range<Int>] {
        guard dates.count > 31 else { return [dates.indices] }
        var bands: [Range<Int>] = []
        var start = 0
        for index in dates.indices.dropFirst() where dates[index].day == 1 {
            bands.append(start..<index)
            start = index
        }
        return bands + [start..<dates.count]
    }

    // MARK: - Pages

    /// The register's pages, in order: every employee on the first part's dates, then on the
    /// next part's; one page saying so when nobody was employed that month.
    public var pages: [StyledText] {
        let firsts = Array(stride(from: 0, to: max(1, register.rows.count), by: employeesPerPage))
        let count = firsts.count * bands.count
        return bands.enumerated().flatMap { part, band in
            firsts.enumerated().map { index, first in
                let rows = first..<min(first + employeesPerPage, register.rows.count)
                return page(rows, band: band, number: part * firsts.count + index + 1, of: count)
            }
        }
    }

    /// Whether `band` holds the period's last dates: its rows carry the figures.
    func isLast(_ band: Range<Int>) -> Bool { band == bands.last }

    /// All pages one after the other, a blank line between them: for a terminal or a file.
    public func render() -> StyledText {
        var out = StyledText()
        for part in parts { out.append(part) }
        return out
    }

    /// What ``render()`` joins: the pages with a blank line between them, for
    /// ``Console/write(_:)-([StyledText])``.
    public var parts: [StyledText] {
        pages.enumerated().flatMap { index, page in index > 0 ? ["\n", page] : [page] }
    }

    /// Page `number`: the register's rows at `indices`, on the dates of `band`.
    func page(_ indices: Range<Int>, band: Range<Int>, number: Int, of count: Int) -> StyledText {
        let rows = Array(register.rows[indices])
        let dates = register.period.dates
        var out = StyledText()
        let heading = words.tr(
            "{office} · Attendance register · {month} · as of {time}",
            ["office": officeName.terminalSafe, "month": periodTitle, "time": asOf])
        let pageText = words.tr("Page {number} of {count}", ["number": "\(number)", "count": "\(count)"])
        let room = Self.width - pageText.terminalWidth - 2
        out.appendLine(heading.truncated(toWidth: room).padded(toWidth: room + 2) + pageText)
        if bands.count > 1, let part = bands.firstIndex(of: band), let from = band.first, let to = band.last {
            out.appendLine(
                words.tr(
                    "Dates {first} to {last}, part {part} of {parts}.",
                    [
                        "first": dates[from].description, "last": dates[to].description, "part": "\(part + 1)",
                        "parts": "\(bands.count)",
                    ]) + " "
                    + (isLast(band)
                        ? words.tr("The figures are for the whole period.")
                        : words.tr("The figures for the whole period are on the last part's pages.")))
        }
        out.appendLine()
        out.append(header(band))
        if rows.isEmpty {
            out.appendLine(words.tr("No one was employed in {month}.", ["month": periodTitle]))
        }
        for index in indices {
            // A department's name over its first row, and again at the top of a page it goes on to.
            if let group = groups.first(where: { $0.rows.contains(index) }),
                group.rows.lowerBound == index || index == indices.lowerBound
            {
                out.appendLine(
                    StyledText(
                        group.department?.rawValue.terminalSafe ?? words.tr("No department"), style: .bold))
            }
            out.appendLine(line(register.rows[index], band: band))
            if isLast(band), let group = groups.first(where: { $0.rows.upperBound == index + 1 }) {
                out.appendLine(subtotal(group, band: band))
            }
        }
        if isLast(band) {
            out.append(Self.inNow(rows, words))
            out.append(Self.marked(rows, words, byDate: register.period.month == nil))
        }
        out.appendLine()
        out.append(Self.legend(goalDays: register.policy.goalDays, words))
        if !leaveTypes.isEmpty {
            out.appendLine(
                words.tr(
                    "Leave types: {types}",
                    ["types": leaveTypes.map { "\($0.code) \($0.displayName(words))" }.joined(separator: ", ")]))
        }
        out.appendLine()
        out.appendLine(
            words.tr(
                "Checked by (manager): ______________________________   Signature: ______________________________   Date: ______________"
            ))
        if let history {
            out.appendLine(
                words.tr(
                    "History digest {digest} ({count} records): store verify --digest",
                    ["digest": history.digest, "count": "\(history.records)"]))
        }
        return out
    }

    /// The month as the language writes it ("novembre 2026"), or a payroll period's first and last dates.
    var periodTitle: String { words.periodTitle(register.period) }

    /// The day numbers of `band`, the weekday initials under them, and a rule.
    func header(_ band: Range<Int>) -> StyledText {
        let dates = register.period.dates[band]
        var numbers =
            words.ctr("register column, at most 4 letters", "Code").padded(toWidth: codeWidth) + " "
            + (nameWidth > 0 ? words.tr("Name").truncated(toWidth: nameWidth).padded(toWidth: nameWidth) + " " : "")
        var initials = String(repeating: " ", count: numbers.count)
        numbers += dates.map { String($0.day).leftPadded(toWidth: 2) }.joined(separator: " ")
        // Two letters, as wide as a day's column: "Sa" and "Su", "Tu" and "Th" are told apart.
        initials += dates.map { words.weekdayInitials($0.weekday) }.joined(separator: " ")
        if isLast(band) {
            for total in Self.totals { numbers += " " + total.heading(words).leftPadded(toWidth: total.width) }
        }
        var out = StyledText()
        out.appendLine(numbers)
        out.appendLine(initials.trimmingTrailingSpaces())
        out.appendLine(String(repeating: "-", count: numbers.count))
        return out
    }

    func line(_ row: MonthRegister.Row, band: Range<Int>) -> StyledText {
        var out = StyledText(row.employee.code.rawValue.terminalSafe.padded(toWidth: codeWidth) + " ")
        if nameWidth > 0 {
            out.append(
                Self.shortened(row.employee.name.rawValue.terminalSafe, toWidth: nameWidth).padded(toWidth: nameWidth)
                    + " ")
        }
        let days = row.days[band]
        for index in days.indices {
            if index > days.startIndex { out.append(" ") }
            let status = days[index].status
            out.append(days[index].code.leftPadded(toWidth: 2), style: status.style)
        }
        for total in Self.totals where isLast(band) {
            out.append(" " + total.value(row.summary, words).leftPadded(toWidth: total.width))
        }
        return out
    }

    /// A department's figures added up, under its last row, in the totals' columns.
    func subtotal(_ group: MonthRegister.Group, band: Range<Int>) -> StyledText {
        let summary = register.subtotal(group)
        let left = codeWidth + 1 + (nameWidth > 0 ? nameWidth + 1 : 0) + band.count * 3 - 1
        var text = words.tr("Subtotal").truncated(toWidth: left).padded(toWidth: left)
        for total in Self.totals { text += " " + total.value(summary, words).leftPadded(toWidth: total.width) }
        return StyledText(text, style: .bold)
    }

    /// Under the rows, who is in now and their status so far (docs/rules.md status 6), which
    /// the grid's two-letter IN cannot hold: "In now, status so far: E001 L; E005 P"; nothing
    /// when nobody is.
    static func inNow(_ rows: [MonthRegister.Row], _ words: Speech = .english) -> StyledText {
        let entries = rows.compactMap { row in
            row.provisionalStatus.map { "\(row.employee.code.rawValue.terminalSafe)~\($0.code)" }
        }
        guard !entries.isEmpty else { return StyledText() }
        var out = StyledText()
        out.appendLine()
        let text = words.tr("In now, status so far: {entries}", ["entries": entries.joined(separator: "; ")])
        for line in Self.wrappedKeepingEntries(text) {
            out.appendLine(line)
        }
        return out
    }

    /// Under the rows, the dates whose punches were not all taken on a real link: "Punches on
    /// SIMULATED WiFi: E001 23 24", "Corrected by a manager (punches added, voided or re-timed): E002 23" and
    /// "Punches imported from another time clock: E003 1 2";
    /// nothing when there are none (docs/rules.md "WiFi verification" 5). `byDate` writes whole
    /// dates instead of day numbers, for a period that spans two months.
    static func marked(_ rows: [MonthRegister.Row], _ words: Speech = .english, byDate: Bool = false) -> StyledText {
        var out = StyledText()
        let marks: [(marked: @Sendable (MonthRegister.Day) -> Bool, heading: String)] = [
            ({ $0.hasSimulatedPunch }, EvidenceHeading.simulated(words)),
            ({ $0.flags.contains(.corrected) }, EvidenceHeading.corrected(words)),
            ({ $0.hasImportedPunch }, EvidenceHeading.imported(words)),
        ]
        for (marked, heading) in marks {
            // "E001 23 24; E002 23", gathered as bytes and made a string once: a demo office,
            // where every punch is simulated, lists every date of every employee.
            // "Heading:" as the language writes it before a list (French: "Heading :").
            var text = Array(
                words.tr("{heading}: {dates}", ["heading": heading, "dates": ""]).trimmingTrailingSpaces().utf8)
            var listed = false
            for row in rows where row.days.contains(where: marked) {
                if listed { text.append(UInt8(ascii: ";")) }
                text.append(UInt8(ascii: " "))
                text += row.employee.code.rawValue.terminalSafe.utf8
                for day in row.days where marked(day) {
                    text.append(Self.entrySpace)
                    text += byDate ? Array(day.date.description.utf8) : dayNumbers[day.date.day]
                }
                listed = true
            }
            guard listed else { continue }
            out.appendLine()
            for line in Self.wrappedKeepingEntries(String(decoding: text, as: UTF8.self)) { out.appendLine(line) }
        }
        return out
    }

    /// Stands for a space inside one entry of a closing list ("E001 23 24"), so that lines break
    /// between entries, not inside one: `~` is in no code, day number or heading.
    static let entrySpace = UInt8(ascii: "~")

    /// `text` wrapped to the register's width, each entry kept on one line where it fits, and
    /// ``entrySpace`` made a space again.
    static func wrappedKeepingEntries(_ text: String) -> [String] {
        text.wrapped(toWidth: width, joiner: Character(Unicode.Scalar(entrySpace)))
    }

    /// The bytes of "1" to "31", made once.
    static let dayNumbers = (0...31).map { Array(String($0).utf8) }

    /// The codes, and what the totals mean: with a monthly goal, the present days are against it.
    static func legend(goalDays: Int?, _ words: Speech = .english) -> StyledText {
        // One line in English; a longer language's goes on over as many as the width needs.
        var out = StyledText.flowing(DayStatus.legendItems(words), width: width)
        let days = words.ctr("register column, at most 4 letters", "Days")
        let hours = words.ctr("register column, at most 6 letters", "Hours")
        out.appendLine(
            goalDays.map {
                words.tr(
                    "{days}: present days, P + L + ½ HD of goal {goal}.  {hours}: worked hours.  A blank date is still to come.",
                    ["days": days, "hours": hours, "goal": "\($0)"])
            }
                ?? words.tr(
                    "{days}: present days, P + L + ½ HD.  {hours}: worked hours.  A blank date is still to come.",
                    ["days": days, "hours": hours]))
        return out
    }

    /// `name` in at most `width` columns: as it is, else "A. Rao" (initials of the given names
    /// and the surname), else "A.Rao", else that cut with "…".
    static func shortened(_ name: String, toWidth width: Int) -> String {
        guard name.terminalWidth > width else { return name }
        // An ASCII name splits the same by its bytes, without finding its characters first.
        let words =
            name.utf8.allSatisfy { $0 < 0x80 }
            ? name.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) } : name.split(separator: " ")
        guard words.count > 1, let surname = words.last else { return name.truncated(toWidth: width) }
        let initials = words.dropLast().compactMap { $0.first.map { String($0) + "." } }
        let spaced = (initials + [String(surname)]).joined(separator: " ")
        if spaced.terminalWidth <= width { return spaced }
        return (initials.joined() + surname).truncated(toWidth: width)
    }
}
