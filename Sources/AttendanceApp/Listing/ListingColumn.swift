import AttendanceTerminal

/// One column of a listing, declared once for all three renderings.
///
/// A column with a `key` is a field of the JSON objects and a column of the CSV file (unless it
/// is nested); a column with a `header` is a column of the text table. Most columns have both;
/// a text-only column (a `SHIFT` made of two fields) has no key, a data-only one no header.
public struct ListingColumn<Row>: Sendable {
    /// The JSON key and CSV header, in snake_case; nil for a column only the text table shows.
    public let key: String?
    /// The text table's header; nil for a column the text table leaves out.
    public let header: String?
    public let alignment: TextTable.Alignment
    /// Whether CSV leaves this column out: nested lists and objects are JSON only.
    public let isNested: Bool
    public let value: @Sendable (Row) -> ListingValue
    public let cell: @Sendable (Row) -> String
}

extension ListingColumn {
    /// A field: `key` in JSON and CSV, and under `header` in the text table when one is given.
    /// The text cell is the CSV text unless `cell` says otherwise.
    public init(
        _ key: String, header: String? = nil, alignment: TextTable.Alignment = .left,
        cell: (@Sendable (Row) -> String)? = nil, value: @escaping @Sendable (Row) -> ListingValue
    ) {
        self.init(
            key: key, header: header, alignment: alignment, isNested: false, value: value,
            cell: cell ?? { value($0).csvText })
    }

    /// A column only the text table shows, made for people from several fields.
    public static func shown(
        _ header: String, alignment: TextTable.Alignment = .left, cell: @escaping @Sendable (Row) -> String
    )
        -> Self
    {
        Self(key: nil, header: header, alignment: alignment, isNested: false, value: { _ in .null }, cell: cell)
    }

    /// A nested list or object, in JSON only.
    public static func nested(_ key: String, value: @escaping @Sendable (Row) -> ListingValue) -> Self {
        Self(key: key, header: nil, alignment: .left, isNested: true, value: value, cell: { _ in "" })
    }

    /// The same column for rows that hold a `Row`: how shared columns (a punch's) are reused.
    public func reading<Outer>(_ part: @escaping @Sendable (Outer) -> Row) -> ListingColumn<Outer> {
        let (value, cell) = (self.value, self.cell)
        return ListingColumn<Outer>(
            key: key, header: header, alignment: alignment, isNested: isNested, value: { value(part($0)) },
            cell: { cell(part($0)) })
    }
}
