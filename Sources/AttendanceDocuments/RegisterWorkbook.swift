import AttendanceCore
import AttendanceLanguage
import Foundation

/// The monthly register as a spreadsheet, for payroll and for managers who sort and filter:
///
/// 1. "Register": a row per employee, a column per date holding its status code in a cell filled
///    in the PDF's colour (``StatusColour``), then the month's figures as numbers; the header row
///    and the code and name columns stay in view, and the header has filter buttons.
/// 2. "Days": a row per employee per date employed (code, name, the date, first IN, last OUT,
///    worked hours, status, flags), dates and times as the spreadsheet's own, for payroll.
/// 3. "Legend": each code, its colour and its words; the office, the month, "as of" and the
///    history digest.
///
/// Sheet names, headings, flags and the legend are in the caller's language, and so are the
/// dates' month and weekday names; codes stay the same in every language, figures stay numbers.
public struct RegisterWorkbook {
    public let register: MonthRegister
    public let office: String
    /// "2026-11-27 18:05", the moment the figures hold for.
    public let asOf: String
    /// The history digest and its number of records (docs/rules.md "History").
    public let history: (hash: String, records: Int)?
    /// The zone the times of the "Days" sheet are shown in: the policy's.
    public let zone: LocalZone
    /// The language of its words.
    public let words: Speech

    public init(
        register: MonthRegister, office: String, asOf: String, history: (hash: String, records: Int)?,
        zone: LocalZone, words: Speech = .english
    ) {
        self.words = words
        self.register = register
        self.office = office
        self.asOf = asOf
        self.history = history
        self.zone = zone
    }

    /// The columns of the "Days" sheet.
    var dayColumns: [String] {
        [
            words.tr("Code"), words.tr("Name"),
            words.ctr("spreadsheet column", "Date"), words.ctr("spreadsheet column", "First in"),
            words.ctr("spreadsheet column", "Last out"), words.ctr("spreadsheet column", "Hours"),
            words.ctr("spreadsheet column", "Status"), words.ctr("spreadsheet column", "Flags"),
        ]
    }

    /// Writes the workbook to `path`, whole or not at all.
    public func write(to path: String) throws(DocumentError) {
        let workbook = try Workbook(
            path: path,
            title: words.tr(
                "Attendance register {period} — {office}", ["period": register.period.description, "office": office]))
        // Translators: the names of the workbook's sheets, at most 31 characters, none of []:*?/\.
        writeGrid(on: workbook.addSheet(words.ctr("spreadsheet sheet", "Register")))
        writeDays(on: workbook.addSheet(words.ctr("spreadsheet sheet", "Days")))
        writeLegend(on: workbook.addSheet(words.ctr("spreadsheet sheet", "Legend")))
        try workbook.finish()
    }

    // MARK: - The grid

    private func writeGrid(on sheet: Sheet) {
        let dates = register.period.dates
        let heading = CellStyle(bold: true, centred: true, bordered: true)
        let figures = RegisterFigure.all(of: register, words)
        let firstFigure = 2 + dates.count
        let lastColumn = firstFigure + figures.count - 1
        sheet.setWidth(8, columns: 0...0)
        sheet.setWidth(28, columns: 1...1)
        sheet.setWidth(4.5, columns: 2...(firstFigure - 1))
        sheet.setWidth(7, columns: firstFigure...lastColumn)
        sheet.write(
            .text(words.tr("Code")), row: 0, column: 0,
            style: CellStyle(bold: true, bordered: true))
        sheet.write(.text(words.tr("Name")), row: 0, column: 1, style: CellStyle(bold: true, bordered: true))
        // Each date's heading is a date, shown as its day and weekday ("23 Mon").
        let shaded = dates.enumerated().map { index, date in
            !register.policy.isWorkingDay(date) || register.rows.contains { $0.days[index].status == .holiday }
        }
        for (index, date) in dates.enumerated() {
            var style = heading
            style.numberFormat = Workbook.dateFormat("d ddd", in: words.language)
            if shaded[index] { style.fill = Colour.shade.rgb }
            sheet.write(.date(date), row: 0, column: 2 + index, style: style)
        }
        for (index, figure) in figures.enumerated() {
            sheet.write(.text(figure.heading), row: 0, column: firstFigure + index, style: heading)
        }
        let lines = RegisterPDF.Line.all(of: register)
        for (line, content) in lines.enumerated() {
            let y = line + 1
            guard case .employee(let index) = content else {
                if case .subtotal(let group) = content {
                    // A department's subtotal after its rows, as in the PDF.
                    let bold = CellStyle(bold: true, bordered: true)
                    sheet.write(.text(words.tr("Subtotal")), row: y, column: 0, style: bold)
                    sheet.write(
                        .text(group.department?.rawValue ?? words.ctr("subtotal", "no department")), row: y, column: 1,
                        style: bold)
                    writeFigures(figures, of: register.subtotal(group), row: y, from: firstFigure, on: sheet)
                }
                continue
            }
            let row = register.rows[index]
            sheet.write(.text(row.employee.code.rawValue), row: y, column: 0, style: CellStyle(bordered: true))
            sheet.write(.text(row.employee.name.rawValue), row: y, column: 1, style: CellStyle(bordered: true))
            for (index, day) in row.days.enumerated() {
                var style = CellStyle(centred: true, bordered: true)
                style.fill =
                    StatusColour.fill(day.status, leave: day.leaveType)?.rgb ?? (shaded[index] ? Colour.shade.rgb : nil)
                // Today's IN shows the status so far beside it, as the PDF does.
                let code = day.provisionalStatus.map { "\(day.code)·\($0.code)" } ?? day.code
                sheet.write(code.isEmpty ? .blank : .text(code), row: y, column: 2 + index, style: style)
            }
            writeFigures(figures, of: row.summary, row: y, from: firstFigure, on: sheet)
        }
        sheet.freeze(rows: 1, columns: 2)
        sheet.autofilter(rows: 0...lines.count, columns: 0...lastColumn)
    }

