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
    /// The guard triggers the store no longer has: an empty list when every one is in place.
    public func missingGuardTriggers() throws(StoreError) -> [String] {
        let present = try triggers()
        return Schema.guardTriggers.filter { present[$0] == nil }
    }

    /// The triggers the store has that its migrations did not make, or made otherwise: added or
    /// rewritten outside this program. A trigger can make the program's own writes do anything,
    /// even link forged records into the history chain as if it had written them.
    public func foreignTriggers() throws(StoreError) -> [String] {
        let expected = try Self.schemaTriggers()
        return try triggers().filter { expected[$0.key] != $0.value }.keys.sorted()
    }

    /// Name → SQL of every trigger in the store.
    private func triggers() throws(StoreError) -> [String: String] {
        try perform { try pool.read(Self.triggers(in:)) }
    }

    /// Name → SQL of every trigger in `db`.
    private static func triggers(in db: Database) throws -> [String: String] {
        var found: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'") {
            found[row["name"]] = row["sql"]
        }
        return found
    }

    /// Name → SQL of every trigger the migrations make, read from a store made in memory.
    static func schemaTriggers() throws(StoreError) -> [String: String] {
        do {
            let reference = try DatabaseQueue(configuration: configuration(readOnly: false))
            try Schema.migrator.migrate(reference)
            return try reference.read(triggers(in:))
        } catch {
            throw .ioError("cannot make the schema's reference: \(error)")
        }
    }
}
