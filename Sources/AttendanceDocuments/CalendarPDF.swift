import AttendanceCore
import AttendanceLanguage
import Foundation

/// Employees' months as a colour PDF, a page each, for the employee to check and sign: the month
/// as a grid of weeks, each date filled in its status's colour (``StatusColour``, as the register)
/// with its code, its first IN and last OUT and its worked hours written in it; the legend, the
/// month's figures, the dates whose punches were simulated or imported, the flagged dates, and
/// lines for the employee's and the manager's signatures. Its words, month and weekday names are
/// in the caller's language; the status codes are the same in every language.
public struct CalendarPDF {
    /// One employee's page: their month, and the words other front-ends use for it.
    public struct Page: Sendable {
        public let employee: Employee
        public let evaluation: MonthEvaluation
        /// "Punches on SIMULATED WiFi: 2–6, 9", a line per kind of evidence that any date has.
        public let evidence: [String]
        /// Each flagged date and what is flagged ("late by 17 min, early exit"), in date order.
        public let flagged: [(day: DayEvaluation, words: String)]

        public init(
            employee: Employee, evaluation: MonthEvaluation, evidence: [String],
            flagged: [(day: DayEvaluation, words: String)]
        ) {
            self.employee = employee
            self.evaluation = evaluation
            self.evidence = evidence
            self.flagged = flagged
        }
    }

    public let pages: [Page]
    public let office: String
    /// "2026-11-27 18:05", the moment the figures hold for.
    public let asOf: String
    /// The first column's weekday (`[policy] week_starts`).
    public let weekStarts: Weekday
    /// The zone the times are shown in: the policy's.
    public let zone: LocalZone
    public let paper: RegisterPDF.Paper
    /// The language of its words (the pages' evidence and flagged words come already in it).
    public let words: Speech

    public init(
        pages: [Page], office: String, asOf: String, weekStarts: Weekday, zone: LocalZone, paper: RegisterPDF.Paper,
        words: Speech = .english
    ) {
        self.words = words
        self.pages = pages
        self.office = office
        self.asOf = asOf
        self.weekStarts = weekStarts
        self.zone = zone
        self.paper = paper
    }

    /// Writes the document to `path`, whole or not at all; the texts (names, the office) with
    /// characters no installed font has, which show as boxes.
    @discardableResult
    public func write(to path: String) throws(DocumentError) -> RegisterPDF.Written {
        let size = Layout.size(paper)
        let canvas = try PDFCanvas(path: path, width: size.width, height: size.height)
        let month = pages.first.map { words.monthTitle($0.evaluation.month) } ?? ""
        canvas.describe(
            title: words.tr("Attendance calendar {month} — {office}", ["month": month, "office": office]),
            creator: "attendance")
        for (index, page) in pages.enumerated() {
            if index > 0 { canvas.nextPage() }
            draw(page, number: index + 1, on: canvas)
        }
        return try canvas.finish(
            pages: pages.count, margin: Layout.margin,
            emptyNotice: words.tr("{office}: no employee to show", ["office": office]))
    }

    // MARK: - Drawing

    private func draw(_ page: Page, number: Int, on canvas: PDFCanvas) {
        let layout = Layout(month: page.evaluation.month, weekStarts: weekStarts, paper: paper)
        let m = Layout.margin
        let width = layout.width - 2 * m
        canvas.text(
            "\(page.employee.code.rawValue)  \(page.employee.name.rawValue)",
            in: Rect(x: m, y: m, width: width * 0.65, height: 18), font: Font(size: 14, bold: true))
        canvas.text(
            words.monthTitle(page.evaluation.month),
            in: Rect(x: m + width * 0.65, y: m, width: width * 0.35, height: 18),
            font: Font(size: 14, bold: true), alignment: .trailing)
        canvas.text(
            words.tr("{office} — attendance calendar", ["office": office]),
            in: Rect(x: m, y: m + 19, width: width * 0.65, height: 12),
            font: Font(size: 8), colour: .faint)
        canvas.text(
            words.ctr("date and time", "as of {time}", ["time": asOf]),
            in: Rect(x: m + width * 0.65, y: m + 19, width: width * 0.35, height: 12),
            font: Font(size: 8), colour: .faint, alignment: .trailing)
        drawGrid(page.evaluation, layout: layout, on: canvas)
        var y = layout.gridBottom + 10
        y = StatusColour.drawLegend(on: canvas, x: m, y: y, width: width, words: words) + 6
        y = drawSummary(page.evaluation.summary, y: y, width: width, on: canvas)
        for line in page.evidence {
            canvas.text(line, in: Rect(x: m, y: y, width: width, height: 11), font: Font(size: 7.5))
            y += 11
        }
        let signatures = layout.height - m - 44
        drawFlagged(page.flagged, from: y + 6, to: signatures - 8, width: width, on: canvas)
        canvas.text(
            words.tr("Employee's signature ______________________________   Date ______________"),
            in: Rect(x: m, y: signatures, width: width, height: 12), font: Font(size: 8.5))
        canvas.text(
            words.tr("Checked by ______________________________   Signature ______________________"),
            in: Rect(x: m, y: signatures + 18, width: width, height: 12), font: Font(size: 8.5))
        canvas.text(
            words.tr("page {number} of {count}", ["number": String(number), "count": String(pages.count)]),
            in: Rect(x: m, y: layout.height - m - 8, width: width, height: 10),
            font: Font(size: 7), colour: .faint, alignment: .trailing)
    }

