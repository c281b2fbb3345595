/// A listing's column header: declared once, in English, with its columns, and put in the
/// reader's language only where the text table is drawn (`Listing.text(_:in:)`); CSV and JSON
/// keys are never translated.
///
/// `ctr` is gettext's `N_`: it returns the header as given, and is named as the catalog keyword
/// so that `make po` extracts the header, under the context the table looks it up in.
public enum ColumnHeader {
    /// The catalog context of every column header ("DAY" the column, not another "DAY").
    public static let context = "column header"

    /// `header` unchanged; marks it for the catalog under `context` (always ``ColumnHeader/context``).
    public static func ctr(_ context: String, _ header: String) -> String { header }
}