    /// A row's figures, as numbers, from column `first` on.
    private func writeFigures(
        _ figures: [RegisterFigure], of summary: MonthSummary, row y: Int, from first: Int, on sheet: Sheet
    ) {
        let hours = CellStyle(numberFormat: "0.00", bordered: true)
        let count = CellStyle(numberFormat: "0.#", bordered: true)
        for (index, figure) in figures.enumerated() {
            sheet.write(
                .number(figure.number(summary)), row: y, column: first + index, style: figure.isHours ? hours : count)
        }
    }

    // MARK: - One row per employee per date

    private func writeDays(on sheet: Sheet) {
        for (column, width) in [10.0, 28, 11, 8, 8, 7, 7, 40].enumerated() {
            sheet.setWidth(width, columns: column...column)
        }
        let headings = dayColumns
        for (column, heading) in headings.enumerated() {
            sheet.write(.text(heading), row: 0, column: column, style: CellStyle(bold: true))
        }
        let date = CellStyle(numberFormat: "yyyy-mm-dd")
        let time = CellStyle(numberFormat: "hh:mm")
        let hours = CellStyle(numberFormat: "0.00")
        var y = 0
        for row in register.rows {
            for day in row.days where day.status != .notEmployed && day.status != .future {
                y += 1
                sheet.write(.text(row.employee.code.rawValue), row: y, column: 0)
                sheet.write(.text(row.employee.name.rawValue), row: y, column: 1)
                sheet.write(.date(day.date), row: y, column: 2, style: date)
                // The moments themselves, so a last OUT after midnight is on the next date.
                for (column, instant) in [(3, day.firstIn), (4, day.lastOut)] {
                    if let instant {
                        sheet.write(.dateTime(zone.localDateTime(of: instant)), row: y, column: column, style: time)
                    }
                }
                sheet.write(.number(Double(day.workedHundredths) / 100), row: y, column: 5, style: hours)
                var style = CellStyle(centred: true)
                style.fill = StatusColour.fill(day.status, leave: day.leaveType)?.rgb
                if !day.code.isEmpty { sheet.write(.text(day.code), row: y, column: 6, style: style) }
                let flags = Self.flagWords(day, words)
                if !flags.isEmpty { sheet.write(.text(flags), row: y, column: 7) }
            }
        }
        sheet.freeze(rows: 1, columns: 0)
        sheet.autofilter(rows: 0...y, columns: 0...(headings.count - 1))
    }

    /// "late, corrected, simulated WiFi": the date's flags and where its punches came from.
    static func flagWords(_ day: MonthRegister.Day, _ words: Speech) -> String {
        (day.flags.names(words) + (day.hasSimulatedPunch ? [words.tr("simulated WiFi")] : [])
            + (day.hasImportedPunch ? [words.tr("imported")] : [])).joined(separator: ", ")
    }

    // MARK: - The legend

    private func writeLegend(on sheet: Sheet) {
        sheet.setWidth(8, columns: 0...0)
        sheet.setWidth(90, columns: 1...1)
        let bold = CellStyle(bold: true)
        sheet.write(.text(words.tr("Code")), row: 0, column: 0, style: bold)
        sheet.write(.text(words.ctr("spreadsheet column", "Meaning")), row: 0, column: 1, style: bold)
        var y = 0
        for status in StatusColour.legend {
            y += 1
            var style = CellStyle(centred: true, bordered: true)
            style.fill = StatusColour.fill(status)?.rgb
            sheet.write(.text(status.code), row: y, column: 0, style: style)
            sheet.write(.text(status.legendName(words)), row: y, column: 1)
        }
        for type in register.shownLeaveTypes {
            y += 1
            var style = CellStyle(centred: true, bordered: true)
            style.fill = Colour(type.colour).rgb
            sheet.write(.text(type.code), row: y, column: 0, style: style)
            sheet.write(
                .text(words.tr("{name} leave (counts as LV)", ["name": type.displayName(words)])), row: y, column: 1)
        }
        let notes: [(String, String)] =
            [
                ("–", words.tr("not employed on the date; a blank date is still to come")),
                (
                    RegisterFigure.days(words),
                    register.policy.goalDays.map {
                        words.tr("present days, P + L + ½ HD of goal {goal}", ["goal": String($0)])
                    }
                        ?? words.tr("present days, P + L + ½ HD")
                ),
                (RegisterFigure.hours(words), words.tr("worked hours, as payroll counts them")),
                (
                    words.tr(
                        "{late}, {early}", ["late": RegisterFigure.late(words), "early": RegisterFigure.early(words)]),
                    words.tr("how many dates were late, and ended early")
                ),
                ("", ""),
                (words.ctr("spreadsheet legend", "Office"), office),
                (
                    register.period.month == nil
                        ? words.ctr("spreadsheet legend", "Period") : words.ctr("spreadsheet legend", "Month"),
                    words.periodTitle(register.period)
                ),
                (words.ctr("spreadsheet legend", "As of"), asOf),
            ]
            + (history.map {
                [
                    (
                        words.ctr("spreadsheet legend", "History"),
                        words.tr("digest {digest} ({count} records)", ["digest": $0.hash, "count": String($0.records)])
                    )
                ]
            } ?? [])
        for (key, text) in notes {
            y += 1
            if !key.isEmpty { sheet.write(.text(key), row: y, column: 0, style: bold) }
            if !text.isEmpty { sheet.write(.text(text), row: y, column: 1) }
        }
    }
}