    private func drawGrid(_ evaluation: MonthEvaluation, layout: Layout, on canvas: PDFCanvas) {
        let grid = MonthGrid(month: evaluation.month, weekStarts: weekStarts)
        for (column, weekday) in grid.weekdays.enumerated() {
            canvas.text(
                words.shortWeekdayName(weekday),
                in: Rect(
                    x: layout.cellX(column), y: layout.gridTop, width: layout.cellWidth, height: Layout.headerHeight),
                font: Font(size: 8, bold: true), alignment: .centre)
        }
        for (week, dates) in grid.weeks.enumerated() {
            for (column, date) in dates.enumerated() {
                let rect = layout.cell(week: week, column: column)
                guard let date, let day = evaluation[date] else {
                    canvas.stroke(rect, .grid, lineWidth: 0.4)
                    continue
                }
                drawDay(day, in: rect, on: canvas)
            }
        }
    }

    private func drawDay(_ day: DayEvaluation, in rect: Rect, on canvas: PDFCanvas) {
        if let colour = StatusColour.fill(day.status, leave: day.leaveType) { canvas.fill(rect, colour) }
        canvas.stroke(rect, day.isToday ? .black : .grid, lineWidth: day.isToday ? 1.6 : 0.4)
        let inner = Rect(x: rect.x + 4, y: rect.y + 3, width: rect.width - 8, height: 12)
        canvas.text(String(day.date.day), in: inner, font: Font(size: 9, bold: true))
        let code = day.provisionalStatus.map { "\(day.code)·\($0.code)" } ?? day.code
        canvas.text(code, in: inner, font: Font(size: 9, bold: true), alignment: .trailing)
        var y = rect.y + 20
        if let first = day.firstIn {
            let last = day.lastOut.map { " – " + clock($0, on: day.date) } ?? ""
            canvas.text(
                clock(first, on: day.date) + last, in: Rect(x: inner.x, y: y, width: inner.width, height: 10),
                font: Font(size: 7))
            y += 11
        }
        if day.countedSeconds > 0 || day.firstIn != nil {
            canvas.text(
                words.decimal(String(format: "%.2f h", Double(day.workedHundredths) / 100)),
                in: Rect(x: inner.x, y: y, width: inner.width, height: 10), font: Font(size: 7))
        }
        if day.flags.contains(.corrected) {
            canvas.fill(Rect(x: rect.x + rect.width - 6, y: rect.y + rect.height - 6, width: 3.5, height: 3.5), .black)
        }
    }

    /// "09:02", or "02:10 +1" for a moment on a later date than the attendance date (a night shift).
    private func clock(_ instant: Date, on date: AttendanceDate) -> String {
        let local = zone.localDateTime(of: instant)
        let later = local.date.dayNumber - date.dayNumber
        return "\(local.time)" + (later == 0 ? "" : later > 0 ? " +\(later)" : " \(later)")
    }

