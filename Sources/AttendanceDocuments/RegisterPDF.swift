import AttendanceCore
import AttendanceLanguage
import Foundation

/// The monthly register as a colour PDF, for the wall, payroll and the sign-off file: landscape,
/// a row per employee and a column per date, each status cell filled in its colour with its code
/// written in it (it reads in greyscale and for colour-blind readers too), weekly offs and
/// holidays shaded as columns, the month's figures, the legend, the header repeated on every
/// page, "page x of y", the office, the month, "as of", the dates whose punches were simulated,
/// corrected or imported, the sign-off lines and the history digest. Its words are in the
/// caller's language; the status codes are the same in every language, their legend is not.
public struct RegisterPDF {
    public let register: MonthRegister
    public let office: String
    /// "2026-11-27 18:05", the moment the figures hold for.
    public let asOf: String
    /// The history digest and its number of records (docs/rules.md "History").
    public let history: (hash: String, records: Int)?
    public let paper: Paper
    /// The three headings of the evidence lists: simulated, corrected, imported.
    public let evidenceHeadings: (simulated: String, corrected: String, imported: String)
    /// The language of its headings, legend and footer.
    public let words: Speech

    public init(
        register: MonthRegister, office: String, asOf: String, history: (hash: String, records: Int)?, paper: Paper,
        evidenceHeadings: (simulated: String, corrected: String, imported: String), words: Speech = .english
    ) {
        self.words = words
        self.register = register
        self.office = office
        self.asOf = asOf
        self.history = history
        self.paper = paper
        self.evidenceHeadings = evidenceHeadings
    }

    /// A sheet of paper, landscape.
    public enum Paper: String, Sendable, CaseIterable {
        case a4, letter

        /// Width and height in points, landscape.
        var size: (width: Double, height: Double) {
            switch self {
            case .a4: (841.89, 595.28)
            case .letter: (792, 612)
            }
        }
    }

    /// What writing made: its pages, and the texts (names, the office) with characters no
    /// installed font has, which show as boxes.
    public struct Written: Sendable {
        public let pages: Int
        public let unshaped: [String]
    }

    /// Writes the document to `path`, whole or not at all.
    @discardableResult
    public func write(to path: String) throws(DocumentError) -> Written {
        let lines = Line.all(of: register)
        let layout = Layout(register: register, lineCount: lines.count, paper: paper, words: words)
        let canvas = try PDFCanvas(path: path, width: layout.width, height: layout.height)
        canvas.describe(
            title: words.tr(
                "Attendance register {period} — {office}", ["period": register.period.description, "office": office]),
            creator: "attendance")
        let pages = layout.pages
        for (index, rows) in pages.enumerated() {
            if index > 0 { canvas.nextPage() }
            draw(page: index + 1, of: pages.count, rows: rows, lines: lines, layout: layout, on: canvas)
        }
        try canvas.finish()
        return Written(pages: pages.count, unshaped: canvas.unshaped)
    }

    /// What one line of the table holds: an employee's row, or a department's subtotal after its rows.
    enum Line {
        case employee(Int)
        case subtotal(MonthRegister.Group)

        /// The register's lines: its rows, with each department's subtotal after them when there are departments.
        static func all(of register: MonthRegister) -> [Line] {
            let groups = register.groups
            guard !groups.isEmpty else { return register.rows.indices.map(Line.employee) }
            return groups.flatMap { group in group.rows.map(Line.employee) + [.subtotal(group)] }
        }
    }

