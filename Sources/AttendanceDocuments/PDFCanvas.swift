import CDocumentLibraries
import Foundation

/// A PDF being drawn: one cairo PDF surface and its context, with text laid out by Pango. Every
/// cairo and Pango call of the program is in this file.
///
/// Sizes are in points (1/72 inch), the origin at the page's top left. The file is written beside
/// `path` under a temporary name and renamed over it only once cairo has finished it without
/// error, so a failure leaves no partial file.
final class PDFCanvas {
    private let path: String
    private let file: PartialFile
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    private var finished = false
    /// Texts with characters that no installed font has, in the order drawn, each once.
    private(set) var unshaped: [String] = []

    /// Pango's fixed-point unit (`PANGO_SCALE`), which Swift does not see as a macro value.
    private static let pangoScale = 1024.0

    init(path: String, width: Double, height: Double) throws(DocumentError) {
        self.path = path
        if let missing = attendance_pangocairo_load() {
            throw .unwritable(path, reason: "cairo and Pango could not be loaded: " + String(cString: missing))
        }
        file = try PartialFile(path: path)
        guard let surface = cairo_pdf_surface_create(file.temporary, width, height) else {
            file.discard()
            throw .unwritable(path, reason: "cairo could not start a PDF there")
        }
        self.surface = surface
        cairo = cairo_create(surface)
    }

    deinit {
        for (layout, _) in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for case let description? in fonts.values { pango_font_description_free(description) }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        if !finished { file.discard() }
    }