    /// "P 14  L 2 …" and "Present days 16.5 of goal 20 · worked 131.25 h · late 3 · early exit 1".
    private func drawSummary(_ summary: MonthSummary, y: Double, width: Double, on canvas: PDFCanvas) -> Double {
        let m = Layout.margin
        var x = m
        for status in StatusColour.legend where status != .in {
            let cell = Rect(x: x, y: y, width: 16, height: 11)
            if let colour = StatusColour.fill(status) { canvas.fill(cell, colour) }
            canvas.text(status.code, in: cell, font: Font(size: 7, bold: true), alignment: .centre)
            canvas.text(
                summary.countText(status), in: Rect(x: x + 18, y: y, width: 30, height: 11), font: Font(size: 8))
            x += 52
        }
        canvas.text(
            words.summaryFigures(summary).joined(separator: " · "), in: Rect(x: m, y: y + 14, width: width, height: 12),
            font: Font(size: 9, bold: true))
        return y + 30
    }

    private func drawFlagged(
        _ flagged: [(day: DayEvaluation, words: String)], from top: Double, to bottom: Double, width: Double,
        on canvas: PDFCanvas
    ) {
        guard !flagged.isEmpty else { return }
        let m = Layout.margin
        let line = 11.0
        canvas.text(
            words.tr("Flagged days"), in: Rect(x: m, y: top, width: width, height: 12), font: Font(size: 9, bold: true))
        var y = top + 14
        let room = max(0, Int((bottom - y) / line))
        let shown = flagged.count > room ? max(0, room - 1) : flagged.count
        for (day, flags) in flagged.prefix(shown) {
            let cell = Rect(x: m + 42, y: y, width: 18, height: line - 1)
            canvas.text(
                words.tr(
                    "{weekday} {day}",
                    ["weekday": words.shortWeekdayName(day.date.weekday), "day": String(day.date.day)]),
                in: Rect(x: m, y: y, width: 40, height: line - 1),
                font: Font(size: 8))
            if let colour = StatusColour.fill(day.status, leave: day.leaveType) { canvas.fill(cell, colour) }
            canvas.text(day.code, in: cell, font: Font(size: 7, bold: true), alignment: .centre)
            canvas.text(
                flags, in: Rect(x: m + 66, y: y, width: width - 66, height: line - 1), font: Font(size: 8))
            y += line
        }
        if shown < flagged.count {
            canvas.text(
                words.tr(
                    "… and {count} more (attendance calendar lists them all)",
                    ["count": String(flagged.count - shown)]),
                in: Rect(x: m, y: y, width: width, height: line - 1), font: Font(size: 8), colour: .faint)
        }
    }

    // MARK: - Where everything goes

    struct Layout {
        static let margin = 36.0
        static let headerHeight = 14.0
        static let cellHeight = 58.0

        let width: Double
        let height: Double
        let cellWidth: Double
        let weeks: Int

        init(month: YearMonth, weekStarts: Weekday, paper: RegisterPDF.Paper) {
            (width, height) = Self.size(paper)
            cellWidth = (width - 2 * Self.margin) / 7
            weeks = MonthGrid(month: month, weekStarts: weekStarts).weeks.count
        }

        /// Portrait: the calendar is a page to sign, not a wide table.
        static func size(_ paper: RegisterPDF.Paper) -> (width: Double, height: Double) {
            (paper.size.height, paper.size.width)
        }

        var gridTop: Double { Self.margin + 40 }
        var gridBottom: Double { gridTop + Self.headerHeight + Double(weeks) * Self.cellHeight }

        func cellX(_ column: Int) -> Double { Self.margin + Double(column) * cellWidth }

        func cell(week: Int, column: Int) -> Rect {
            Rect(
                x: cellX(column), y: gridTop + Self.headerHeight + Double(week) * Self.cellHeight, width: cellWidth,
                height: Self.cellHeight)
        }
    }

    /// Where on its page the cell of `date` is drawn, for readers of the rendered pages.
    public static func cell(
        of date: AttendanceDate, weekStarts: Weekday, paper: RegisterPDF.Paper
    ) -> (x: Double, y: Double, width: Double, height: Double)? {
        let layout = Layout(month: date.yearMonth, weekStarts: weekStarts, paper: paper)
        guard let position = MonthGrid(month: date.yearMonth, weekStarts: weekStarts).position(of: date) else {
            return nil
        }
        let rect = layout.cell(week: position.week, column: position.column)
        return (rect.x, rect.y, rect.width, rect.height)
    }
}
