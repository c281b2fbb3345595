import AttendanceCore
import CDocumentLibraries
import Foundation

/// A spreadsheet being written: one libxlsxwriter workbook. Every libxlsxwriter call of the
/// program is in this file.
///
/// Each sheet's rows are written top to bottom: the workbook runs in libxlsxwriter's
/// constant-memory mode, which writes a row out as soon as the next one starts, so a register of
/// 10,000 employees holds one row in memory, not the sheet. The file is written beside `path`
/// under a temporary name and renamed over it only once libxlsxwriter has finished it without
/// error, so a failure leaves no partial file.
final class Workbook {
    private let path: String
    private let file: PartialFile
    private let workbook: OpaquePointer
    private var formats: [CellStyle: OpaquePointer] = [:]
    /// The first cell that could not be written, with libxlsxwriter's reason.
    fileprivate var firstError: String?
    private var closed = false

    init(path: String, title: String) throws(DocumentError) {
        self.path = path
        if let missing = attendance_xlsxwriter_load() {
            throw .unwritable(path, reason: "libxlsxwriter could not be loaded: " + String(cString: missing))
        }
        file = try PartialFile(path: path)
        var options = lxw_workbook_options()
        options.constant_memory = UInt8(LXW_TRUE.rawValue)
        guard let workbook = workbook_new_opt(file.temporary, &options) else {
            file.discard()
            throw .unwritable(path, reason: "libxlsxwriter could not start a workbook there")
        }
        self.workbook = workbook
        // libxlsxwriter copies the properties' texts.
        Self.cellText(title).withCString { title in
            "attendance".withCString { author in
                var properties = lxw_doc_properties()
                properties.title = UnsafeMutablePointer(mutating: title)
                properties.author = UnsafeMutablePointer(mutating: author)
                workbook_set_properties(workbook, &properties)
            }
        }
    }

    deinit {
        if !closed {
            lxw_workbook_free(workbook)
            file.discard()
        }
    }

    /// A new sheet at the end, named `name` (at most 31 characters, none of `[]:*?/\`).
    func addSheet(_ name: String) -> Sheet {
        Sheet(workbook: self, pointer: workbook_add_worksheet(workbook, name))
    }

    /// A date format (`d ddd`) whose month and weekday names a spreadsheet program writes in
    /// `language`: Excel's locale prefix (`[$-40C]` French, `[$-C0A]` Spanish), which LibreOffice
    /// reads too. English keeps the plain format, as the program's own locale shows it.
    static func dateFormat(_ format: String, in language: Language) -> String {
        switch language {
        case .french: "[$-40C]" + format
        case .spanish: "[$-C0A]" + format
        default: format
        }
    }

    /// libxlsxwriter's format for `style`, made once per workbook.
    fileprivate func format(_ style: CellStyle) -> OpaquePointer? {
        guard style != .plain else { return nil }
        if let kept = formats[style] { return kept }
        guard let format = workbook_add_format(workbook) else { return nil }
        if let fill = style.fill {
            format_set_pattern(format, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color(format, fill)
        }
        if let numberFormat = style.numberFormat { format_set_num_format(format, numberFormat) }
        if style.bold { format_set_bold(format) }
        if style.centred { format_set_align(format, UInt8(LXW_ALIGN_CENTER.rawValue)) }
        if style.bordered { format_set_border(format, UInt8(LXW_BORDER_THIN.rawValue)) }
        formats[style] = format
        return format
    }

    fileprivate func noteError(_ error: lxw_error, at row: Int, _ column: Int) {
        guard error != LXW_NO_ERROR, firstError == nil else { return }
        firstError = "cell \(row + 1):\(column + 1): " + String(cString: lxw_strerror(error))
    }

    /// Writes the file and puts it at its path.
    func finish() throws(DocumentError) {
        closed = true
        let (error, said) = Self.catchingStandardError { workbook_close(workbook) }
        guard error == LXW_NO_ERROR else {
            file.discard()
            throw .unwritable(path, reason: Self.systemReason(in: said) ?? String(cString: lxw_strerror(error)))
        }
        if let firstError {
            file.discard()
            throw .unwritable(path, reason: firstError)
        }
        try file.commit()
    }

    /// Runs `body` with standard error caught: libxlsxwriter prints its own "[ERROR]" lines there,
    /// which would stand beside the command's one clear line. The process is single-threaded
    /// while a document is written, so nothing else's errors are caught.
    private static func catchingStandardError<Result>(_ body: () -> Result) -> (Result, String) {
        fflush(nil)
        guard let capture = tmpfile() else { return (body(), "") }
        defer { fclose(capture) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(fileno(capture), STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            return (body(), "")
        }
        let result = body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        rewind(capture)
        var said: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, capture)
            guard count > 0 else { break }
            said += buffer[..<count]
        }
        return (result, String(decoding: said, as: UTF8.self))
    }