    private func draw(
        page: Int, of count: Int, rows: Range<Int>, lines: [Line], layout: Layout, on canvas: PDFCanvas
    ) {
        let m = Layout.margin
        canvas.text(
            words.tr(
                "{office} — attendance register, {period}",
                ["office": office, "period": words.periodTitle(register.period)]),
            in: Rect(x: m, y: m, width: layout.width * 0.6, height: 16), font: Font(size: 12, bold: true))
        canvas.text(
            words.ctr("date and time", "as of {time}", ["time": asOf]),
            in: Rect(x: layout.width * 0.6, y: m, width: layout.width * 0.4 - m, height: 16),
            font: Font(size: 8), colour: .faint, alignment: .trailing)
        drawHeader(layout: layout, on: canvas)
        for (line, index) in rows.enumerated() {
            switch lines[index] {
            case .employee(let row): drawRow(register.rows[row], line: line, layout: layout, on: canvas)
            case .subtotal(let group): drawSubtotal(group, line: line, layout: layout, on: canvas)
            }
        }
        // The dates' grid: one line a column for the page, not an outline a cell.
        let bottom = layout.rowY(rows.count)
        for index in 0...register.period.dates.count {
            let x = layout.daysX + Double(index) * layout.dayWidth
            canvas.line(from: (x, layout.tableTop), to: (x, bottom), .grid, lineWidth: 0.25)
        }
        drawFooter(page: page, of: count, layout: layout, on: canvas)
    }

    private func drawHeader(layout: Layout, on canvas: PDFCanvas) {
        let y = layout.tableTop
        let h = Layout.headerHeight
        let bold = Font(size: 6.5, bold: true)
        canvas.text(
            words.ctr("register column, at most 4 letters", "Code"),
            in: Rect(x: layout.codeX + 2, y: y, width: Layout.codeWidth - 4, height: h), font: bold)
        canvas.text(
            words.tr("Name"), in: Rect(x: layout.nameX + 2, y: y, width: Layout.nameWidth - 4, height: h), font: bold)
        for (index, date) in register.period.dates.enumerated() {
            let rect = layout.dayRect(index, line: nil)
            if layout.shaded[index] { canvas.fill(rect, .shade) }
            canvas.text(
                String(date.day), in: Rect(x: rect.x, y: y + 1, width: rect.width, height: h / 2), font: bold,
                alignment: .centre)
            canvas.text(
                words.weekdayInitials(date.weekday),
                in: Rect(x: rect.x, y: y + h / 2, width: rect.width, height: h / 2 - 1),
                font: Font(size: 5.5), colour: .faint, alignment: .centre)
        }
        for (index, figure) in layout.figures.enumerated() {
            canvas.text(
                figure.heading, in: layout.figureRect(index, line: nil), font: bold, alignment: .centre)
        }
        canvas.line(
            from: (Layout.margin, y + h), to: (layout.width - Layout.margin, y + h), .black, lineWidth: 0.8)
    }

    private func drawRow(_ row: MonthRegister.Row, line: Int, layout: Layout, on canvas: PDFCanvas) {
        let y = layout.rowY(line)
        let h = Layout.rowHeight
        let font = Font(size: 6.5)
        canvas.text(
            row.employee.code.rawValue, in: Rect(x: layout.codeX + 2, y: y, width: Layout.codeWidth - 4, height: h),
            font: font)
        canvas.text(
            row.employee.name.rawValue, in: Rect(x: layout.nameX + 2, y: y, width: Layout.nameWidth - 4, height: h),
            font: font)
        for (index, day) in row.days.enumerated() {
            let rect = layout.dayRect(index, line: line)
            if let colour = StatusColour.fill(day.status, leave: day.leaveType) {
                canvas.fill(rect, colour)
            } else if layout.shaded[index] {
                canvas.fill(rect, .shade)
            }
            // Today's IN shows the status so far beside it, as the text register does.
            let code = day.provisionalStatus.map { "\(day.code)·\($0.code)" } ?? day.code
            canvas.text(code, in: rect, font: Font(size: code.count > 2 ? 5 : 6.5), alignment: .centre)
            if day.flags.contains(.corrected) {
                canvas.fill(Rect(x: rect.x + rect.width - 3, y: rect.y + 0.5, width: 2.5, height: 2.5), .black)
            }
        }
        drawFigures(row.summary, line: line, layout: layout, font: font, on: canvas)
        canvas.line(
            from: (Layout.margin, y + h), to: (layout.width - Layout.margin, y + h), .grid, lineWidth: 0.25)
    }

