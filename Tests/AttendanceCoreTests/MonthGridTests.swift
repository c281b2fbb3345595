import Foundation
import Testing

@testable import AttendanceCore

/// The month laid out in weeks, checked by hand and against `ncal`.
@Suite("Month grid")
struct MonthGridTests {
    /// Day numbers of the grid's rows, blank cells as 0.
    static func rows(_ grid: MonthGrid) -> [[Int]] { grid.weeks.map { $0.map { $0?.day ?? 0 } } }

    @Test("March 2026 with Monday first")
    func mondayFirst() throws {
        let grid = MonthGrid(month: try #require(YearMonth(year: 2026, month: 3)), weekStarts: .monday)
        #expect(grid.weekdays == Weekday.mondayFirst)
        #expect(
            Self.rows(grid) == [
                [0, 0, 0, 0, 0, 0, 1], [2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15],
                [16, 17, 18, 19, 20, 21, 22],
                [23, 24, 25, 26, 27, 28, 29], [30, 31, 0, 0, 0, 0, 0],
            ])
        #expect(grid.position(of: Fixture.date("2026-03-01"))! == (0, 6))
        #expect(grid.position(of: Fixture.date("2026-03-31"))! == (5, 1))
        #expect(grid.position(of: Fixture.date("2026-04-01")) == nil)
    }

    @Test("March 2026 with Sunday first")
    func sundayFirst() throws {
        let grid = MonthGrid(month: try #require(YearMonth(year: 2026, month: 3)), weekStarts: .sunday)
        #expect(grid.weekdays.map(\.rawValue) == ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
        #expect(
            Self.rows(grid) == [
                [1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14], [15, 16, 17, 18, 19, 20, 21],
                [22, 23, 24, 25, 26, 27, 28], [29, 30, 31, 0, 0, 0, 0],
            ])
        #expect(grid.position(of: Fixture.date("2026-03-29"))! == (4, 0))
    }

    @Test("February 2021 starting on a Monday fills exactly four weeks")
    func fourWeeks() throws {
        let grid = MonthGrid(month: try #require(YearMonth(year: 2021, month: 2)))
        #expect(grid.weeks.count == 4)
        #expect(grid.weeks.allSatisfy { $0.allSatisfy { $0 != nil } })
    }

    // MARK: - Against ncal

    /// What `ncal -b -h` prints for `month`: the weekday header and the rows of day numbers.
    static func ncal(_ month: YearMonth, mondayFirst: Bool) throws -> (header: [String], rows: [[Int]]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ncal")
        process.arguments = ["-b", mondayFirst ? "-M" : "-S", "-h", "-m", String(month.month), String(month.year)]
        process.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Line 0 is the title, line 1 the weekdays; then one line per week, padded with blank lines.
        let header = lines[1].split(separator: " ").map(String.init)
        let rows = lines.dropFirst(2).filter { !$0.allSatisfy(\.isWhitespace) }.map { line in
            let chars = Array(line)
            return (0..<7).map { column -> Int in
                let start = column * 3
                guard start < chars.count else { return 0 }
                let cell = String(chars[start..<min(start + 2, chars.count)]).trimmingCharacters(in: .whitespaces)
                return Int(cell) ?? 0
            }
        }
        return (header, rows)
    }

    @Test("every month of 2000–2040 is laid out as ncal lays it out", arguments: 2000...2040)
    func agreesWithNcal(year: Int) throws {
        for number in 1...12 {
            let month = try #require(YearMonth(year: year, month: number))
            for weekStarts in [Weekday.monday, .sunday] {
                let grid = MonthGrid(month: month, weekStarts: weekStarts)
                let printed = try Self.ncal(month, mondayFirst: weekStarts == .monday)
                #expect(Self.rows(grid) == printed.rows, "\(month) \(weekStarts)")
                #expect(
                    grid.weekdays.map { String($0.shortName.prefix(2)) } == printed.header, "\(month) \(weekStarts)")
            }
        }
    }
}
