import AttendanceCore
import AttendanceLanguage
import Foundation

/// A week's hours as a spreadsheet, for payroll: a row per employee, a column per date with its
/// worked hours as a number (`0.00`) filled in its status's colour (``StatusColour``), and the
/// week's total; the header row and the code and name columns stay in view, and the header has
/// filter buttons. Its words and the dates' weekday and month names are in the caller's language.
public struct WeekWorkbook {
    public let firstDay: AttendanceDate
    public let rows: [(employee: Employee, hours: WeekHours)]
    public let office: String
    /// The language of its words.
    public let words: Speech

    public init(
        firstDay: AttendanceDate, rows: [(employee: Employee, hours: WeekHours)], office: String,
        words: Speech = .english
    ) {
        self.words = words
        self.firstDay = firstDay
        self.rows = rows
        self.office = office
    }

    /// Writes the workbook to `path`, whole or not at all.
    public func write(to path: String) throws(DocumentError) {
        let workbook = try Workbook(
            path: path,
            title: words.tr("Hours, week of {date} — {office}", ["date": firstDay.description, "office": office]))
        let sheet = workbook.addSheet(words.ctr("spreadsheet sheet", "Week"))
        let dates = firstDay.dates(through: firstDay.adding(days: 6))
        let total = 2 + dates.count
        sheet.setWidth(10, columns: 0...0)
        sheet.setWidth(28, columns: 1...1)
        sheet.setWidth(9, columns: 2...total)
        let heading = CellStyle(bold: true, centred: true, bordered: true)
        sheet.write(
            .text(words.tr("Code")), row: 0, column: 0,
            style: CellStyle(bold: true, bordered: true))
        sheet.write(.text(words.tr("Name")), row: 0, column: 1, style: CellStyle(bold: true, bordered: true))
        for (index, date) in dates.enumerated() {
            var style = heading
            style.numberFormat = Workbook.dateFormat("ddd d mmm", in: words.language)
            sheet.write(.date(date), row: 0, column: 2 + index, style: style)
        }
        sheet.write(.text(words.ctr("spreadsheet column", "Total")), row: 0, column: total, style: heading)
        for (line, row) in rows.enumerated() {
            let y = line + 1
            sheet.write(.text(row.employee.code.rawValue), row: y, column: 0, style: CellStyle(bordered: true))
            sheet.write(.text(row.employee.name.rawValue), row: y, column: 1, style: CellStyle(bordered: true))
            for (index, day) in row.hours.days.enumerated() {
                var style = CellStyle(numberFormat: "0.00", bordered: true)
                style.fill = StatusColour.fill(day.status)?.rgb
                sheet.write(.number(Double(day.workedHundredths) / 100), row: y, column: 2 + index, style: style)
            }
            sheet.write(
                .number(Double(row.hours.totalHundredths) / 100), row: y, column: total,
                style: CellStyle(numberFormat: "0.00", bold: true, bordered: true))
        }
        sheet.freeze(rows: 1, columns: 2)
        sheet.autofilter(rows: 0...rows.count, columns: 0...total)
        try workbook.finish()
    }
}
