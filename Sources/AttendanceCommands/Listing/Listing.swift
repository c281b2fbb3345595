import AttendanceApp
import AttendanceTerminal

/// A listing whose columns are declared once: text, CSV and JSON are three renderings of the
/// same rows (docs/json.md describes the JSON conventions).
///
/// The text table and the CSV writer, with their sanitising and formula guard, are the
/// terminal's (`TextTable`, `CSV`); JSON goes through ``JSONOutput``.
struct Listing<Row>: Sendable {
    let columns: [ListingColumn<Row>]

    init(_ columns: [ListingColumn<Row>]) { self.columns = columns }

    /// Each row as a JSON object: every keyed column, a missing value as `null`.
    func object(_ row: Row) -> ListingValue {
        var fields: [String: ListingValue] = [:]
        for column in columns {
            if let key = column.key { fields[key] = column.value(row) }
        }
        return .object(fields)
    }

    /// The rows as a JSON array of objects.
    func json(_ rows: [Row]) throws -> String { try JSONOutput.render(ListingValue.list(rows.map(object))) }

    /// The rows as RFC 4180 CSV: a header of the keys, then every keyed column that is not nested.
    func csv(_ rows: [Row]) -> String {
        let shown = columns.filter { $0.key != nil && !$0.isNested }
        return CSV.render(
            header: shown.compactMap(\.key), rows: rows.map { row in shown.map { $0.value(row).csvText } })
    }

    /// The rows as a text table: every column with a header.
    func text(_ rows: [Row]) -> String {
        let shown = columns.filter { $0.header != nil }
        var table = TextTable(headers: shown.compactMap(\.header), alignments: shown.map(\.alignment))
        for row in rows { table.append(shown.map { $0.cell(row) }) }
        return table.render()
    }

    /// Writes the rows in `format`. An empty text listing is the sentence `empty` instead of a
    /// table; `footer`, when given, is a line after a non-empty table.
    func write(
        _ rows: [Row], as format: OutputFormat, to context: Context, empty: @autoclosure () -> String,
        footer: String? = nil
    ) throws {
        switch format {
        case .json: context.out.write(try json(rows))
        case .csv: context.out.write(csv(rows))
        case .text:
            guard !rows.isEmpty else { return context.out.line(empty()) }
            context.out.write(text(rows))
            if let footer { context.out.line(footer) }
        }
    }
}
