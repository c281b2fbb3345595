import AttendanceCore
import AttendanceStore
import Foundation

/// A folder of backups, one a day, named by the date (`attendance-2026-11-29.sqlite`), of which
/// the newest days are kept: what the backup timer runs (`store backup --into FOLDER --keep-days N`).
public enum DailyBackups {
    /// What one day's run did, for the front-end to word.
    public struct Outcome: Sendable, Equatable {
        /// The day's backup.
        public let file: String
        /// False when the day's file was there already (kept as it was, never overwritten).
        public let written: Bool
        /// The older backups removed, oldest first.
        public let removed: [String]
    }

    /// The most days that may be kept: ten years.
    public static let mostDays = 3_650

    /// The file name of the backup of `date`.
    public static func fileName(for date: AttendanceDate) -> String { "attendance-\(date).sqlite" }

    /// The date in a backup's file name; nil for any other file, which is never touched.
    public static func date(ofFileName name: String) -> AttendanceDate? {
        guard name.hasPrefix("attendance-"), name.hasSuffix(".sqlite"), name.count == "attendance-".count + 17
        else { return nil }
        let text = String(name.dropFirst("attendance-".count).dropLast(".sqlite".count))
        guard let date = try? AttendanceDate(parsing: text), date.description == text else { return nil }
        return date
    }

    /// Backs `store` up into `folder` as `today`'s file, unless it is there already; then, when
    /// `keepDays` is given, removes the backups of dates before the last `keepDays` days. Nothing is
    /// removed when the backup fails, so a failing disk never costs the backups already made.
    public static func run(
        into folder: String, today: AttendanceDate, keepDays: Int?, store: AttendanceStore
    ) throws -> Outcome {
        let file = (folder as NSString).appendingPathComponent(fileName(for: today))
        let exists = FileManager.default.fileExists(atPath: file)
        if !exists { try store.backup(to: file) }
        guard let keepDays else { return Outcome(file: file, written: !exists, removed: []) }
        let oldestKept = today.adding(days: 1 - keepDays)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var removed: [String] = []
        let dated = names.compactMap { name in Self.date(ofFileName: name).map { (name: name, date: $0) } }
        for (name, date) in dated.sorted(by: { $0.date < $1.date }) where date < oldestKept {
            let path = (folder as NSString).appendingPathComponent(name)
            guard unlink(path) == 0 else {
                throw StoreError.backupFailed(
                    "cannot remove the old backup \(path): \(String(cString: strerror(errno))); today's backup "
                        + "\(file) is in place")
            }
            removed.append(path)
        }
        return Outcome(file: file, written: !exists, removed: removed)
    }
}
