import AttendanceLanguage
import AttendanceTerminal

/// A listing whose columns are declared once: text, CSV and JSON are three renderings of the
/// same rows (docs/json.md describes the JSON conventions).
///
/// The text table and the CSV writer, with their sanitising and formula guard, are `TextTable`
/// and ``CSV``; the command line writes the JSON.
public struct Listing<Row>: Sendable {
    public let columns: [ListingColumn<Row>]

    public init(_ columns: [ListingColumn<Row>]) { self.columns = columns }

    /// Each row as a JSON object: every keyed column, a missing value as `null`.
    public func object(_ row: Row) -> ListingValue {
        var fields: [String: ListingValue] = [:]
        for column in columns {
            if let key = column.key { fields[key] = column.value(row) }
        }
        return .object(fields)
    }

    /// The rows as RFC 4180 CSV: a header of the keys, then every keyed column that is not nested.
    public func csv(_ rows: [Row]) -> String {
        let shown = columns.filter { $0.key != nil && !$0.isNested }
        return CSV.render(
            header: shown.compactMap(\.key), rows: rows.map { row in shown.map { $0.value(row).csvText } })
    }

    /// The rows as a text table: every column with a header, the headers in `words`' language
    /// (a header the catalog does not know, a status code or a leave type's name, as it is).
    public func text(_ rows: [Row], in words: Speech = .english) -> String {
        let shown = columns.filter { $0.header != nil }
        var table = TextTable(
            headers: shown.compactMap(\.header).map { words.ctr(ColumnHeader.context, $0) },
            alignments: shown.map(\.alignment))
        for row in rows { table.append(shown.map { $0.cell(row) }) }
        return table.render()
    }
}