    /// "No space left on device", from libxlsxwriter's "… System error = No space left on device".
    static func systemReason(in said: String) -> String? {
        guard let range = said.range(of: "System error = ") else { return nil }
        let reason = said[range.upperBound...].prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? nil : reason
    }

    /// `text` as a cell may hold it: control characters (which XML cannot carry) become U+FFFD,
    /// and a text longer than a cell's 32,767 characters is cut with "…".
    static func cellText(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control = (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
            scalars.append(control ? "\u{FFFD}" : scalar)
        }
        let cleaned = String(scalars)
        return cleaned.utf16.count > 32_000 ? String(cleaned.prefix(30_000)) + "…" : cleaned
    }
}

/// One sheet of a ``Workbook``: rows written in order, top to bottom.
struct Sheet {
    fileprivate let workbook: Workbook
    fileprivate let pointer: OpaquePointer?

    /// Writes `value` at `row`, `column` (both from 0) in `style`.
    func write(_ value: CellValue, row: Int, column: Int, style: CellStyle = .plain) {
        guard let pointer else { return }
        let (r, c) = (lxw_row_t(row), lxw_col_t(column))
        let format = workbook.format(style)
        let error: lxw_error
        switch value {
        case .text(let text): error = worksheet_write_string(pointer, r, c, Workbook.cellText(text), format)
        case .number(let number): error = worksheet_write_number(pointer, r, c, number, format)
        case .date(let date):
            var moment = lxw_datetime(
                year: Int32(date.year), month: Int32(date.month), day: Int32(date.day), hour: 0, min: 0, sec: 0)
            error = worksheet_write_datetime(pointer, r, c, &moment, format)
        case .dateTime(let local):
            var moment = lxw_datetime(
                year: Int32(local.date.year), month: Int32(local.date.month), day: Int32(local.date.day),
                hour: Int32(local.minuteOfDay / 60), min: Int32(local.minuteOfDay % 60), sec: Double(local.second))
            error = worksheet_write_datetime(pointer, r, c, &moment, format)
        case .blank: error = worksheet_write_blank(pointer, r, c, format)
        }
        workbook.noteError(error, at: row, column)
    }

    /// Keeps the first `rows` rows and `columns` columns in view while the rest scrolls.
    func freeze(rows: Int, columns: Int) {
        guard let pointer else { return }
        worksheet_freeze_panes(pointer, lxw_row_t(rows), lxw_col_t(columns))
    }

    /// Puts filter buttons on the first of `rows`, over `columns`.
    func autofilter(rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        guard let pointer else { return }
        let error = worksheet_autofilter(
            pointer, lxw_row_t(rows.lowerBound), lxw_col_t(columns.lowerBound), lxw_row_t(rows.upperBound),
            lxw_col_t(columns.upperBound))
        workbook.noteError(error, at: rows.lowerBound, columns.lowerBound)
    }

    /// Sets the width of `columns`, in characters.
    func setWidth(_ width: Double, columns: ClosedRange<Int>) {
        guard let pointer else { return }
        worksheet_set_column(pointer, lxw_col_t(columns.lowerBound), lxw_col_t(columns.upperBound), width, nil)
    }
}

/// What a cell holds.
enum CellValue {
    case text(String)
    case number(Double)
    /// A date, as a spreadsheet's date (a day number shown through the style's number format).
    case date(AttendanceDate)
    /// A local date and time, likewise.
    case dateTime(LocalDateTime)
    case blank
}

/// How a cell looks: its fill, number format, weight, alignment and border.
struct CellStyle: Hashable {
    /// `0xRRGGBB`, a solid fill.
    var fill: UInt32?
    /// Excel's format code: `0.00`, `yyyy-mm-dd`, `hh:mm`.
    var numberFormat: String?
    var bold = false
    var centred = false
    var bordered = false

    static let plain = CellStyle()
}