    /// A department's line: its name and its employees' figures added up.
    private func drawSubtotal(_ group: MonthRegister.Group, line: Int, layout: Layout, on canvas: PDFCanvas) {
        let y = layout.rowY(line)
        let h = Layout.rowHeight
        let bold = Font(size: 6.5, bold: true)
        canvas.fill(Rect(x: Layout.margin, y: y, width: layout.width - 2 * Layout.margin, height: h), .shade)
        canvas.text(
            words.tr(
                "Subtotal: {department}",
                ["department": group.department?.rawValue ?? words.ctr("subtotal", "no department")]),
            in: Rect(x: layout.codeX + 2, y: y, width: layout.figuresX - layout.codeX - 4, height: h), font: bold)
        drawFigures(register.subtotal(group), line: line, layout: layout, font: bold, on: canvas)
        canvas.line(
            from: (Layout.margin, y + h), to: (layout.width - Layout.margin, y + h), .black, lineWidth: 0.5)
    }

    private func drawFigures(_ summary: MonthSummary, line: Int, layout: Layout, font: Font, on canvas: PDFCanvas) {
        for (index, figure) in layout.figures.enumerated() {
            canvas.text(
                words.decimal(figure.text(summary)), in: layout.figureRect(index, line: line), font: font,
                alignment: .trailing)
        }
    }

    private func drawFooter(page: Int, of count: Int, layout: Layout, on canvas: PDFCanvas) {
        let m = Layout.margin
        var y = layout.footerTop
        y = StatusColour.drawLegend(on: canvas, x: m, y: y, width: layout.width - 2 * m, words: words)
        canvas.text(
            RegisterFigure.explained(goalDays: register.policy.goalDays, words)
                + register.shownLeaveTypes.map {
                    "  " + words.tr("{code}: {name} leave (LV).", ["code": $0.code, "name": $0.displayName(words)])
                }.joined(),
            in: Rect(x: m, y: y, width: layout.width - 2 * m, height: 10), font: Font(size: 6.5), colour: .faint)
        y += 11
        for line in evidenceLines {
            canvas.text(line, in: Rect(x: m, y: y, width: layout.width - 2 * m, height: 10), font: Font(size: 6.5))
            y += 10
        }
        let bottom = layout.height - m - 10
        canvas.text(
            words.tr("Checked by ______________________   Signature ______________________   Date ____________"),
            in: Rect(x: m, y: bottom - 14, width: layout.width * 0.7, height: 12), font: Font(size: 7.5))
        if let history {
            canvas.text(
                words.tr(
                    "History digest {digest} ({count} records)",
                    ["digest": history.hash, "count": String(history.records)]),
                in: Rect(x: m, y: bottom, width: layout.width * 0.7, height: 10), font: Font(size: 6),
                colour: .faint)
        }
        canvas.text(
            words.tr("page {number} of {count}", ["number": String(page), "count": String(count)]),
            in: Rect(x: layout.width * 0.7, y: bottom, width: layout.width * 0.3 - m, height: 10),
            font: Font(size: 7), alignment: .trailing)
    }

    /// "Punches on SIMULATED WiFi: E001 23 24; E002 23", one line per kind of evidence that any
    /// date has, cut with "…" when too long for the page (the text register lists them all).
    var evidenceLines: [String] {
        let kinds: [(String, (MonthRegister.Day) -> Bool)] = [
            (evidenceHeadings.simulated, { $0.hasSimulatedPunch }),
            (evidenceHeadings.corrected, { $0.flags.contains(.corrected) }),
            (evidenceHeadings.imported, { $0.hasImportedPunch }),
        ]
        return kinds.compactMap { heading, marked in
            let entries = register.rows.compactMap { row -> String? in
                let days = row.days.filter(marked).map { String($0.date.day) }
                return days.isEmpty ? nil : ([row.employee.code.rawValue] + days).joined(separator: " ")
            }
            guard !entries.isEmpty else { return nil }
            // The page holds a line of about 250 characters; Pango would shape all of a longer one.
            let line = words.tr("{heading}: {dates}", ["heading": heading, "dates": entries.joined(separator: "; ")])
            return line.count > 400 ? String(line.prefix(399)) + "…" : line
        }
    }

