import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceTerminal
import Foundation

/// A week's hours as the table and the files payroll takes: a row per employee with the hours of
/// each date and the week's total, as text, CSV and a workbook. The command line writes them to a
/// terminal or a file, the console sends them to a browser; both get the same bytes from here.
public enum WeekFiles {
    public typealias Row = (employee: Employee, hours: WeekHours)

    /// A row per employee: code, name, the hours of each date, the total. CSV writes hours as
    /// decimals for spreadsheets ("8.50"), the text table as people read them; a date's header is
    /// its weekday in `words`' language ("lun. 23"), its CSV and JSON key the ISO date.
    public static func listing(_ dates: [AttendanceDate], _ words: Speech) -> Listing<Row> {
        func hours(
            _ key: String, header: String, _ hundredths: @escaping @Sendable (WeekHours) -> Int
        )
            -> ListingColumn<Row>
        {
            .init(
                key, header: header, alignment: .right,
                cell: { words.decimal(WeekHours.hoursText(hundredths($0.hours))) }
            ) {
                .text(WeekHours.decimalText(hundredths($0.hours)))
            }
        }
        return Listing(
            [
                .init("code", header: ColumnHeader.ctr("column header", "CODE")) { .text($0.employee.code.rawValue) },
                .init(
                    "name", header: ColumnHeader.ctr("column header", "NAME"),
                    cell: { $0.employee.name.rawValue.truncated(toWidth: 24) }
                ) {
                    .text($0.employee.name.rawValue)
                },
            ]
                + dates.enumerated().map { index, date in
                    hours(date.description, header: words.shortWeekdayName(date.weekday) + " " + String(date.day)) {
                        $0.hundredthsByDay[index]
                    }
                } + [hours("total", header: ColumnHeader.ctr("column header", "TOTAL"), \.totalHundredths)]
                // For spreadsheets, the marked dates as the JSON has them: space-separated.
                + zip(["simulated_wifi_dates", "corrected_dates", "imported_dates"], [0, 1, 2]).map { key, index in
                    .init(key) { .text(marked($0.hours)[index].dates.map(\.description).joined(separator: " ")) }
                })
    }

    /// The week of `firstDay` as CSV: the same in every language.
    public static func csv(firstDay: AttendanceDate, rows: [Row]) -> String {
        listing(firstDay.dates(through: firstDay.adding(days: 6)), .english).csv(rows)
    }

    /// The week of `firstDay` as a workbook, its words in `words`' language.
    public static func workbook(firstDay: AttendanceDate, rows: [Row], office: String, words: Speech) -> WeekWorkbook {
        WeekWorkbook(firstDay: firstDay, rows: rows, office: office, words: words)
    }

    /// The dates whose punches were not all taken on a real link, as the register lists them
    /// (docs/rules.md "WiFi verification" 5): simulated WiFi, a manager's corrections, imports.
    public static func marked(
        _ hours: WeekHours, _ words: Speech = .english
    ) -> [(
        heading: String, dates: [AttendanceDate]
    )] {
        [
            (EvidenceHeading.simulated(words), hours.days.filter(\.hasSimulatedPunch).map(\.date)),
            (
                EvidenceHeading.corrected(words),
                hours.days.filter { $0.flags.contains(.corrected) }.map(\.date)
            ),
            (EvidenceHeading.imported(words), hours.days.filter(\.hasImportedPunch).map(\.date)),
        ]
    }
}
