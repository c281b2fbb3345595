import AttendanceApp

extension Listing {
    /// The rows as a JSON array of objects.
    func json(_ rows: [Row]) throws -> String { try JSONOutput.render(ListingValue.list(rows.map(object))) }

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
            context.out.write(text(rows, in: context.words))
            if let footer { context.out.line(footer) }
        }
    }
}
