import ArgumentParser
import AttendanceApp
import AttendanceCore

/// How many days of backups `store backup --keep-days` keeps: a whole number from 1 (today's
/// backup alone) to ten years.
struct KeptDays: ExpressibleByArgument, Equatable {
    let count: Int

    init(parsing text: String) throws(CoreError) {
        guard let count = Int(text), (1...DailyBackups.mostDays).contains(count) else {
            throw .invalidValue(
                what: Phrase("number of days to keep"), value: text,
                expected: Phrase(
                    "a whole number from 1 to {most} (today's backup counts as one)",
                    ["most": "\(DailyBackups.mostDays)"]))
        }
        self.count = count
    }

    init?(argument: String) {
        guard let value = parsedArgument(argument, KeptDays.init(parsing:)) else { return nil }
        self = value
    }
}
