import AttendanceDocuments
import AttendanceTerminal

/// Boxes instead of a name are not printed silently: the warning that says which names, and
/// which Debian package has their letters.
enum FontWarning {
    /// Says on standard error which of `unshaped` (texts drawn in the PDF at `path`) no installed
    /// font has the letters of, grouped by the package to install.
    static func say(_ unshaped: [String], in path: String, to context: Context) {
        let shown = path == "-" ? "the PDF" : path
        for (package, texts) in Dictionary(grouping: unshaped, by: fontPackage(for:)).sorted(by: { $0.key < $1.key }) {
            context.err.line(
                "attendance: warning: no installed font has the letters of "
                    + texts.map { $0.terminalSafe.quotedForMessage }.joined(separator: ", ")
                    + ", which show as boxes in \(shown): install \(package) (apt-get install \(package))")
        }
    }
}