    /// Sets the document's title and author, as PDF readers and `pdfinfo` show them.
    func describe(title: String, creator: String) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
    }

    /// Ends the current page and starts the next.
    func nextPage() { cairo_show_page(cairo) }

    /// Fills `rect` with `colour`.
    func fill(_ rect: Rect, _ colour: Colour) {
        set(colour)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cairo)
    }

    /// Draws the outline of `rect`, `lineWidth` points wide.
    func stroke(_ rect: Rect, _ colour: Colour, lineWidth: Double = 0.4) {
        set(colour)
        cairo_set_line_width(cairo, lineWidth)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_stroke(cairo)
    }

    /// A line from `from` to `to`.
    func line(from: (x: Double, y: Double), to: (x: Double, y: Double), _ colour: Colour, lineWidth: Double = 0.4) {
        set(colour)
        cairo_set_line_width(cairo, lineWidth)
        cairo_move_to(cairo, from.x, from.y)
        cairo_line_to(cairo, to.x, to.y)
        cairo_stroke(cairo)
    }

    /// Writes `text` on one line inside `rect`, vertically centred, cut with "…" at the end when
    /// it is wider (Pango shapes every script; right-to-left names read right to left).
    func text(
        _ text: String, in rect: Rect, font: Font, colour: Colour = .black, alignment: Alignment = .leading
    ) {
        // Status codes and figures, tens of thousands on a register, are plain ASCII that needs
        // no shaping: cairo writes them itself, far faster than a Pango layout each.
        if text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
            let width = asciiWidth(text, font: font), width <= rect.width
        {
            let x: Double
            switch alignment {
            case .leading: x = rect.x
            case .centre: x = rect.x + (rect.width - width) / 2
            case .trailing: x = rect.x + rect.width - width
            }
            set(colour)
            cairo_move_to(cairo, x, rect.y + rect.height / 2 + font.size * 0.36)
            cairo_show_text(cairo, text)
            return
        }
        // A short text recurs too: each is shaped once and its layout drawn again wherever it recurs.
        let key = LayoutKey(text: text, font: font.pangoName, width: Int(rect.width * 100), alignment: alignment)
        let laid: (layout: OpaquePointer, height: Double)
        if let kept = layouts[key] {
            laid = kept
        } else {
            guard let made = layout(text, width: rect.width, font: font, alignment: alignment) else { return }
            laid = made
            if text.unicodeScalars.count <= 12 {
                layouts[key] = made
            } else {
                defer { g_object_unref(UnsafeMutableRawPointer(made.layout)) }
                draw(made, in: rect, colour: colour)
                return
            }
        }
        draw(laid, in: rect, colour: colour)
    }

    private func draw(_ laid: (layout: OpaquePointer, height: Double), in rect: Rect, colour: Colour) {
        set(colour)
        cairo_move_to(cairo, rect.x, rect.y + (rect.height - laid.height) / 2)
        pango_cairo_show_layout(cairo, laid.layout)
    }

    /// How wide `text` is on one line in `font`, uncut: for what is laid out after it (a
    /// legend's items, whose words are longer in some languages).
    func width(of text: String, font: Font) -> Double {
        guard let layout = unboundedLayout(text, font: font) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Double(width)
    }

    /// A Pango layout of `text` in `font`, on a PDF's scale, as wide as it takes.
    private func unboundedLayout(_ text: String, font: Font) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cairo) else { return nil }
        // Pango's cairo context assumes a 96 dpi screen; on a PDF a point is a point.
        pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
        pango_layout_context_changed(layout)
        let description = fonts[font.pangoName] ?? pango_font_description_from_string(font.pangoName)
        fonts[font.pangoName] = description
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// `text` shaped in `font`, `width` points wide at most, and its height.
    private func layout(
        _ text: String, width: Double, font: Font, alignment: Alignment
    ) -> (layout: OpaquePointer, height: Double)? {
        guard let layout = unboundedLayout(text, font: font) else { return nil }
        pango_layout_set_width(layout, Int32(width * Self.pangoScale))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_single_paragraph_mode(layout, 1)
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .centre: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        // A glyph no installed font has is drawn as a box: the text is kept to be named.
        if pango_layout_get_unknown_glyphs_count(layout) > 0, !unshaped.contains(text) { unshaped.append(text) }
        var inkWidth: Int32 = 0
        var lineHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &lineHeight)
        return (layout, Double(lineHeight))
    }

    /// Selects `font` for cairo's own text and returns the width of `text` in it.
    private func asciiWidth(_ text: String, font: Font) -> Double? {
        if selectedFont != font.pangoName {
            cairo_select_font_face(
                cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cairo, font.size)
            selectedFont = font.pangoName
        }
        let key = font.pangoName + "\u{0}" + text
        if let width = asciiWidths[key] { return width }
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        asciiWidths[key] = extents.x_advance
        return extents.x_advance
    }

    private var selectedFont: String?
    private var asciiWidths: [String: Double] = [:]

    private struct LayoutKey: Hashable {
        let text: String
        let font: String
        let width: Int
        let alignment: Alignment
    }

    private var layouts: [LayoutKey: (layout: OpaquePointer, height: Double)] = [:]
    private var fonts: [String: OpaquePointer?] = [:]

    /// Finishes the file and puts it at its path.
    func finish() throws(DocumentError) {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path, reason: String(cString: cairo_status_to_string(status)))
        }
        try file.commit()
        finished = true
    }

    /// Finishes a document of `pages` pages; with none, its one page says `emptyNotice` at the
    /// top left, `margin` in: a document always has a page, saying why there is nothing on it.
    func finish(
        pages: Int, margin: Double, emptyNotice: @autoclosure () -> String
    ) throws(DocumentError) -> RegisterPDF.Written {
        if pages == 0 {
            text(
                emptyNotice(), in: Rect(x: margin, y: margin, width: 400, height: 16), font: Font(size: 12, bold: true))
        }
        try finish()
        return RegisterPDF.Written(pages: max(1, pages), unshaped: unshaped)
    }

    private func set(_ colour: Colour) { cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue) }

    /// Where text sits in its box.
    enum Alignment { case leading, centre, trailing }
}

/// A rectangle on the page, in points from the top left.
struct Rect: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

/// A typeface and size, as fontconfig finds it: "Sans" falls back through every installed font
/// for the scripts a name is written in.
struct Font {
    var size: Double
    var bold = false

    var pangoName: String { "Sans \(bold ? "Bold " : "")\(size)" }
}

/// An RGB colour, each part from 0 to 1.
public struct Colour: Sendable, Equatable {
    public let red: Double
    public let green: Double
    public let blue: Double

    /// `0xRRGGBB`.
    public init(_ hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }

    /// The colour as 8-bit parts, as a rendered page holds it.
    public var bytes: (UInt8, UInt8, UInt8) {
        (UInt8((red * 255).rounded()), UInt8((green * 255).rounded()), UInt8((blue * 255).rounded()))
    }

    /// The colour as `0xRRGGBB`, as a spreadsheet's cell fill takes it.
    public var rgb: UInt32 {
        let (r, g, b) = bytes
        return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    static let black = Colour(0x000000)
    static let grid = Colour(0x9E9E9E)
    static let shade = Colour(0xEEEEEE)
    static let faint = Colour(0x616161)
}

/// Why a document could not be written.
public enum DocumentError: Error, Sendable, CustomStringConvertible {
    case unwritable(String, reason: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "cannot write \(path): \(reason); nothing was written there"
        }
    }
}
