import GRDB

/// A query read with optional conditions: each is added, with its value for its `?`, only when
/// the value is given.
struct FilteredQuery {
    private(set) var sql: String
    private(set) var arguments: StatementArguments = []

    /// `sql` ends where conditions may follow (`… WHERE 1`).
    init(_ sql: String) { self.sql = sql }

    /// Adds ` AND condition` when `value` is not nil.
    mutating func and(_ condition: String, _ value: (any DatabaseValueConvertible)?) {
        guard let value else { return }
        sql += " AND " + condition
        arguments += [value]
    }
}
