import AttendanceCore
import AttendanceDocuments
import AttendanceTestSupport
import Foundation
import Testing

/// The PDF and the workbook of a register over a period, with departments and a sick leave, read
/// back by poppler and openpyxl.
@Suite("The register's documents: periods, leave types, departments")
struct RegisterDocumentsByPeriodTypeDepartmentTests {
    /// The PDF tests' office, W001 and W003 in Sales, and W004 on sick leave today.
    static func office() throws -> Sandbox {
        let s = try RegisterPDFTests.office()
        for code in ["W001", "W003"] {
            let edited = try s.run("employee", "edit", code, "--department", "Sales")
            #expect(edited.status == 0, "\(edited.err)")
        }
        let leave = try s.run("leave", "add", "W004", ScenarioClock.day(), "--type", "sick", "--reason", "flu")
        #expect(leave.status == 0, "\(leave.err)")
        return s
    }

    static let period = ["--from", ScenarioClock.day(-9), "--to", ScenarioClock.day()]

    /// The register of ``period`` as `format`, written to a file in the office's folder: its path.
    static func written(_ format: String, _ s: Sandbox) throws -> String {
        let path = s.folder + "/register." + format
        let written = try Executable.run(
            ["register"] + period + ["--format", format, "--output", path], environment: s.environment)
        #expect(written.status == 0, "\(written.err)")
        return path
    }

    @Test("the PDF is headed by the period, shows each department's subtotal and explains SL")
    func pdf() throws {
        // The office's folder, and the file in it, last as long as it does.
        let s = try Self.office()
        let path = try Self.written("pdf", s)
        let text = try runReader("/usr/bin/pdftotext", ["-layout", path, "-"]).outputText
        for expected in [
            "attendance register, \(ScenarioClock.day(-9)) – \(ScenarioClock.day())", "Subtotal: Sales",
            "Subtotal: no department", "SL: sick leave (LV).",
        ] {
            #expect(text.contains(expected), "\(expected) in:\n\(text)")
        }
        // Sales (W001, W003) comes first, each department's employees before its subtotal.
        let order = ["W001", "W003", "Subtotal: Sales", "W002", "W004", "Subtotal: no department"].map {
            text.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! }, "\(text)")
        // SL has its own figure beside LV.
        #expect(text.contains(/LV +SL +M +Hours +Late +Early/), "\(text)")
    }

    @Test("the workbook: SL in the sick colour, the subtotal rows, and the period in the legend")
    func workbook() throws {
        // The office's folder, and the file in it, last as long as it does.
        let s = try Self.office()
        let path = try Self.written("xlsx", s)
        let facts = try RegisterWorkbookTests.facts(path)
        let grid = RegisterWorkbookTests.cells(facts, "Register")
        // Rows: the header, W001, W003, Sales' subtotal, W002, W004, the rest's subtotal; today is the tenth date.
        #expect(
            (2...7).map { grid["A\($0)"]?["value"] as? String } == [
                "W001", "W003", "Subtotal", "W002", "W004", "Subtotal",
            ])
        #expect(grid["B4"]?["value"] as? String == "Sales")
        let today = RegisterWorkbookTests.column(2 + 9)
        #expect(grid["\(today)6"]?["value"] as? String == "SL")
        #expect(
            grid["\(today)6"]?["fill"] as? String
                == RegisterWorkbookTests.argb(StatusColour.fill(.leave, leave: LeaveType.sick)))
        #expect(grid["\(today)5"]?["value"] as? String == "LV")
        // After the ten dates, SL has its own figure beside LV, of which it is a part.
        let figures = (0..<10).map { RegisterWorkbookTests.column(2 + 10 + $0) }
        #expect(
            figures.map { grid["\($0)1"]?["value"] as? String }
                == ["Days", "L", "HD", "A", "LV", "SL", "M", "Hours", "Late", "Early"])
        let (lv, sl) = (figures[4], figures[5])
        // W002's annual leave and W004's sick leave, then the subtotal of both.
        #expect([5, 6, 7].map { grid["\(lv)\($0)"]?["value"] as? Double } == [1, 1, 2])
        #expect([5, 6, 7].map { grid["\(sl)\($0)"]?["value"] as? Double } == [0, 1, 1])
        let legend = RegisterWorkbookTests.cells(facts, "Legend").values.compactMap { $0["value"] as? String }
        #expect(legend.contains("Period") && legend.contains("\(ScenarioClock.day(-9)) – \(ScenarioClock.day())"))
        #expect(legend.contains("sick leave (counts as LV)"))
    }
}
