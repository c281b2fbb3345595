import AttendanceCore
import AttendanceSync
import Foundation
import GRDB

/// What re-joining the central store did for a store restored from an older copy of itself.
public struct RejoinReport: Sendable, Equatable {
    /// Punches, corrections and audit entries the lost copy had sent, which came back.
    public var cameBack: Int
    /// Records made here since the copy came back whose numbers the lost copy had used: they go
    /// up under new ones.
    public var renumbered: Int
    /// How many links of this store's chain the centre holds as they are here; the centre goes
    /// on from the last of them.
    public var sharedLinks: Int64
}

extension AttendanceStore {
    /// Whether the centre's last link of this store's chain is not this store's: the centre holds
    /// more of it than this store has, or another link at that number. Then this store is an
    /// older copy of itself (restored from a backup), or its history was changed.
    public func diverges(fromCentreHead head: (seq: Int64, hashHex: String)) throws(StoreError) -> Bool {
        try perform {
            try pool.read { db in
                guard
                    let hash = try Data.fetchOne(
                        db, sql: "SELECT hash FROM history_chain WHERE seq = ?", arguments: [head.seq])
                else { return true }
                return [UInt8](hash).hexText != head.hashHex
            }
        }
    }

    /// Re-joins the central store as `node` after this store was restored from an older copy:
    /// `lost` is what the centre holds of this store's own records past its push marks, and
    /// `centreLinks` its links from the last one this store knows it sent (its push mark).
    ///
    /// In one transaction: every lost record that is not here as it was sent comes back, under
    /// its origin; a record made here since whose number the lost copy had used keeps its id here
    /// and goes up under a new number (`origin_alias`), past every number the centre holds; the
    /// store's numbering goes on past those; and the audit log says what happened.
    ///
    /// Returns nil, changing nothing, when the centre's links up to the push mark are not this
    /// store's: that is not an older copy but a changed history, which re-joining must not cover.
    public func rejoin(
        lost: SyncBatch, centreLinks: [(seq: Int64, hashHex: String)], node: String
    ) throws(StoreError) -> RejoinReport? {
        try perform {
            try pool.write { db -> RejoinReport? in
                let cursors = try Self.cursors(in: db)
                let mark = cursors.pushedLink ?? 0
                var shared: Int64 = mark
                for link in centreLinks.sorted(by: { $0.seq < $1.seq }) where link.seq >= mark {
                    let hash = try Data.fetchOne(
                        db, sql: "SELECT hash FROM history_chain WHERE seq = ?", arguments: [link.seq])
                    let same = hash.map { [UInt8]($0).hexText == link.hashHex } ?? false
                    if link.seq == mark {
                        guard same else { return nil }
                        continue
                    }
                    // A gap is a link the centre never held (a desk sends none for records it
                    // pulled): nothing there to differ from.
                    guard same else { break }
                    shared = link.seq
                }
                if mark > 0, !centreLinks.contains(where: { $0.seq == mark }) { return nil }

                var report = RejoinReport(cameBack: 0, renumbered: 0, sharedLinks: shared)
                var back = SyncBatch()
                for kind in RestoredKind.allCases {
                    let records = kind.records(in: lost)
                    var next = max(
                        try Int64.fetchOne(
                            db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [kind.table])
                            ?? 0, records.map(\.originID).max() ?? 0)
                    for record in records {
                        if let here = try kind.ownKey(id: record.originID, in: db) {
                            if here == record.key { continue }
                            next += 1
                            try db.execute(
                                sql: "INSERT INTO origin_alias (kind, local_id, origin_id) VALUES (?, ?, ?)",
                                arguments: [kind.table, record.originID, next])
                            report.renumbered += 1
                        }
                        let present = try Bool.fetchOne(
                            db,
                            sql: "SELECT EXISTS (SELECT 1 FROM \(kind.table) WHERE origin_node = ? AND origin_id = ?)",
                            arguments: [node, record.originID])
                        if present != true { report.cameBack += 1 }
                        kind.take(record.index, of: lost, into: &back)
                    }
                    try Self.insertHistory(of: back, from: { $0 == node }, node: node, at: clock().milliseconds, in: db)
                    back = SyncBatch()
                    // Numbers made here from now on pass every number the centre holds and every new one given.
                    try db.execute(
                        sql: """
                            UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?
                            """, arguments: [next, kind.table])
                }
                try audit(
                    db, actor: "attendance", action: "rejoin", entity: "store", key: node,
                    new: try auditJSON([
                        "came_back": String(report.cameBack), "renumbered": String(report.renumbered),
                        "shared_links": String(shared),
                    ]),
                    reason:
                        "this store was restored from an older copy: \(report.cameBack) record(s) the lost copy had "
                        + "sent came back from the central store, and \(report.renumbered) made here since went up "
                        + "under new numbers")
                return report
            }
        }
    }

    /// The kinds of record a restored store may have lost, and how one is recognised as the
    /// same record: by what the centre compares when a record comes again.
    private enum RestoredKind: CaseIterable {
        case punch, correction, audit

        var table: String {
            switch self {
            case .punch: "punch"
            case .correction: "punch_correction"
            case .audit: "audit_log"
            }
        }

        /// Each record of this kind in `batch`: its position, its number, and what identifies it.
        func records(in batch: SyncBatch) -> [(index: Int, originID: Int64, key: [String])] {
            switch self {
            case .punch:
                batch.punches.enumerated().map { index, punch in
                    (
                        index, punch.originID,
                        [
                            punch.employeeCode.lowercased(), String(punch.instantMs), punch.kind, punch.attendanceDate,
                            punch.source,
                        ]
                    )
                }
            case .correction:
                batch.corrections.enumerated().map { index, correction in
                    (
                        index, correction.originID,
                        [
                            correction.action, String(correction.atMs), correction.punchDate,
                            String(correction.newInstantMs ?? -1),
                        ]
                    )
                }
            case .audit:
                batch.audit.enumerated().map { index, entry in
                    (index, entry.originID, [String(entry.atMs), entry.action, entry.entity, entry.entityKey])
                }
            }
        }

        /// What identifies this store's own record with id `id`, nil when it has none under that
        /// number (none at all, one from elsewhere, or one already given another number).
        func ownKey(id: Int64, in db: Database) throws -> [String]? {
            let sql: String
            switch self {
            case .punch:
                sql = """
                    SELECT lower(e.code), p.instant_ms, p.kind, p.attendance_date, p.source
                    FROM punch p JOIN employee e ON e.id = p.employee_id WHERE p.id = ? AND p.origin_node IS NULL
                    """
            case .correction:
                sql = """
                    SELECT action, at_ms, punch_date, coalesce(new_instant_ms, -1) FROM punch_correction
                    WHERE id = ? AND origin_node IS NULL
                    """
            case .audit:
                sql = "SELECT at_ms, action, entity, entity_key FROM audit_log WHERE id = ? AND origin_node IS NULL"
            }
            let aliased = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM origin_alias WHERE kind = ? AND local_id = ?)",
                arguments: [table, id])
            guard aliased != true, let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return nil }
            return row.databaseValues.map { value in
                switch value.storage {
                case .int64(let number): String(number)
                case .string(let text): text
                case .double(let number): String(number)
                default: ""
                }
            }
        }

        /// Adds record `index` of `batch` to `into`.
        func take(_ index: Int, of batch: SyncBatch, into: inout SyncBatch) {
            switch self {
            case .punch: into.punches.append(batch.punches[index])
            case .correction: into.corrections.append(batch.corrections[index])
            case .audit: into.audit.append(batch.audit[index])
            }
        }
    }
}
