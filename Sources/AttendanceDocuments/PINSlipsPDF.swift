import AttendanceLanguage

/// PIN slips as a PDF, four to an A4 or Letter page in portrait, each in a box to cut out: the
/// office, whose PIN it is, the PIN in large figures, and how to use it. The words come already
/// in each employee's language; this only lays them out (Pango shapes every script).
public struct PINSlipsPDF {
    /// One employee's slip.
    public struct Slip: Sendable {
        /// "Kiosk PIN for Asha Rao (E001)", in the employee's language.
        public let heading: String
        public let pin: String
        /// How to use it, a line each.
        public let notes: [String]

        public init(heading: String, pin: String, notes: [String]) {
            self.heading = heading
            self.pin = pin
            self.notes = notes
        }
    }

    public let slips: [Slip]
    public let office: String
    public let paper: RegisterPDF.Paper
    /// The language of the document's own words (its title), the office's.
    public let words: Speech

    public init(slips: [Slip], office: String, paper: RegisterPDF.Paper, words: Speech = .english) {
        self.words = words
        self.slips = slips
        self.office = office
        self.paper = paper
    }

    static let perPage = 4
    static let margin = 36.0

    /// Writes the slips to `path`, whole or not at all; the texts with characters no installed
    /// font has, which show as boxes.
    @discardableResult
    public func write(to path: String) throws(DocumentError) -> RegisterPDF.Written {
        // The register's sizes are landscape: a slip page stands upright.
        let (width, height) = (paper.size.height, paper.size.width)
        let canvas = try PDFCanvas(path: path, width: width, height: height)
        canvas.describe(title: words.tr("PIN slips — {office}", ["office": office]), creator: "attendance")
        let slipHeight = (height - 2 * Self.margin) / Double(Self.perPage)
        let inner = width - 2 * Self.margin - 36
        for (index, slip) in slips.enumerated() {
            if index > 0 && index % Self.perPage == 0 { canvas.nextPage() }
            let top = Self.margin + Double(index % Self.perPage) * slipHeight
            let box = Rect(x: Self.margin, y: top + 6, width: width - 2 * Self.margin, height: slipHeight - 12)
            canvas.stroke(box, .grid)
            let x = Self.margin + 18
            canvas.text(
                office, in: Rect(x: x, y: top + 18, width: inner, height: 14), font: Font(size: 10), colour: .faint)
            canvas.text(
                slip.heading, in: Rect(x: x, y: top + 36, width: inner, height: 18), font: Font(size: 13, bold: true))
            canvas.text(
                slip.pin, in: Rect(x: x, y: top + 62, width: inner, height: 40), font: Font(size: 30, bold: true))
            for (line, note) in slip.notes.enumerated() {
                canvas.text(
                    note, in: Rect(x: x, y: top + 112 + Double(line) * 16, width: inner, height: 14),
                    font: Font(size: 10))
            }
        }
        return try canvas.finish(
            pages: (slips.count + Self.perPage - 1) / Self.perPage, margin: Self.margin,
            emptyNotice: words.tr("{office}: no PIN slips", ["office": office]))
    }
}
