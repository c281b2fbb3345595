import AttendanceCore
import Foundation
import GRDB

/// What an import added.
public struct PunchImportSummary: Sendable, Hashable {
    /// Rows in the file.
    public let rows: Int
    /// Punches stored.
    public let added: Int
    /// Rows already in the store (or twice in the file): same employee, instant and kind.
    public let alreadyPresent: Int

    public init(rows: Int, added: Int, alreadyPresent: Int) {
        self.rows = rows
        self.added = added
        self.alreadyPresent = alreadyPresent
    }
}

extension AttendanceStore {
    /// Imports the rows of `file` with `source = import`, all in one IMMEDIATE transaction, or
    /// nothing at all.
    ///
    /// Every row is checked first: the file's own problems, codes that name no employee, and
    /// times in the future are reported together, line by line. A row whose employee, instant
    /// (to the millisecond) and kind are already stored, voided or not, is skipped, so importing
    /// the same file again adds nothing. The audit log gets one row for the import.
    ///
    /// - Parameter name: the file's name, for the audit log.
    /// - Throws: `PunchFile.Refusal` naming every bad line; `StoreError` when the store fails.
    @discardableResult
    public func importPunches(
        _ file: PunchFile, named name: String, actor: String, policy: Policy, now: Date
    )
        throws -> PunchImportSummary
    {
        try performRefusable {
            try pool.writeWithoutTransaction { db in
                var summary: PunchImportSummary?
                try db.inTransaction(.immediate) {
                    summary = try importPunches(file, named: name, actor: actor, policy: policy, now: now, in: db)
                    return .commit
                }
                guard let summary else { throw StoreError.ioError("the import was not committed") }
                return summary
            }
        }
    }

    private func importPunches(
        _ file: PunchFile, named name: String, actor: String, policy: Policy, now: Date, in db: Database
    ) throws -> PunchImportSummary {
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, code FROM employee") {
            ids[(row["code"] as String).lowercased()] = row["id"]
        }
        var issues = file.issues
        for row in file.rows {
            if ids[row.code.rawValue.lowercased()] == nil {
                issues.append(
                    .init(line: row.line, message: "no employee has code \(row.code.rawValue.quotedForMessage)"))
            }
            if row.instant > now {
                issues.append(
                    .init(
                        line: row.line,
                        message: "\(PunchTimestamp.text(of: row.instant, zone: policy.zone)) is in the future "
                            + "(it is now \(policy.zone.minuteText(of: now)))"))
            }
        }
        guard issues.isEmpty else { throw PunchFile.Refusal(issues: issues) }

        var present = try existingKeys(for: file.rows, ids: ids, in: db)
        let created = clock().milliseconds
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, note, entered_by,
                    created_at_ms)
                VALUES (?, ?, ?, ?, ?, 'import', ?, ?, ?)
                """)
        var added = 0
        for row in file.rows {
            guard let employeeID = ids[row.code.rawValue.lowercased()] else { continue }
            let key = PunchKey(employeeID: employeeID, instant: row.instant.milliseconds, kind: row.kind)
            guard present.insert(key).inserted else { continue }
            try insert.execute(arguments: [
                employeeID, key.instant, policy.zone.identifier,
                policy.attendanceDate(of: Date(milliseconds: key.instant)).description, row.kind.rawValue, row.note,
                actor, created,
            ])
            added += 1
        }
        let summary = PunchImportSummary(rows: file.rows.count, added: added, alreadyPresent: file.rows.count - added)
        try audit(
            db, actor: actor, action: "import", entity: "punches", key: name,
            new: auditJSON([
                "file": name, "rows": summary.rows, "added": added, "already_present": summary.alreadyPresent,
            ]))
        return summary
    }

    /// The punches already stored for the employees and time span of `rows`.
    private func existingKeys(for rows: [PunchFile.Row], ids: [String: Int64], in db: Database) throws -> Set<PunchKey>
    {
        guard let first = rows.map(\.instant).min(), let last = rows.map(\.instant).max() else { return [] }
        let employees = Set(rows.compactMap { ids[$0.code.rawValue.lowercased()] })
        var keys = Set<PunchKey>()
        let cursor = try Row.fetchCursor(
            db, sql: "SELECT employee_id, instant_ms, kind FROM punch WHERE instant_ms BETWEEN ? AND ?",
            arguments: [first.milliseconds, last.milliseconds])
        while let row = try cursor.next() {
            let employeeID: Int64 = row[0]
            guard employees.contains(employeeID), let kind = PunchKind(rawValue: row[2]) else { continue }
            keys.insert(PunchKey(employeeID: employeeID, instant: row[1], kind: kind))
        }
        return keys
    }
}

/// What makes two punches the same for an import: employee, instant to the millisecond, kind.
private struct PunchKey: Hashable {
    let employeeID: Int64
    let instant: Int64
    let kind: PunchKind
}