    /// Where everything goes on a page.
    struct Layout {
        static let margin = 24.0
        static let codeWidth = 40.0
        static let nameWidth = 100.0
        static let figureWidth = 25.0
        static let headerHeight = 20.0
        static let rowHeight = 13.0
        let width: Double
        let height: Double
        let dayCount: Int
        let dayWidth: Double
        /// Per date: a weekly off of the office's policy, or a holiday.
        let shaded: [Bool]
        let rowsPerPage: Int
        let rowCount: Int
        /// The figures after the dates, in order.
        let figures: [RegisterFigure]

        init(register: MonthRegister, lineCount: Int, paper: Paper, words: Speech) {
            self.init(
                dayCount: register.period.dates.count, rowCount: lineCount,
                shaded: register.period.dates.enumerated().map { index, date in
                    !register.policy.isWorkingDay(date) || register.rows.contains { $0.days[index].status == .holiday }
                }, figures: RegisterFigure.all(of: register, words), paper: paper)
        }

        init(dayCount: Int, rowCount: Int, shaded: [Bool], figures: [RegisterFigure], paper: Paper) {
            (width, height) = paper.size
            self.dayCount = dayCount
            self.rowCount = rowCount
            self.shaded = shaded
            self.figures = figures
            let fixed = Self.codeWidth + Self.nameWidth + Double(figures.count) * Self.figureWidth
            dayWidth = (width - 2 * Self.margin - fixed) / Double(max(dayCount, 1))
            let available = height - 2 * Self.margin - 22 - Self.headerHeight - Self.footerHeight
            rowsPerPage = max(1, Int(available / Self.rowHeight))
        }

        /// The footer: the legend, its explanation, up to three evidence lines, the sign-off and the digest.
        static let footerHeight = 84.0

        var codeX: Double { Self.margin }
        var nameX: Double { Self.margin + Self.codeWidth }
        var daysX: Double { nameX + Self.nameWidth }
        var figuresX: Double { daysX + Double(dayCount) * dayWidth }
        var tableTop: Double { Self.margin + 22 }
        var footerTop: Double { height - Self.margin - Self.footerHeight + 6 }

        func rowY(_ line: Int) -> Double { tableTop + Self.headerHeight + Double(line) * Self.rowHeight }

        /// The cell of date `index` on `line` of the page's rows; the header's with nil.
        func dayRect(_ index: Int, line: Int?) -> Rect {
            Rect(
                x: daysX + Double(index) * dayWidth, y: line.map(rowY) ?? tableTop, width: dayWidth,
                height: line == nil ? Self.headerHeight : Self.rowHeight)
        }

        func figureRect(_ index: Int, line: Int?) -> Rect {
            Rect(
                x: figuresX + Double(index) * Self.figureWidth, y: line.map(rowY) ?? tableTop,
                width: Self.figureWidth - 2, height: line == nil ? Self.headerHeight : Self.rowHeight)
        }

        /// The rows of each page, in order; one empty page when there are none.
        var pages: [Range<Int>] {
            guard rowCount > 0 else { return [0..<0] }
            return stride(from: 0, to: rowCount, by: rowsPerPage).map { $0..<min($0 + rowsPerPage, rowCount) }
        }
    }

