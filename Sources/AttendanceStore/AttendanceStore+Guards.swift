import GRDB

extension Schema {
    /// Every trigger that keeps history append-only or links it into the chain, as the
    /// migrations create them (docs/rules.md "History"). None is ever dropped by the program, so
    /// one that is missing was dropped outside it.
    static let guardTriggers: [String] =
        [
            "audit_log_no_update", "audit_log_no_delete", "punch_no_delete", "punch_no_rewrite", "punch_no_edit",
            "punch_origin_fixed", "punch_correction_no_update", "punch_correction_no_delete",
            "history_chain_no_update", "history_chain_no_delete",
        ] + chainedKinds.map { "\($0.kind)_chained" }
}

extension AttendanceStore {
    /// The names of the schema's guard triggers, in the order `missingGuardTriggers` checks them.
    public static var guardTriggers: [String] { Schema.guardTriggers }

    /// The guard triggers the store no longer has: an empty list when every one is in place.
    public func missingGuardTriggers() throws(StoreError) -> [String] {
        let present = try perform {
            try pool.read { db in
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'"))
            }
        }
        return Schema.guardTriggers.filter { !present.contains($0) }
    }
}
