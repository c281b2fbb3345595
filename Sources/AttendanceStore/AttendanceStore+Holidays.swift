import AttendanceCore
import Foundation
import GRDB

/// What an import of holidays did: added, already there, or kept as stored.
public struct HolidayImport: Sendable, Hashable {
    /// A date of the import that is already a holiday under another name, which is kept.
    public struct Conflict: Sendable, Hashable {
        public let holiday: Holiday
        /// The name stored for the date.
        public let existingName: String
    }

    /// Newly added.
    public var added: [Holiday] = []
    /// Already stored with the same name: nothing to do (importing the same file twice adds nothing).
    public var unchanged: [Holiday] = []
    /// Already holidays under another name; the stored name is kept.
    public var conflicting: [Conflict] = []
}

extension AttendanceStore {
    // MARK: - Reading

    /// The holidays of `year` (every year when nil), in date order.
    public func holidays(year: Int? = nil) throws(StoreError) -> [Holiday] {
        guard let year else { return try holidays(from: nil, through: nil) }
        guard let first = AttendanceDate(year: year, month: 1, day: 1),
            let last = AttendanceDate(year: year, month: 12, day: 31)
        else { return [] }
        return try holidays(from: first, through: last)
    }

    /// Holiday names by date, from `first` through `last`: what the status rules take.
    public func holidayNames(
        from first: AttendanceDate, through last: AttendanceDate
    ) throws(StoreError)
        -> [AttendanceDate: String]
    {
        var names: [AttendanceDate: String] = [:]
        for holiday in try holidays(from: first, through: last) { names[holiday.date] = holiday.name }
        return names
    }

    private func holidays(from first: AttendanceDate?, through last: AttendanceDate?) throws(StoreError) -> [Holiday] {
        try perform {
            try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT date, name FROM holiday WHERE date >= ? AND date <= ? ORDER BY date",
                    arguments: [first?.description ?? "0000", last?.description ?? "9999-99-99"]
                ).compactMap { row in try row.date("date", of: "holiday").map { Holiday(stored: $0, name: row["name"]) }
                }
            }
        }
    }

    // MARK: - Writing

    /// Adds `holiday`; a date that already is a holiday is refused, naming it.
    public func addHoliday(_ holiday: Holiday, actor: String) throws(StoreError) {
        try addHolidays([holiday], actor: actor)
    }

    /// Adds `holidays` (a closure of several dates) in one transaction: if any date already is a
    /// holiday, nothing is added and that date is named.
    public func addHolidays(_ holidays: [Holiday], actor: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                for holiday in holidays {
                    if let existing = try Self.holidayName(on: holiday.date, in: db) {
                        throw StoreError.duplicateHoliday(holiday.date, name: existing)
                    }
                    try insert(holiday, action: "add", actor: actor, reason: nil, in: db)
                }
            }
        }
    }

    /// Removes the holiday on `date` and returns it.
    @discardableResult
    public func removeHoliday(on date: AttendanceDate, actor: String) throws(StoreError) -> Holiday {
        guard let removed = try removeHolidays(from: date, through: date, actor: actor).first else {
            throw .unknownHoliday(date)
        }
        return removed
    }

    /// Removes every holiday from `first` through `last` and returns them; a range with none is
    /// refused.
    @discardableResult
    public func removeHolidays(
        from first: AttendanceDate, through last: AttendanceDate, actor: String
    ) throws(StoreError) -> [Holiday] {
        try perform {
            try pool.write { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT date, name FROM holiday WHERE date BETWEEN ? AND ? ORDER BY date",
                    arguments: [first.description, last.description])
                guard !rows.isEmpty else {
                    throw first == last ? StoreError.unknownHoliday(first) : StoreError.noHolidays(first, last)
                }
                var removed: [Holiday] = []
                for row in rows {
                    let (date, name): (String, String) = (row[0], row[1])
                    try db.execute(sql: "DELETE FROM holiday WHERE date = ?", arguments: [date])
                    try audit(
                        db, actor: actor, action: "remove", entity: "holiday", key: date,
                        old: auditJSON(["date": date, "name": name]))
                    removed.append(Holiday(stored: try AttendanceDate(parsing: date), name: name))
                }
                return removed
            }
        }
    }

    /// Adds the holidays of an imported calendar in one transaction: dates not yet in the list
    /// are added (and audited with `source`, e.g. the file's name); a date already there is left
    /// as it is, so importing the same file twice adds nothing the second time.
    public func importHolidays(
        _ holidays: [Holiday], source: String, actor: String
    ) throws(StoreError)
        -> HolidayImport
    {
        try perform {
            try pool.write { db in
                var result = HolidayImport()
                for holiday in holidays {
                    if let existing = try Self.holidayName(on: holiday.date, in: db) {
                        if existing == holiday.name {
                            result.unchanged.append(holiday)
                        } else {
                            result.conflicting.append(HolidayImport.Conflict(holiday: holiday, existingName: existing))
                        }
                        continue
                    }
                    try insert(holiday, action: "import", actor: actor, reason: "imported from \(source)", in: db)
                    result.added.append(holiday)
                }
                return result
            }
        }
    }

    private func insert(_ holiday: Holiday, action: String, actor: String, reason: String?, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO holiday (date, name, created_at_ms) VALUES (?, ?, ?)",
            arguments: [holiday.date.description, holiday.name, clock().milliseconds])
        try audit(
            db, actor: actor, action: action, entity: "holiday", key: holiday.date.description,
            new: auditJSON(["date": holiday.date.description, "name": holiday.name]), reason: reason)
    }

    static func holidayName(on date: AttendanceDate, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT name FROM holiday WHERE date = ?", arguments: [date.description])
    }
}
