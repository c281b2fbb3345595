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
                issues.append(.init(line: row.line, problem: .unknownEmployee(code: row.code.rawValue)))
            }
            if row.instant > now {
                issues.append(
                    .init(
                        line: row.line,
                        problem: .inFuture(
                            time: PunchTimestamp.text(of: row.instant, zone: policy.zone),
                            now: policy.zone.minuteText(of: now))))
            }
        }
        // The rules are judged on the rows that could be read, even when others could not, so
        // that one refusal names every offending row (docs/rules.md "Punches" 8).
        let badLines = Set(issues.map(\.line))
        let readable = file.rows.filter { !badLines.contains($0.line) }
        var present = try existingKeys(for: file.rows, ids: ids, in: db)
        let ruleIssues = try ruleProblems(of: readable, ids: ids, present: present, policy: policy, now: now, in: db)
        guard issues.isEmpty, ruleIssues.isEmpty else {
            throw PunchFile.Refusal(
                issues: issues + ruleIssues, judgedWithoutBadRows: !issues.isEmpty && !ruleIssues.isEmpty)
        }
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

    /// docs/rules.md "Punches" 8: imported punches obey the rules a kiosk's do. For each employee,
    /// the new rows join the punches already stored around their dates, and every problem they
    /// would add — IN after IN, an OUT with no IN, the same kind twice within moments, sessions of
    /// two dates that cross, a date outside the employment — is named on the row's line. The check is the corrections' (`CorrectionCheck`): one rule book.
    private func ruleProblems(
        of rows: [PunchFile.Row], ids: [String: Int64], present: Set<PunchKey>, policy: Policy, now: Date,
        in db: Database
    ) throws -> [PunchFile.Issue] {
        var byEmployee: [Int64: [PunchFile.Row]] = [:]
        var seen = present
        for row in rows {
            guard let employeeID = ids[row.code.rawValue.lowercased()] else { continue }
            // Rows already stored, or repeated in the file, are skipped by the import: so here.
            let key = PunchKey(employeeID: employeeID, instant: row.instant.milliseconds, kind: row.kind)
            if seen.insert(key).inserted { byEmployee[employeeID, default: []].append(row) }
        }
        // Each with what orders it: its line, then its employee, then its rule.
        var issues: [(issue: PunchFile.Issue, order: String)] = []
        for (employeeID, rows) in byEmployee {
            guard let employee = try Self.employee(id: employeeID, in: db) else { continue }
            let rules = employee.policy(from: policy)
            // A new punch's id is minus its line: the check's messages then name the line.
            let punches = rows.map { row in
                Punch(
                    id: -Int64(row.line), employeeID: employeeID, instant: row.instant, zone: rules.zone.identifier,
                    attendanceDate: rules.attendanceDate(of: row.instant), kind: row.kind, source: .import,
                    createdAt: now)
            }
            for punch in punches where !employee.isEmployed(on: punch.attendanceDate) {
                let problem = FileProblem.notEmployed(
                    code: employee.code.rawValue, date: punch.attendanceDate, start: employee.startDate,
                    end: employee.endDate)
                issues.append((.init(line: Int(-punch.id), problem: problem), "\(employee.code) is not employed"))
            }
            let dates = Set(punches.map(\.attendanceDate))
            guard let first = dates.min(), let last = dates.max() else { continue }
            let stored = try Self.punches(
                in: db, employeeID: employeeID, from: first.adding(days: -1), through: last.adding(days: 1))
            let check = CorrectionCheck(policy: rules, now: now)
            let existing = Set(check.problems(in: stored, dates: dates))
            // Rules 1–4 and 7: the alternation (an IN twice within moments breaks it too) and
            // sessions that cross; how long a session is stays the manager's call, as at the kiosk.
            let ruled: Set<CorrectionProblem.Kind> = [.notAlternating, .outWithoutIn, .overlap]
            for problem in check.problems(in: stored + punches, dates: dates)
            where ruled.contains(problem.kind) && !existing.contains(problem) {
                let line = problem.ids.filter { $0 < 0 }.map { Int(-$0) }.max() ?? rows[0].line
                // A date's own problems ("on 2026-11-18, …") before sessions that cross dates.
                let rank = problem.kind == .overlap ? 1 : 0
                issues.append(
                    (
                        .init(line: line, problem: .brokenRule(code: employee.code.rawValue, problem)),
                        "\(employee.code): \(rank) \(problem.ids)"
                    ))
            }
        }
        return issues.sorted { ($0.issue.line, $0.order) < ($1.issue.line, $1.order) }.map(\.issue)
    }
}

/// What makes two punches the same for an import: employee, instant to the millisecond, kind.
private struct PunchKey: Hashable {
    let employeeID: Int64
    let instant: Int64
    let kind: PunchKind
}