    /// Where on its page the cell of the employee in row `row` (of the register) and date
    /// `index` of a month of `days` dates is drawn, and on which page (1-based): for readers of
    /// the rendered pages (of a register that shows no leave type of its own).
    public static func cell(
        row: Int, dateIndex index: Int, days: Int, paper: Paper
    ) -> (page: Int, x: Double, y: Double, width: Double, height: Double) {
        let layout = Layout(
            dayCount: days, rowCount: row + 1, shaded: [], figures: RegisterFigure.all(leaveTypes: [], .english),
            paper: paper)
        let rect = layout.dayRect(index, line: row % layout.rowsPerPage)
        return (row / layout.rowsPerPage + 1, rect.x, rect.y, rect.width, rect.height)
    }
}

/// The colour each status's cell is filled with: P green, L blue, HD orange, A red, as the sheets
/// managers know; light enough that the code written in it stays black on every printer.
public enum StatusColour {
    public static func fill(_ status: DayStatus) -> Colour? {
        switch status {
        case .present: Colour(0xA5D6A7)
        case .late: Colour(0x90CAF9)
        case .halfDay: Colour(0xFFCC80)
        case .absent: Colour(0xEF9A9A)
        case .missing: Colour(0xCE93D8)
        case .leave: Colour(0x80CBC4)
        case .holiday: Colour(0xB0BEC5)
        case .weeklyOff: Colour(0xE0E0E0)
        case .in: Colour(0xFFF59D)
        case .notEmployed, .future, .pending: nil
        }
    }

    /// `status`'s fill; a full-day leave's is its type's colour.
    public static func fill(_ status: DayStatus, leave type: LeaveType?) -> Colour? {
        guard status == .leave, let type else { return fill(status) }
        return Colour(type.colour)
    }

    /// The statuses the legend explains, in its order.
    static let legend: [DayStatus] = [
        .present, .late, .halfDay, .absent, .holiday, .weeklyOff, .leave, .missing, .in,
    ]

    /// Draws the legend at `x`, `y`: each status's cell as it appears in the grid and its name,
    /// then the mark of a manager's correction, on as many lines of `width` as it needs; returns
    /// the `y` below it. An item is 72 points wide, or as wide as its name needs (French and
    /// Spanish names are longer).
    static func drawLegend(
        on canvas: PDFCanvas, x left: Double, y top: Double, width: Double, words: Speech
    ) -> Double {
        var (x, y) = (left, top)
        let font = Font(size: 6.5)
        for status in legend {
            let name = status.legendName(words)
            let nameWidth = min(max(54, canvas.width(of: name, font: font) + 1), width - 16)
            if x + 18 + nameWidth > left + width {
                (x, y) = (left, y + 12)
            }
            let cell = Rect(x: x, y: y, width: 14, height: 10)
            if let colour = fill(status) { canvas.fill(cell, colour) }
            canvas.stroke(cell, .grid, lineWidth: 0.25)
            canvas.text(status.code, in: cell, font: Font(size: 6), alignment: .centre)
            canvas.text(name, in: Rect(x: x + 16, y: y, width: nameWidth, height: 10), font: font)
            x += 18 + nameWidth
        }
        let corrected = words.tr("corrected by a manager")
        let correctedWidth = min(max(90, canvas.width(of: corrected, font: font) + 1), width - 5)
        if x + 5 + correctedWidth > left + width { (x, y) = (left, y + 12) }
        canvas.fill(Rect(x: x, y: y + 3.5, width: 3, height: 3), .black)
        canvas.text(corrected, in: Rect(x: x + 5, y: y, width: correctedWidth, height: 10), font: font)
        return y + 12
    }
}

/// Which Debian package has fonts for the script of `text`: Noto's CJK fonts for Chinese,
/// Japanese and Korean, Noto's core fonts for the rest.
public func fontPackage(for text: String) -> String {
    let cjk = text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            true
        default: false
        }
    }
    return cjk ? "fonts-noto-cjk" : "fonts-noto-core"
}
